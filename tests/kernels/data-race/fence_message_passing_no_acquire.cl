// fence_message_passing without the reader's acquire fence: its relaxed loads of the flag
// synchronize with nothing, so its read of the data races with the writer's store.
// args: --cl-std CL2.0
// expect: data-race global line 10,16 hazard RAW
__global atomic_int ready = ATOMIC_VAR_INIT(0);

__kernel void fence_message_passing_no_acquire(__global int *data, __global int *out)
{
    if (get_global_id(0) == 0) {
        data[0] = 42;
        atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_device);
        atomic_store_explicit(&ready, 1, memory_order_relaxed, memory_scope_device);
    } else {
        while (atomic_load_explicit(&ready, memory_order_relaxed, memory_scope_device) == 0)
            ;
        out[0] = data[0];
    }
}
// EXACT Argument 'out': 4 bytes
// EXACT   out[0] = 42
