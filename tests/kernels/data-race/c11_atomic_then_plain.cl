// A plain access races with an atomic one unless a barrier orders them, whatever the
// memory order: work-item 0 reads the flag plainly while the others store it atomically.
// args: --cl-std CL2.0
// The first store (work-item 1) changes the flag: a data race; the later ones store the 1
// already there, but the pair of sites changed a value once: data races too (one verdict per
// pair of sites), and no benign race.
// expect: data-race local line 15,17 hazard WAR count 3 severity error
__kernel void c11_atomic_then_plain(__global int *out)
{
    __local atomic_int ready;
    if (get_local_id(0) == 0)
        atomic_init(&ready, 0);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0)
        out[0] = *(__local int *)&ready;
    else
        atomic_store_explicit(&ready, 1, memory_order_release, memory_scope_work_group);
}
// EXACT Argument 'out': 4 bytes
// EXACT   out[0] = 0
