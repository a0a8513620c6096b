// Benchmark: vector addition, 1M work-items (one element each), local size 256.
// Every 65536th work-item also copies its result into a 16-element probe buffer,
// which is the only argument dumped.

__kernel void vecadd(__global const float *a,
                     __global const float *b,
                     __global float *c,
                     __global float *probe)
{
    const size_t i = get_global_id(0);
    const float v = a[i] + b[i];
    c[i] = v;
    if ((i & 0xFFFF) == 0)
        probe[i >> 16] = v;
}
