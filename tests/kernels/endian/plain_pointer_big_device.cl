// Negative control: a plain pointer on a big-endian device reads memory in device
// order with no conversion (the classic bug, which no check can see).
// args: --device-endian big
// expect-none
__kernel void plain_pointer_big_device(__global const uint *in, __global uint *out)
{
    int i = get_global_id(0);
    out[i] = in[i];
}
// EXACT Argument 'out': 16 bytes
// EXACT   out[0] = 0x11223344
// EXACT   out[1] = 0xcafef00d
// EXACT   out[2] = 0x000000ff
// EXACT   out[3] = 0x80000001
