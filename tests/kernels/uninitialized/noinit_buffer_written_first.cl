// Negative control: each work-item writes its element of a noinit buffer before
// reading it back.
// expect-none
__kernel void noinit_buffer_written_first(__global int *scratch, __global int *out)
{
    int gid = get_global_id(0);
    scratch[gid] = gid * gid;
    out[gid] = scratch[gid] + 1;
}
// EXACT Argument 'out': 32 bytes
// EXACT   out[0] = 1
// EXACT   out[1] = 2
// EXACT   out[2] = 5
// EXACT   out[3] = 10
// EXACT   out[4] = 17
// EXACT   out[5] = 26
// EXACT   out[6] = 37
// EXACT   out[7] = 50
