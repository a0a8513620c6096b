// A uint4 load through an endian(host) pointer converts each component.
// args: --device-endian big
// expect: endian-conversion global line 8 count 2
__kernel void host_pointer_vector(__global const uint4 *in __attribute__((endian(host))),
                                  __global uint4 *out)
{
    int i = get_global_id(0);
    out[i] = in[i];
}
