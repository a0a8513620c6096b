// Negative control: every work-item stores the same value into one element; such
// uniform write-write races are suppressed by default (see --uniform-writes).
// expect-none
__kernel void uniform_write_suppressed(__global int *out)
{
    out[0] = 42;
}
// EXACT Argument 'out': 4 bytes
// EXACT   out[0] = 42
