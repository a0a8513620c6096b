// Negative control: every work-item tries atomic_cmpxchg on a __local word; only one
// compare succeeds per round, and the failed ones only read, so the winner's plain read of
// the word in the same interval does not race with them (Oclgrind's
// atomic_cmpxchg_false_race).
// expect-none
__kernel void atomic_cmpxchg_local_false_race(__global int *data, __local int *scratch)
{
    int l = get_local_id(0);
    if (l == 0)
        scratch[0] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    bool done = false;
    int before, old = -1;
    int result = -1;
    for (int i = 0; i < get_local_size(0); i++) {
        barrier(CLK_LOCAL_MEM_FENCE);
        before = scratch[0];
        barrier(CLK_LOCAL_MEM_FENCE);
        if (!done)
            old = atomic_cmpxchg(scratch, before, before + 1);
        if (old == before) {
            done = true;
            result = scratch[0];
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l == 0)
        *data = *scratch;
    data[l + 1] = result;
}
// EXACT Argument 'data': 20 bytes
// EXACT   data[0] = 4
// EXACT   data[1] = 1
// EXACT   data[2] = 2
// EXACT   data[3] = 3
// EXACT   data[4] = 4
