// release_sequence_rmw within one work-group on __local memory: each work-item stores its
// element plainly, then increments a __local counter with a work-group scope acq_rel
// read-modify-write; the one that sees 7 reads every element. The increments form a release
// sequence, so every store happens before the reads: no race.
// args: --cl-std CL2.0
// expect-none
__kernel void release_sequence_local(__global int *out)
{
    __local atomic_uint finished;
    __local int values[8];
    uint lid = get_local_id(0);
    if (lid == 0)
        atomic_init(&finished, 0u);
    barrier(CLK_LOCAL_MEM_FENCE);
    values[lid] = (int)lid + 10;
    if (atomic_fetch_add_explicit(&finished, 1u, memory_order_acq_rel,
                                  memory_scope_work_group) == get_local_size(0) - 1)
        for (uint i = 0; i < get_local_size(0); ++i)
            out[i] = values[i];
}
// EXACT Argument 'out': 32 bytes
// EXACT   out[0] = 10
// EXACT   out[1] = 11
// EXACT   out[2] = 12
// EXACT   out[3] = 13
// EXACT   out[4] = 14
// EXACT   out[5] = 15
// EXACT   out[6] = 16
// EXACT   out[7] = 17
