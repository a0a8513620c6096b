// Some work-items return before the barrier the others wait at.
// expect: barrier-divergence line 10
__kernel void early_return(__global const int *in, __global int *out)
{
    __local int t[8];
    int lid = get_local_id(0);
    if (lid >= 6)
        return;
    t[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = t[(lid + 1) % 6];
}
