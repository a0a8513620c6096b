// The Khronos CTS test_c11_atomics atomic_flag kernel's walk with acquire/release orders and
// no fences, at the CTS's 1,024 work-items in one work-group: each work-item takes the
// atomic_flag of each critical section in turn (memory_order_acquire test-and-set,
// memory_order_release clear) and claims the first one nobody claimed, counting itself in a
// plain counter. Every lock hand-off starts a new release sequence (the clear is a store), so
// work-item k is ordered after a section's claimer only through the chain of the k earlier
// visitors (happens-before is transitive): no race, however long the chains.
// args: --cl-std CL2.0
// expect-none
__kernel void spin_lock_walk_1024(__global atomic_flag *flags, __global uint *claimed,
                                  __global int *counter)
{
    uint tid = get_global_id(0);
    uint stop = 0;
    for (uint cs = 0; !stop && cs < get_global_size(0); cs++) {
        if (!atomic_flag_test_and_set_explicit(&flags[cs], memory_order_acquire,
                                               memory_scope_device)) {
            if (claimed[cs] == 1000000000) {
                claimed[cs] = tid;
                counter[0] = counter[0] + 1;
                stop = 1;
            }
            atomic_flag_clear_explicit(&flags[cs], memory_order_release, memory_scope_device);
        }
    }
}
// EXACT Argument 'counter': 4 bytes
// EXACT   counter[0] = 1024
