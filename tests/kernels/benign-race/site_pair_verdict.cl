// One verdict per pair of source sites: every work-item writes back the value it read from
// a[0], except the last, which stores another value. The pair of sites (lines 16 and 17)
// changed a value once, so every occurrence of it is a data race, those that stored the
// value already there included; no benign race is reported for it. The pair on c[0]
// (lines 18 and 19) never changes a value: it stays a benign race.
// expect: data-race global line 17,16 hazard RAW race read-write severity error count 3
// expect: data-race global line 16,17 hazard WAR race read-write severity error count 5
// expect: data-race global line 17,17 hazard WAW race write-write severity error count 1
// expect: benign-race global line 19,18 hazard RAW race read-write severity warning value 05000000 count 3
// expect: benign-race global line 18,19 hazard WAR race read-write severity warning value 05000000 count 5
__kernel void site_pair_verdict(__global int *a, __global int *c) {
    int lid = get_local_id(0);
    int last = get_local_size(0) - 1;
    int v;
    int u;
    v = a[0];
    a[0] = lid == last ? v + 1 : v;
    u = c[0];
    c[0] = u;
}
// EXACT Argument 'a': 4 bytes
// EXACT   a[0] = 8
