// 16-bit values through an endian(host) pointer are converted too.
// args: --device-endian big
// expect: endian-conversion global line 8 count 4
__kernel void host_pointer_short(__global const ushort *in __attribute__((endian(host))),
                                 __global ushort *out)
{
    int i = get_global_id(0);
    out[i] = in[i];
}
// EXACT Argument 'out': 8 bytes
// EXACT   out[0] = 0x0201
// EXACT   out[1] = 0x0403
// EXACT   out[2] = 0xb0a0
// EXACT   out[3] = 0x00ff
