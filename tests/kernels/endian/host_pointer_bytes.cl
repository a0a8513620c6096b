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
