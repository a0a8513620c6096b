// The CTS's test_c11_atomics "declared in program" pattern (issue 29): every work-item
// initializes its own element, then increments a counter with an acq_rel read-modify-write;
// the one whose increment returns N-1 loads every element. The increments form a release
// sequence (C11 5.1.2.4, OpenCL 3.0 3.3.6 "release sequence"): the last one reads from it and
// synchronizes with every earlier one, so each atomic_init happens before the loads, in other
// work-groups too. No race.
// args: --cl-std CL2.0
// expect-none
__global atomic_uint finished = ATOMIC_VAR_INIT(0);
__global atomic_int dest[16];

__kernel void release_sequence_rmw(__global int *out)
{
    uint tid = get_global_id(0);
    atomic_init(&dest[tid], (int)tid * 3);
    if (atomic_fetch_add_explicit(&finished, 1u, memory_order_acq_rel, memory_scope_device) ==
        get_global_size(0) - 1)
        for (uint i = 0; i < get_global_size(0); ++i)
            out[i] = atomic_load_explicit(&dest[i], memory_order_relaxed, memory_scope_device);
}
// EXACT Argument 'out': 64 bytes
// EXACT   out[0] = 0
// EXACT   out[1] = 3
// EXACT   out[2] = 6
// EXACT   out[3] = 9
// EXACT   out[4] = 12
// EXACT   out[5] = 15
// EXACT   out[6] = 18
// EXACT   out[7] = 21
// EXACT   out[8] = 24
// EXACT   out[9] = 27
// EXACT   out[10] = 30
// EXACT   out[11] = 33
// EXACT   out[12] = 36
// EXACT   out[13] = 39
// EXACT   out[14] = 42
// EXACT   out[15] = 45
