// Benchmark (bench_big_launch): 16,777,216 work-items, one float each, and two 64 MiB
// buffers. The debugger must stay bounded on it: every snapshot shares the pages a step did
// not change (bench/README.md, "Big launches").

__kernel void big_launch(__global const float *in, __global float *out)
{
    const size_t i = get_global_id(0);
    const float v = in[i] * 2.0f;
    out[i] = v + 1.0f;
}
