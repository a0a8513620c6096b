// Negative control: on a little-endian device (the host's order) endian(host)
// pointers need no conversion.
// expect-none
__kernel void host_pointer_little_device(__global const uint *in __attribute__((endian(host))),
                                         __global uint *out)
{
    int i = get_global_id(0);
    out[i] = in[i];
}
// EXACT Argument 'out': 16 bytes
// EXACT   out[0] = 0x11223344
// EXACT   out[1] = 0xcafef00d
// EXACT   out[2] = 0x000000ff
// EXACT   out[3] = 0x80000001
