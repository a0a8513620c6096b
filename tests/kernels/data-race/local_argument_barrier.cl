// Negative control: the same exchange through a __local argument with a barrier.
// expect-none
__kernel void local_argument_barrier(__global int *out, __local int *scratch)
{
    int lid = get_local_id(0);
    scratch[lid] = lid * 10;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = scratch[(lid + 7) % 8];
}
