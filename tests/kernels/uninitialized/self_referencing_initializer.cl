// A variable read in its own initializer (valid C: the name is in scope there) has no
// value yet. Variables declared with an initializer are read in place afterwards, so this
// checks that the read inside the initializer still goes through the checker.
// expect: uninitialized-read private line 7 count 4
__kernel void self_referencing_initializer(__global int *out)
{
    int x = x + 1;
    int y = 2;
    y += x;
    out[get_global_id(0)] = y;
}
// EXACT Argument 'out': 16 bytes
// MATCH   out[0] =
// MATCH   out[1] =
// MATCH   out[2] =
// MATCH   out[3] =
