// Loads through an endian(host) pointer on a big-endian device are converted from
// host byte order: one endian-conversion note per site (counted).
// args: --device-endian big
// expect: endian-conversion global line 9 count 4
__kernel void host_pointer_read(__global const uint *in __attribute__((endian(host))),
                                __global uint *out)
{
    int i = get_global_id(0);
    out[i] = in[i];
}
// EXACT Argument 'out': 16 bytes
// EXACT   out[0] = 0x44332211
// EXACT   out[1] = 0x0df0feca
// EXACT   out[2] = 0xff000000
// EXACT   out[3] = 0x01000080
