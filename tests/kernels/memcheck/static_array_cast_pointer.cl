// The same overrun reached through a pointer to the array, made by a cast: the inner
// dimension of `int (*)[4]` is exceeded at [0][5], inside the 8-int buffer. Inner
// dimensions of a 2D private array are checked the same way.
// expect: array-index line 12
// expect: array-index line 16
__kernel void static_array_cast_pointer(__global int *data, __global int *out)
{
    int gid = get_global_id(0);
    __global int (*rows)[4] = (__global int (*)[4])data;
    out[gid] = rows[1][gid]; // rows[1][0..3]: in range
    if (gid == 0)
        out[4] = rows[0][5]; // past row 0, still inside `data`
    int grid[2][3] = {{1, 2, 3}, {4, 5, 6}};
    int j = gid + 2;
    if (gid == 1)
        out[5] = grid[0][j]; // grid[0][3]: past the inner dimension
}
// EXACT Argument 'out': 24 bytes
// EXACT   out[0] = 4
// EXACT   out[1] = 5
// EXACT   out[2] = 6
// EXACT   out[3] = 7
// EXACT   out[4] = 5
// EXACT   out[5] = 4
