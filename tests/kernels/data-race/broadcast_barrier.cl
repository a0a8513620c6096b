// Negative control: work-item 0 writes a value to __local memory, a barrier, then
// every work-item reads it (a broadcast).
// expect-none
__kernel void broadcast_barrier(__global const float *in, __global float *out)
{
    __local float scale;
    if (get_local_id(0) == 0)
        scale = in[get_group_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = scale * 2.0f;
}
