// Both benign forms beside a value-changing race. Every work-item writes back the value it
// read from a[0]; odd work-items store 0 over the 0 that even ones read from zero[0]; and
// every work-item increments b[0], which changes its value: still a data race.
// expect: benign-race global line 13,12 hazard RAW race read-write severity warning value 07000000 count 3
// expect: benign-race global line 12,13 hazard WAR race read-write severity warning value 07000000 count 5
// expect: benign-race global line 18,16 hazard WAR race read-write severity warning value 00000000 count 3
// expect: benign-race global line 16,18 hazard RAW race read-write severity warning value 00000000 count 1
// expect: data-race global line 19,19 hazard RAW race read-write severity error count 3
// expect: data-race global line 19,19 hazard WAR race read-write severity error count 5
// expect: data-race global line 19,19 hazard WAW race write-write severity error count 3
__kernel void benign_forms(__global int *a, __global int *zero, __global int *b, __global int *out) {
    int v = a[0];
    a[0] = v;
    int lid = get_local_id(0);
    if (lid % 2)
        zero[0] = 0;
    else
        out[lid] = zero[0];
    b[0] = b[0] + 1;
}
// EXACT Argument 'b': 4 bytes
// EXACT   b[0] = 4
