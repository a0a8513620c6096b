// Negative control: atomic_add and atomic_max from four work-groups on two counters.
// expect-none
__kernel void atomics_across_groups(__global int *stats)
{
    int gid = get_global_id(0);
    atomic_add(&stats[0], gid);
    atomic_max(&stats[1], gid);
}
// EXACT Argument 'stats': 8 bytes
// EXACT   stats[0] = 2016
// EXACT   stats[1] = 63
