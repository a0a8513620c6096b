// Neighbour exchange through __local memory without a barrier: each work-item
// reads the element its neighbour writes, in the same barrier interval.
// expect: data-race local line 10,11 hazard WAR
// expect: data-race local line 10,11 hazard RAW
// expect: uninitialized-read local line 11
__kernel void local_exchange_no_barrier(__global const int *in, __global int *out)
{
    __local int tmp[8];
    int lid = get_local_id(0);
    tmp[lid] = in[get_global_id(0)];
    out[get_global_id(0)] = tmp[(lid + 1) % 8];
}
