// Negative control with results: OpenCL C 2.0 atomics (6.13.11) on __global and __local
// objects, with default and explicit orders and scopes. Atomics of device scope never race
// with each other, across work-groups included.
// args: --cl-std CL2.0
// expect-none
__kernel void c11_atomics_counter(__global atomic_int *counter, __global atomic_uint *bits,
                                  __global int *out)
{
    __local atomic_int local_count;
    __local atomic_flag flag;
    int lid = get_local_id(0);
    if (lid == 0) {
        atomic_init(&local_count, 0);
        atomic_flag_clear_explicit(&flag, memory_order_relaxed, memory_scope_work_group);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_fetch_add(counter, 1);
    atomic_fetch_or_explicit(bits, 1u << get_global_id(0), memory_order_relaxed,
                             memory_scope_device);
    atomic_fetch_add_explicit(&local_count, 2, memory_order_acq_rel, memory_scope_work_group);
    atomic_fetch_max_explicit(counter + 1, (int)get_global_id(0), memory_order_relaxed);
    atomic_fetch_min(counter + 2, -(int)get_global_id(0));
    int expected = 0;
    bool won = atomic_compare_exchange_strong(counter + 3, &expected, 100 + (int)get_global_id(0));
    bool first = !atomic_flag_test_and_set(&flag);
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_device);
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    out[get_global_id(0) * 3] = atomic_load_explicit(&local_count, memory_order_acquire,
                                                     memory_scope_work_group);
    out[get_global_id(0) * 3 + 1] = won;
    out[get_global_id(0) * 3 + 2] = first ? expected : -1;
}
// EXACT Argument 'counter': 16 bytes
// EXACT   counter[0] = 8
// EXACT   counter[1] = 7
// EXACT   counter[2] = -7
// EXACT   counter[3] = 100
// EXACT Argument 'bits': 4 bytes
// EXACT   bits[0] = 255
// EXACT Argument 'out': 96 bytes
// EXACT   out[0] = 8
// EXACT   out[1] = 1
// EXACT   out[2] = 0
// EXACT   out[3] = 8
// EXACT   out[4] = 0
// EXACT   out[5] = -1
// EXACT   out[6] = 8
// EXACT   out[7] = 0
// EXACT   out[8] = -1
// EXACT   out[9] = 8
// EXACT   out[10] = 0
// EXACT   out[11] = -1
// EXACT   out[12] = 8
// EXACT   out[13] = 0
// EXACT   out[14] = 100
// EXACT   out[15] = 8
// EXACT   out[16] = 0
// EXACT   out[17] = -1
// EXACT   out[18] = 8
// EXACT   out[19] = 0
// EXACT   out[20] = -1
// EXACT   out[21] = 8
// EXACT   out[22] = 0
// EXACT   out[23] = -1
