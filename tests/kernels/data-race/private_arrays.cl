// Negative control: every work-item works in its own __private array.
// expect-none
__kernel void private_arrays(__global const int *in, __global int *out)
{
    int tmp[4];
    int gid = get_global_id(0);
    for (int i = 0; i < 4; ++i)
        tmp[i] = in[(gid + i) % 16];
    out[gid] = tmp[0] + tmp[1] + tmp[2] + tmp[3];
}
// EXACT Argument 'out': 64 bytes
// EXACT   out[0] = 6
// EXACT   out[1] = 10
// EXACT   out[2] = 14
// EXACT   out[3] = 18
// EXACT   out[4] = 22
// EXACT   out[5] = 26
// EXACT   out[6] = 30
// EXACT   out[7] = 34
// EXACT   out[8] = 38
// EXACT   out[9] = 42
// EXACT   out[10] = 46
// EXACT   out[11] = 50
// EXACT   out[12] = 54
// EXACT   out[13] = 42
// EXACT   out[14] = 30
// EXACT   out[15] = 18
