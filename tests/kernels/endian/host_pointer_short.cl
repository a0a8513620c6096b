// 16-bit values through an endian(host) pointer are converted too.
// args: --device-endian big
// expect: endian-conversion global line 8 count 4
__kernel void host_pointer_short(__global const ushort *in __attribute__((endian(host))),
                                 __global ushort *out)
{
    int i = get_global_id(0);
    out[i] = in[i];
}
