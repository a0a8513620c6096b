// release_sequence_rmw, but the loads are made by the work-item whose increment returns N-2:
// it synchronizes with the earlier increments, not with the last work-item's, whose
// atomic_init of its own element comes after the load (and is not ordered with it).
// args: --cl-std CL2.0
// expect: data-race global line 16,12 hazard WAR count 1
__global atomic_uint finished = ATOMIC_VAR_INIT(0);
__global atomic_int dest[16];

__kernel void release_sequence_not_last(__global int *out)
{
    uint tid = get_global_id(0);
    atomic_init(&dest[tid], (int)tid * 3);
    if (atomic_fetch_add_explicit(&finished, 1u, memory_order_acq_rel, memory_scope_device) ==
        get_global_size(0) - 2)
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
// EXACT   out[15] = 0
