// Runs (nearly) forever: the debug adapter's `pause` stops it.
__kernel void spin(__global int *out)
{
    int i = 0;
    while (out[0] == 0)
        i++;
    out[1] = i;
}
