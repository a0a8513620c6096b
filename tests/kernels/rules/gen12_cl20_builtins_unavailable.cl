// The OpenCL C 2.0 built-in functions do not exist in OpenCL C 1.2: ctz (2.0 6.13.3), the
// linear ids and get_enqueued_local_size (6.13.1), work_group_barrier (6.13.8) and the
// work-group functions (6.13.15). clang -cl-std=CL1.2 reports each as undeclared.
kernel void k(global int *g) {
    int x = g[0];
    g[1] = ctz(x); // expect-error: undeclared-function
    g[2] = (int)get_global_linear_id(); // expect-error: undeclared-function
    g[3] = (int)get_local_linear_id(); // expect-error: undeclared-function
    g[4] = (int)get_enqueued_local_size(0); // expect-error: undeclared-function
    work_group_barrier(CLK_GLOBAL_MEM_FENCE); // expect-error: undeclared-function
    g[5] = work_group_reduce_add(x); // expect-error: undeclared-function
    g[6] = work_group_scan_inclusive_max(x); // expect-error: undeclared-function
    g[7] = work_group_broadcast(x, 0); // expect-error: undeclared-function
    g[8] = work_group_all(x); // expect-error: undeclared-function
    g[9] = work_group_any(x); // expect-error: undeclared-function
    g[10] = popcount(x) + clz(x); // 1.2 built-ins stay
}
