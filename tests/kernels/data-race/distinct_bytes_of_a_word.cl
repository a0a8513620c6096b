// Negative control at byte granularity: each work-item writes its own byte, so four
// work-items (of different groups) share every 32-bit word.
// expect-none
__kernel void distinct_bytes_of_a_word(__global uchar *out)
{
    size_t i = get_global_id(0);
    out[i] = (uchar)(i * 7);
}
