// Floats through an endian(host) pointer are converted like integers of their size.
// args: --device-endian big
// expect: endian-conversion global line 8 count 4
__kernel void host_pointer_float(__global const float *in __attribute__((endian(host))),
                                 __global float *out)
{
    int i = get_global_id(0);
    out[i] = in[i] * 2.0f;
}
// EXACT Argument 'out': 16 bytes
// EXACT   out[0] = 8.96831e-44
// EXACT   out[1] = 4.60074e-41
// EXACT   out[2] = 6.89663e-41
// EXACT   out[3] = 9.10844e-44
