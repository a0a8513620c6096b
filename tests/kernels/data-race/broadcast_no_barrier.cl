// The broadcast without its barrier: every other work-item reads the value in the
// same interval as the write (one merged report per group pair of lines).
// expect: data-race local line 8,9 hazard RAW count 14
__kernel void broadcast_no_barrier(__global const float *in, __global float *out)
{
    __local float scale;
    if (get_local_id(0) == 0)
        scale = in[get_group_id(0)];
    out[get_global_id(0)] = scale * 2.0f;
}
// EXACT Argument 'out': 64 bytes
// EXACT   out[0] = 2
// EXACT   out[1] = 2
// EXACT   out[2] = 2
// EXACT   out[3] = 2
// EXACT   out[4] = 2
// EXACT   out[5] = 2
// EXACT   out[6] = 2
// EXACT   out[7] = 2
// EXACT   out[8] = 4
// EXACT   out[9] = 4
// EXACT   out[10] = 4
// EXACT   out[11] = 4
// EXACT   out[12] = 4
// EXACT   out[13] = 4
// EXACT   out[14] = 4
// EXACT   out[15] = 4
