// A sum accumulated into a variable that was never set (read once per work-item,
// in the first iteration).
// expect: uninitialized-read private line 8 count 8
__kernel void accumulator_not_initialized(__global const float *in, __global float *out)
{
    float sum;
    for (int i = 0; i < 4; ++i)
        sum += in[i];
    out[get_global_id(0)] = sum;
}
