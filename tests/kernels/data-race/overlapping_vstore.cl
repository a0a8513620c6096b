// vstore4 at a stride of three floats: neighbouring work-items overlap by one float.
// expect: data-race local line 7,7 hazard WAW
__kernel void overlapping_vstore(__global float *out)
{
    __local float t[32];
    int lid = get_local_id(0);
    vstore4((float4)(lid), 0, t + lid * 3);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = t[lid * 3];
}
// EXACT Argument 'out': 32 bytes
// EXACT   out[0] = 0
// EXACT   out[1] = 1
// EXACT   out[2] = 2
// EXACT   out[3] = 3
// EXACT   out[4] = 4
// EXACT   out[5] = 5
// EXACT   out[6] = 6
// EXACT   out[7] = 7
