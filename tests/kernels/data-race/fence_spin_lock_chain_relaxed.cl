// fence_spin_lock with memory_order_relaxed fences: they order nothing (C11 7.17.4), so the
// critical sections' plain accesses of the counter race.
// args: --cl-std CL2.0
// expect: data-race global line 14,14 hazard RAW
// expect: data-race global line 14,14 hazard WAW
// expect: data-race global line 14,14 hazard WAR
__global atomic_flag lock = ATOMIC_FLAG_INIT;

__kernel void fence_spin_lock_chain_relaxed(__global int *counter)
{
    while (atomic_flag_test_and_set_explicit(&lock, memory_order_relaxed, memory_scope_device))
        ;
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_relaxed, memory_scope_device);
    counter[0] = counter[0] + 1;
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_relaxed, memory_scope_device);
    atomic_flag_clear_explicit(&lock, memory_order_relaxed, memory_scope_device);
}
// EXACT Argument 'counter': 4 bytes
// EXACT   counter[0] = 16
