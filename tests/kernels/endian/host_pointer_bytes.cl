// Negative control: single bytes have no byte order, so uchar accesses through an
// endian(host) pointer convert nothing.
// args: --device-endian big
// expect-none
__kernel void host_pointer_bytes(__global const uchar *in __attribute__((endian(host))),
                                 __global uchar *out)
{
    int i = get_global_id(0);
    out[i] = in[i] + 1;
}
// EXACT Argument 'out': 8 bytes
// EXACT   out[0] = 2
// EXACT   out[1] = 3
// EXACT   out[2] = 4
// EXACT   out[3] = 5
// EXACT   out[4] = 6
// EXACT   out[5] = 7
// EXACT   out[6] = 8
// EXACT   out[7] = 9
