// The Khronos CTS test_c11_atomics atomic_flag pattern: a spin lock of relaxed
// atomic_flag_test_and_set / atomic_flag_clear, ordered by an acquire fence after taking the
// lock and a release fence before releasing it (C11 7.17.4: the fences make the relaxed
// clear a release and the relaxed test-and-set that reads it an acquire). Two work-groups
// of one work-item each increment a plain counter in the critical section: no race.
// args: --cl-std CL2.0
// expect-none
__global atomic_flag lock = ATOMIC_FLAG_INIT;

__kernel void fence_spin_lock(__global int *counter)
{
    while (atomic_flag_test_and_set_explicit(&lock, memory_order_relaxed, memory_scope_device))
        ;
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire, memory_scope_device);
    counter[0] = counter[0] + 1;
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_device);
    atomic_flag_clear_explicit(&lock, memory_order_relaxed, memory_scope_device);
}
// EXACT Argument 'counter': 4 bytes
// EXACT   counter[0] = 2
