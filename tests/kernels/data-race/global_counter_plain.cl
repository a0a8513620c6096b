// A counter incremented with a plain read-modify-write by every work-item: read after
// write, write after read and write after write on the same line.
// expect: data-race global line 8,8 hazard RAW
// expect: data-race global line 8,8 hazard WAR
// expect: data-race global line 8,8 hazard WAW race write-write
__kernel void global_counter_plain(__global int *counter)
{
    counter[0] = counter[0] + 1;
}
// EXACT Argument 'counter': 4 bytes
// EXACT   counter[0] = 16
