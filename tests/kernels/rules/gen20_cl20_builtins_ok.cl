// cl-std: CL2.0
// The same OpenCL C 2.0 built-in functions are declared from OpenCL C 2.0 on.
kernel void k(global int *g) {
    int x = g[0];
    g[1] = ctz(x);
    g[2] = (int)get_global_linear_id();
    g[3] = (int)get_local_linear_id();
    g[4] = (int)get_enqueued_local_size(0);
    work_group_barrier(CLK_GLOBAL_MEM_FENCE);
    g[5] = work_group_reduce_add(x);
    g[6] = work_group_scan_inclusive_max(x);
    g[7] = work_group_broadcast(x, 0);
    g[8] = work_group_all(x) + work_group_any(x);
    g[9] = popcount(x) + clz(x);
}
