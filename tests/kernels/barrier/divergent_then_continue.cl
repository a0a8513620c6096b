// After a barrier divergence is reported, every work-item still runs to its end, as
// Oclgrind does: the work-items that skipped the barrier and those that waited at it all
// write their results, so the buffer holds what a device ignoring the divergence leaves.
// expect: barrier-divergence line 10
__kernel void divergent_then_continue(__global int *out)
{
    int lid = get_local_id(0);
    out[get_global_id(0)] = 100 + lid;
    if (lid < 2)
        barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] += 1000;
}
// EXACT Argument 'out': 16 bytes
// EXACT   out[0] = 1100
// EXACT   out[1] = 1101
// EXACT   out[2] = 1102
// EXACT   out[3] = 1103
