// Classification: work-item 0 reads, then work-item 1 writes (write after read).
// expect: data-race global line 7,9 hazard WAR race read-write count 1
__kernel void hazard_war(__global int *flag, __global int *out)
{
    int lid = get_local_id(0);
    if (lid == 0)
        out[0] = flag[0];
    if (lid == 1)
        flag[0] = 1;
}
// EXACT Argument 'out': 4 bytes
// EXACT   out[0] = 0
