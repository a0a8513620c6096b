// transpose_tiled: out = transpose(in) for a 8 x 12 (rows x columns) matrix, via 4x4
// tiles in __local memory. The tile has one column of padding: [TILE][TILE + 1].
// What it teaches: reading rows and writing rows (coalesced both ways) by swapping
// the roles of x/y inside the tile; padding to avoid local-memory bank conflicts.
// Watch in the debugger: the __local pane of one 4x4 work-group: it is filled row by
// row, then read column by column after the barrier; the 5th column stays unused.

#define TILE 4

__kernel void transpose_tiled(__global const float *in,
                              __global float *out,
                              const int width,     // columns of `in`
                              const int height)    // rows of `in`
{
    __local float tile[TILE][TILE + 1];

    const int lx = get_local_id(0), ly = get_local_id(1);
    const int bx = get_group_id(0) * TILE, by = get_group_id(1) * TILE;

    int x = bx + lx, y = by + ly;
    if (x < width && y < height)
        tile[ly][lx] = in[y * width + x];

    barrier(CLK_LOCAL_MEM_FENCE);

    // Swap the block offsets: this work-group writes block (by, bx) of `out`,
    // which has `height` columns.
    x = by + lx;
    y = bx + ly;
    if (x < height && y < width)
        out[y * height + x] = tile[lx][ly];
}
