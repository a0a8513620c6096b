// Message passing within a work-group: work-item 0 writes data, then stores a flag with
// memory_order_release; the others spin until an acquire load of the flag sees it, then read
// the data. The release store heads a release sequence the acquire loads read from, so the
// write happens before the reads: no race (C11 5.1.2.4).
// args: --cl-std CL2.0
// expect-none
__kernel void message_passing_acquire(__global int *out, __global int *data, __global atomic_int *flag)
{
    uint lid = get_local_id(0);
    if (lid == 0) {
        data[0] = 42;
        atomic_store_explicit(flag, 1, memory_order_release, memory_scope_work_group);
    } else {
        while (!atomic_load_explicit(flag, memory_order_acquire, memory_scope_work_group))
            ;
        out[lid] = data[0];
    }
}
// EXACT Argument 'out': 16 bytes
// EXACT   out[0] = 0
// EXACT   out[1] = 42
// EXACT   out[2] = 42
// EXACT   out[3] = 42
