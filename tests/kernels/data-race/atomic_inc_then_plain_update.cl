// Every work-item increments a __global counter atomically, then the last one updates it
// with a plain read-modify-write in the same barrier interval: the plain read races with
// the other work-items' atomic writes, and the plain write with them too (Oclgrind's
// atomic_race_after). The last work-item's own atomic_inc does not hide the others'.
// expect: data-race global line 9,11 hazard RAW mincount 1
// expect: data-race global line 9,11 hazard WAW mincount 1
__kernel void atomic_inc_then_plain_update(__global int *data)
{
    atomic_inc(data);
    if (get_global_id(0) == get_global_size(0) - 1)
        (*data)++;
}
// EXACT Argument 'data': 4 bytes
// EXACT   data[0] = 5
