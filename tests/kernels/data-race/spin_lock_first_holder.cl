// A spin lock of atomic_int (an acquire compare-exchange takes it, a release store gives it
// back), memory_scope_device, 5,120 work-items in five work-groups of 1,024: in the critical
// section each work-item counts itself in a plain counter and reads what the first holder
// wrote, so the last holders are ordered after the first one only through a chain of 5,000
// hand-offs (each one a new release sequence): no race.
// args: --cl-std CL2.0
// expect-none
__kernel void spin_lock_first_holder(__global atomic_int *lock, __global int *counter,
                                     __global int *first, __global int *seen)
{
    int gid = get_global_id(0);
    int expected = 0;
    while (!atomic_compare_exchange_strong_explicit(lock, &expected, 1, memory_order_acquire,
                                                    memory_order_relaxed, memory_scope_device))
        expected = 0;
    int n = counter[0];
    if (n == 0)
        first[0] = gid + 1;
    else
        seen[0] += first[0];
    counter[0] = n + 1;
    atomic_store_explicit(lock, 0, memory_order_release, memory_scope_device);
}
// EXACT Argument 'counter': 4 bytes
// EXACT   counter[0] = 5120
// EXACT Argument 'seen': 4 bytes
// EXACT   seen[0] = 5119
