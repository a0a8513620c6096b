// A `__global const` input written through a cast that drops the const: the buffer is not
// left out of the race checks (checks/ConstPointees.h), so work-item 3's write races with
// the reads of work-items 0-2 before it and 4-7 after it, in every work-group.
// expect: data-race global line 9,11 hazard WAR race read-write count 4
// expect: data-race global line 11,9 hazard RAW race read-write count 12
__kernel void const_input_cast_away(__global const uint *in, __global uint *out)
{
    uint i = get_local_id(0);
    out[get_global_id(0)] = in[0];
    if (i == 3)
        ((__global uint *)in)[0] = 7;
}
