// Negative control at byte granularity: each work-item writes its own byte, so four
// work-items (of different groups) share every 32-bit word.
// expect-none
__kernel void distinct_bytes_of_a_word(__global uchar *out)
{
    size_t i = get_global_id(0);
    out[i] = (uchar)(i * 7);
}
// EXACT Argument 'out': 16 bytes
// EXACT   out[0] = 0
// EXACT   out[1] = 7
// EXACT   out[2] = 14
// EXACT   out[3] = 21
// EXACT   out[4] = 28
// EXACT   out[5] = 35
// EXACT   out[6] = 42
// EXACT   out[7] = 49
// EXACT   out[8] = 56
// EXACT   out[9] = 63
// EXACT   out[10] = 70
// EXACT   out[11] = 77
// EXACT   out[12] = 84
// EXACT   out[13] = 91
// EXACT   out[14] = 98
// EXACT   out[15] = 105
