// fence_spin_lock_chain, but work-item 9 also reads the counter before taking the lock: that
// read races with work-item 8's write in the critical section (the holders' accesses are
// ordered with each other; work-item 9's read is ordered before the later holders' writes by
// its own release of the lock).
// args: --cl-std CL2.0
// expect: data-race global line 16,12 hazard RAW
__global atomic_flag lock = ATOMIC_FLAG_INIT;

__kernel void fence_spin_lock_chain_rogue(__global int *counter, __global int *seen)
{
    if (get_global_id(0) == 9)
        seen[0] = counter[0];
    while (atomic_flag_test_and_set_explicit(&lock, memory_order_relaxed, memory_scope_device))
        ;
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire, memory_scope_device);
    counter[0] = counter[0] + 1;
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_device);
    atomic_flag_clear_explicit(&lock, memory_order_relaxed, memory_scope_device);
}
// EXACT Argument 'counter': 4 bytes
// EXACT   counter[0] = 16
// EXACT Argument 'seen': 4 bytes
// EXACT   seen[0] = 9
