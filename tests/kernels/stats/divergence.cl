// Divergence of `if (lid % 2)` with sub-groups of 32, 2 work-groups of 64 work-items
// (so 4 sub-group executions of each statement).
// Worked out by hand:
// * line 19, the if: every sub-group evaluates it once with 16 lanes true and 16 false:
//   4 branches, 4 splits; all 32 lanes execute the if statement itself: 0 masked.
// * line 20, then-branch: executed by the 16 odd lanes, 16 masked, 4 times -> 64 masked.
// * line 22, else-branch: the 16 even lanes, 16 masked, 4 times -> 64 masked.
// * line 23, after reconvergence: all lanes, 0 masked.
// * line 24, if (lid < 64) is true for every lane: 4 branches, 0 splits.
// divergence: line 19 branches 4 splits 4 masked 0
// divergence: line 20 splits 0 masked 64
// divergence: line 22 splits 0 masked 64
// divergence: line 23 splits 0 masked 0
// divergence: line 24 branches 4 splits 0 masked 0
__kernel void divergence(__global int *out)
{
    int lid = get_local_id(0);
    int v = 0;
    if (lid % 2)
        v = 1;
    else
        v = 2;
    out[get_global_id(0)] = v;
    if (lid < 64) out[get_global_id(0)] += 1;
}
