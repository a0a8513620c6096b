// Negative control: every __local element is written before the barrier.
// expect-none
__kernel void local_written_then_read(__global const float *in, __global float *out)
{
    __local float t[16];
    int lid = get_local_id(0);
    t[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = t[15 - lid];
}
