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
// EXACT Argument 'out': 64 bytes
// EXACT   out[0] = 1
// EXACT   out[1] = 4
// EXACT   out[2] = 9
// EXACT   out[3] = 16
// EXACT   out[4] = 25
// EXACT   out[5] = 36
// EXACT   out[6] = 49
// EXACT   out[7] = 0
// EXACT   out[8] = 1
// EXACT   out[9] = 4
// EXACT   out[10] = 9
// EXACT   out[11] = 16
// EXACT   out[12] = 25
// EXACT   out[13] = 36
// EXACT   out[14] = 49
// EXACT   out[15] = 0
