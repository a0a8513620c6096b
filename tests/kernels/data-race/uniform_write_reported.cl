// The same uniform write, run with --uniform-writes: reported as write-write races.
// args: --uniform-writes
// expect: data-race global line 6,6 hazard WAW count 63
__kernel void uniform_write_reported(__global int *out)
{
    out[0] = 42;
}
// EXACT Argument 'out': 4 bytes
// EXACT   out[0] = 42
