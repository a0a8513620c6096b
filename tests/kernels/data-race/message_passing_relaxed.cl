// message_passing_acquire with relaxed loads of the flag: nothing orders the write of the
// data before the reads, a data race.
// args: --cl-std CL2.0
// expect: data-race global line 9,14 hazard RAW count 3
__kernel void message_passing_relaxed(__global int *out, __global int *data, __global atomic_int *flag)
{
    uint lid = get_local_id(0);
    if (lid == 0) {
        data[0] = 42;
        atomic_store_explicit(flag, 1, memory_order_release, memory_scope_work_group);
    } else {
        while (!atomic_load_explicit(flag, memory_order_relaxed, memory_scope_work_group))
            ;
        out[lid] = data[0];
    }
}
// EXACT Argument 'out': 16 bytes
// EXACT   out[0] = 0
// EXACT   out[1] = 42
// EXACT   out[2] = 42
// EXACT   out[3] = 42
