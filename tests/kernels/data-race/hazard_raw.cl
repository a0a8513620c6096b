// Classification: work-item 0 writes, then work-item 1 reads (read after write).
// expect: data-race local line 8,10 hazard RAW race read-write count 1
__kernel void hazard_raw(__global int *out)
{
    __local int flag;
    int lid = get_local_id(0);
    if (lid == 0)
        flag = 1;
    if (lid == 1)
        out[0] = flag;
}
// EXACT Argument 'out': 4 bytes
// EXACT   out[0] = 1
