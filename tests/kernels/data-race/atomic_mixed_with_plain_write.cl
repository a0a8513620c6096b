// Atomics race with plain accesses: one work-item resets the counter with a plain
// store while the others increment it atomically.
// expect: data-race global line 8,10 hazard WAR
// expect: data-race global line 8,10 hazard RAW
// expect: data-race global line 8,10 hazard WAW
__kernel void atomic_mixed_with_plain_write(__global int *counter)
{
    atomic_inc(&counter[0]);
    if (get_global_id(0) == 5)
        counter[0] = 0;
}
