// A spin lock of atomic_flag_test_and_set with memory_order_acquire and atomic_flag_clear
// with memory_order_release, no fences. Sixteen
// work-items in four work-groups increment a plain counter in the critical section, each
// ordered after the previous holder's accesses only, so the order is followed link by link
// (a later holder's write forgets the accesses ordered before it): no race.
// args: --cl-std CL2.0
// expect-none
__global atomic_flag lock = ATOMIC_FLAG_INIT;

__kernel void release_sequence_spin_lock(__global int *counter)
{
    while (atomic_flag_test_and_set_explicit(&lock, memory_order_acquire, memory_scope_device))
        ;
    counter[0] = counter[0] + 1;
    atomic_flag_clear_explicit(&lock, memory_order_release, memory_scope_device);
}
// EXACT Argument 'counter': 4 bytes
// EXACT   counter[0] = 16
