// A `__global const` input passed to a helper that takes a non-const pointer (a conversion
// that discards the const: a compile warning, discards-const) and writes through it: the
// reads of the input are still checked, and race with the write.
// expect: data-race global line 14,8 hazard WAR race read-write count 2
// expect: data-race global line 8,14 hazard RAW race read-write count 4
void store(__global uint *p, uint v)
{
    p[0] = v;
}

__kernel void const_input_written_by_helper(__global const uint *in, __global uint *out)
{
    uint i = get_global_id(0);
    out[i] = in[0];
    if (i == 3)
        store(in, 7);
}
