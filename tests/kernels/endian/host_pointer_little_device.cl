// Negative control: on a little-endian device (the host's order) endian(host)
// pointers need no conversion.
// expect-none
__kernel void host_pointer_little_device(__global const uint *in __attribute__((endian(host))),
                                         __global uint *out)
{
    int i = get_global_id(0);
    out[i] = in[i];
}
