// A kernel that reports an uninitialized read (a warning) before a data race (an error), for
// the debug adapter's exception filters, one per diagnostic kind.
__kernel void kinds(__global int *out)
{
    __local int shared;
    int never;
    int lid = get_local_id(0);
    if (lid == 0) out[0] = never;
    shared = lid;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[lid + 1] = shared;
}
