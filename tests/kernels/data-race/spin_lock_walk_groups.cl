// spin_lock_walk_1024 as the CTS's memory_order_relaxed variant runs it: a relaxed
// test-and-set followed by an acquire fence, a release fence before the relaxed clear (C11
// 7.17.4), memory_scope_device, 1,024 work-items in four work-groups of 256: the chains of
// visitors cross the work-groups: no race.
// args: --cl-std CL2.0
// expect-none
__kernel void spin_lock_walk_groups(__global atomic_flag *flags, __global uint *claimed,
                                    __global int *counter)
{
    uint tid = get_global_id(0);
    uint stop = 0;
    for (uint cs = 0; !stop && cs < get_global_size(0); cs++) {
        bool set = atomic_flag_test_and_set_explicit(&flags[cs], memory_order_relaxed,
                                                     memory_scope_device);
        atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire, memory_scope_device);
        if (!set) {
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
// EXACT   counter[0] = 1024
