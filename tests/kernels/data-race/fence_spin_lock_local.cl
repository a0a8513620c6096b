// fence_spin_lock on __local memory: the two work-items of each work-group take a
// __local atomic_flag with relaxed test-and-set and work-group scope fences naming
// CLK_LOCAL_MEM_FENCE, and increment a __local counter: no race (the CTS atomic_flag
// sub-test's __local variants).
// args: --cl-std CL2.0
// expect-none
__kernel void fence_spin_lock_local(__global int *out)
{
    __local atomic_flag lock;
    __local int counter;
    if (get_local_id(0) == 0) {
        atomic_flag_clear_explicit(&lock, memory_order_relaxed, memory_scope_work_group);
        counter = 0;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    while (atomic_flag_test_and_set_explicit(&lock, memory_order_relaxed, memory_scope_work_group))
        ;
    atomic_work_item_fence(CLK_LOCAL_MEM_FENCE, memory_order_acquire, memory_scope_work_group);
    counter = counter + 1;
    atomic_work_item_fence(CLK_LOCAL_MEM_FENCE, memory_order_release, memory_scope_work_group);
    atomic_flag_clear_explicit(&lock, memory_order_relaxed, memory_scope_work_group);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0)
        out[get_group_id(0)] = counter;
}
// EXACT Argument 'out': 8 bytes
// EXACT   out[0] = 2
// EXACT   out[1] = 2
