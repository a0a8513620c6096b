// Classification: work-items 0 and 1 store different values (write after write).
// expect: data-race global line 5,5 hazard WAW race write-write count 1
__kernel void hazard_waw(__global int *out)
{
    out[0] = get_local_id(0) + 1;
}
// EXACT Argument 'out': 4 bytes
// EXACT   out[0] = 2
