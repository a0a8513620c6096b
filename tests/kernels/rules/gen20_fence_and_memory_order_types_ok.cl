// cl-std: CL2.0
// Legal: cl_mem_fence_flags, memory_order and memory_scope are type names (OpenCL C 2.0
// 6.12.8, 6.13.11), and get_fence takes any pointer that converts to a generic one (6.13.9).
cl_mem_fence_flags fenceOf(const int *p) { return get_fence(p); }
void store(volatile global atomic_int *a, int v, memory_order order, memory_scope scope) {
    atomic_store_explicit(a, v, order, scope);
}
kernel void k(global int *g, local int *l, volatile global atomic_int *a) {
    int mine = 0;
    cl_mem_fence_flags f = fenceOf(g) | fenceOf(l) | fenceOf(&mine) | get_fence(g);
    store(a, (int)f, memory_order_relaxed, memory_scope_device);
    work_group_barrier(fenceOf(l));
}
