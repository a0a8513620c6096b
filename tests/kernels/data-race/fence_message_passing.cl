// Message passing with fences (C11 7.17.4): work-group 0 stores the data plainly, makes a
// release fence and sets a flag with a relaxed atomic store; work-group 1 spins on relaxed
// atomic loads of the flag, makes an acquire fence and reads the data. The fences
// synchronize: no race.
// args: --cl-std CL2.0
// expect-none
__global atomic_int ready = ATOMIC_VAR_INIT(0);

__kernel void fence_message_passing(__global int *data, __global int *out)
{
    if (get_global_id(0) == 0) {
        data[0] = 42;
        atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_device);
        atomic_store_explicit(&ready, 1, memory_order_relaxed, memory_scope_device);
    } else {
        while (atomic_load_explicit(&ready, memory_order_relaxed, memory_scope_device) == 0)
            ;
        atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire, memory_scope_device);
        out[0] = data[0];
    }
}
// EXACT Argument 'out': 4 bytes
// EXACT   out[0] = 42
