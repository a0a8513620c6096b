// One verdict per pair of source sites across work-groups run on two threads: only the last
// work-item of group 1 stores another value into the __local t, yet every occurrence of the
// pair of lines 18 and 19, in groups 0 and 2 too, is a data race; no benign race remains.
// args: --threads 2
// expect: data-race local line 19,18 hazard RAW race read-write severity error count 9
// expect: data-race local line 18,19 hazard WAR race read-write severity error count 15
// expect: data-race local line 19,19 hazard WAW race write-write severity error count 1
__kernel void site_pair_verdict_groups(__global int *out) {
    __local int t;
    int lid = get_local_id(0);
    int last = get_local_size(0) - 1;
    int changes = get_group_id(0) == 1 && lid == last;
    int v;
    if (lid == 0)
        t = 7;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = 0;
    v = t;
    t = changes ? v + 1 : v;
}
