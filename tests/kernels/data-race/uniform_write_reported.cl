// The same uniform write, run with --uniform-writes: reported as write-write races, benign
// ones (warnings: every write stores the bytes already there).
// args: --uniform-writes
// expect: benign-race global line 7,7 hazard WAW count 63 severity warning value 2a000000
__kernel void uniform_write_reported(__global int *out)
{
    out[0] = 42;
}
// EXACT Argument 'out': 4 bytes
// EXACT   out[0] = 42
