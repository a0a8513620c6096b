// A plain read of a location other work-items update atomically in the same
// interval races with their atomic writes.
// expect: data-race global line 7,8 hazard WAR
__kernel void atomic_then_plain_read(__global int *sum, __global int *out)
{
    int gid = get_global_id(0);
    atomic_add(&sum[0], gid);
    out[gid] = sum[0];
}
