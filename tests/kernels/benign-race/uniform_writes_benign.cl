// With --uniform-writes a write-write race storing the same bytes is shown, as a benign
// race (a warning), beside a write-write race of different values (an error).
// args: --uniform-writes
// expect: benign-race global line 8,8 hazard WAW race write-write severity warning value 2a000000 count 3
// expect: data-race global line 9,9 hazard WAW race write-write severity error count 3
__kernel void uniform_writes_benign(__global int *same, __global int *different) {
    int lid = get_local_id(0);
    same[0] = 42;
    different[0] = lid;
}
// EXACT Argument 'same': 4 bytes
// EXACT   same[0] = 42
