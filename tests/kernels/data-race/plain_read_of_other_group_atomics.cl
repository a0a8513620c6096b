// Group 0 updates a counter atomically, group 1 reads it plainly: work-groups are
// unordered, so the plain reads race with the atomic writes.
// expect: data-race global line 7,9 hazard RAW count 8
__kernel void plain_read_of_other_group_atomics(__global int *counter, __global int *out)
{
    if (get_group_id(0) == 0)
        atomic_inc(&counter[0]);
    else
        out[get_global_id(0)] = counter[0];
}
