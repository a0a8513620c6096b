// A __local array read without anyone writing it.
// expect: uninitialized-read local line 7 count 16
__kernel void local_never_written(__global float *out)
{
    __local float t[16];
    int lid = get_local_id(0);
    out[get_global_id(0)] = t[lid];
}
