// memory_scope_work_group atomics on __global memory do not order work-items of different
// work-groups (OpenCL C 2.0 6.13.11.5): the two groups' increments race. The report shows
// the order and scope of both accesses.
// args: --cl-std CL2.0
// expect: data-race global line 10,10 mincount 1
__kernel void c11_atomics_scope(__global atomic_int *counter)
{
    atomic_fetch_add_explicit(counter, 1, memory_order_relaxed, memory_scope_device);
    // A work-group scope is too narrow for a counter shared by every group.
    atomic_fetch_add_explicit(counter + 1, 1, memory_order_relaxed, memory_scope_work_group);
}
// EXACT Argument 'counter': 8 bytes
// EXACT   counter[0] = 4
// EXACT   counter[1] = 4
