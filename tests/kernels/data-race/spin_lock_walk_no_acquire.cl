// spin_lock_walk_groups without the acquire fence: the relaxed test-and-set reads the
// previous visitor's clear, but nothing makes it an acquire, so a section's visitors are not
// ordered after its claimer (C11 5.1.2.4), however long the chains of releases: races in the
// critical section, on `claimed` and on `counter`.
// args: --cl-std CL2.0
// expect: data-race global line 19,18 hazard RAW mincount 1
// expect: data-race global line 20,20 hazard RAW mincount 1
// expect: data-race global line 20,20 hazard WAR mincount 1
// expect: data-race global line 20,20 hazard WAW mincount 1
__kernel void spin_lock_walk_no_acquire(__global atomic_flag *flags, __global uint *claimed,
                                        __global int *counter)
{
    uint tid = get_global_id(0);
    uint stop = 0;
    for (uint cs = 0; !stop && cs < get_global_size(0); cs++) {
        if (!atomic_flag_test_and_set_explicit(&flags[cs], memory_order_relaxed,
                                               memory_scope_device)) {
            if (claimed[cs] == 1000000000) {
                claimed[cs] = tid;
                counter[0] = counter[0] + 1;
                stop = 1;
            }
            atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release,
                                   memory_scope_device);
            atomic_flag_clear_explicit(&flags[cs], memory_order_relaxed, memory_scope_device);
        }
    }
}
// EXACT Argument 'counter': 4 bytes
// EXACT   counter[0] = 256
