// Negative control: a plain pointer on a big-endian device reads memory in device
// order with no conversion (the classic bug, which no check can see).
// args: --device-endian big
// expect-none
__kernel void plain_pointer_big_device(__global const uint *in, __global uint *out)
{
    int i = get_global_id(0);
    out[i] = in[i];
}
