// spin_lock_first_holder, but the last work-item also writes the first holder's value before
// it takes the lock: that write is not ordered after the first holder's write nor after the
// earlier holders' reads, 5,000 hand-offs before: races. (The last work-item: after a race
// the buffer's records no longer stand for every access, and later holders' reads would be
// reported too; docs/diagnostics.md "Data races".)
// args: --cl-std CL2.0
// expect: data-race global line 20,13 hazard WAW count 1
// expect: data-race global line 22,13 hazard WAR count 2
__kernel void spin_lock_write_outside(__global atomic_int *lock, __global int *counter,
                                      __global int *first, __global int *seen)
{
    int gid = get_global_id(0);
    if (gid == 5119) first[0] = 7;
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
// EXACT   seen[0] = 5125
