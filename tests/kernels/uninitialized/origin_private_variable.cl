// The origin of an uninitialized read of a __private variable: its declaration (line 8,
// the first note), and how many bytes of the value were never written (2 of 4).
// expect: uninitialized-read private line 12,8 count 4 message 2_of_4_bytes origin __private_variable_'v'_declared_here
__kernel void origin_private_variable(__global int *out)
{
    int gid = get_global_id(0);
    // Only the low half of v is written.
    int v;
    short *low = (short *)&v;
    *low = 1;
    // Little-endian: bytes 2 and 3 of v were never written.
    out[gid] = v;
}
