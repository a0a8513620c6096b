// Negative control: every work-item calls a helper that contains the barrier.
// expect-none
int exchange(__local int *t, int lid, int v)
{
    t[lid] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    return t[(lid + 1) % 8];
}

__kernel void barrier_in_helper(__global int *out)
{
    __local int t[8];
    int lid = get_local_id(0);
    out[get_global_id(0)] = exchange(t, lid, lid * lid);
}
