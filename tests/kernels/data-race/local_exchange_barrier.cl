// Negative control: the same exchange with barrier(CLK_LOCAL_MEM_FENCE) between
// the write and the read is race-free.
// expect-none
__kernel void local_exchange_barrier(__global const int *in, __global int *out)
{
    __local int tmp[8];
    int lid = get_local_id(0);
    tmp[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tmp[(lid + 1) % 8];
}
