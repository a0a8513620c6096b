// Two write-write races, one per line; the suppressions file silences the first only.
// args: --suppressions two_races_one_suppressed.supp
// expect: data-race global line 8,8 hazard WAW race write-write count 1
__kernel void two_races(__global int *a, __global int *b)
{
    int v = get_local_id(0) + 1;
    a[0] = v;
    b[0] = v;
}
// EXACT Argument 'a': 4 bytes
// EXACT   a[0] = 2
// EXACT Argument 'b': 4 bytes
// EXACT   b[0] = 2
