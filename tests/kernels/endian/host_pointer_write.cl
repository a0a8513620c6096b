// Stores through an endian(host) pointer on a big-endian device are converted to
// host byte order.
// args: --device-endian big
// expect: endian-conversion global line 8 count 4
__kernel void host_pointer_write(__global uint *out __attribute__((endian(host))))
{
    int i = get_global_id(0);
    out[i] = 0x01020304u * (i + 1);
}
// EXACT Argument 'out': 16 bytes
// EXACT   out[0] = 0x01020304
// EXACT   out[1] = 0x02040608
// EXACT   out[2] = 0x0306090c
// EXACT   out[3] = 0x04080c10
