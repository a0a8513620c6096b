// Every work-group writes the same four outputs (indexed by local id) with
// different values: write-write races between work-groups.
// expect: data-race global line 6,6 hazard WAW race write-write count 12
__kernel void groups_write_same_outputs(__global int *out)
{
    out[get_local_id(0)] = get_group_id(0);
}
// EXACT Argument 'out': 16 bytes
// EXACT   out[0] = 3
// EXACT   out[1] = 3
// EXACT   out[2] = 3
// EXACT   out[3] = 3
