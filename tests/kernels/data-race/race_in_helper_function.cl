// The racing store is in a helper function: the report points into the helper.
// expect: data-race local line 12,5 hazard WAW
void store_to_neighbour(__local int *t, int lid)
{
    t[(lid + 1) % 8] = lid;
}

__kernel void race_in_helper_function(__global int *out)
{
    __local int t[8];
    int lid = get_local_id(0);
    t[lid] = -1;
    store_to_neighbour(t, lid);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = t[lid];
}
// EXACT Argument 'out': 32 bytes
// EXACT   out[0] = 7
// EXACT   out[1] = -1
// EXACT   out[2] = -1
// EXACT   out[3] = -1
// EXACT   out[4] = -1
// EXACT   out[5] = -1
// EXACT   out[6] = -1
// EXACT   out[7] = -1
