// Negative control: a global counter only updated with atomics, from several
// work-groups (atomics do not race with atomics).
// expect-none
__kernel void atomic_counter_global(__global int *counter)
{
    atomic_inc(&counter[0]);
}
// EXACT Argument 'counter': 4 bytes
// EXACT   counter[0] = 64
