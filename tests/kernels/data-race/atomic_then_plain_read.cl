// A plain read of a location other work-items update atomically in the same
// interval races with their atomic writes: with the later ones (WAR) and with the earlier
// ones (RAW), as Oclgrind reports both.
// expect: data-race global line 9,10 hazard WAR
// expect: data-race global line 9,10 hazard RAW
__kernel void atomic_then_plain_read(__global int *sum, __global int *out)
{
    int gid = get_global_id(0);
    atomic_add(&sum[0], gid);
    out[gid] = sum[0];
}
