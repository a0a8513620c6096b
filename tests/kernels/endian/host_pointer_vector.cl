// A uint4 load through an endian(host) pointer converts each component.
// args: --device-endian big
// expect: endian-conversion global line 8 count 2
__kernel void host_pointer_vector(__global const uint4 *in __attribute__((endian(host))),
                                  __global uint4 *out)
{
    int i = get_global_id(0);
    out[i] = in[i];
}
// EXACT Argument 'out': 32 bytes
// EXACT   out[0] = 16777216
// EXACT   out[1] = 33554432
// EXACT   out[2] = 50331648
// EXACT   out[3] = 67108864
// EXACT   out[4] = 83886080
// EXACT   out[5] = 100663296
// EXACT   out[6] = 117440512
// EXACT   out[7] = 134217728
