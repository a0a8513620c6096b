// Tiled transpose through local memory. The tile has one extra column of padding
// so that reading a column of the tile hits different local-memory banks.

#define TILE_DIM 16
#define BLOCK_ROWS 16

__kernel void transpose_tiled(__global float *out,
                              __global const float *in,
                              const int width,
                              const int height)
{
    __local float tile[TILE_DIM][TILE_DIM + 1];

    int bx = get_group_id(0) * TILE_DIM;
    int by = get_group_id(1) * TILE_DIM;
    int tx = get_local_id(0);
    int ty = get_local_id(1);

    int x = bx + tx;
    int y = by + ty;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {
        if (x < width && (y + j) < height)
            tile[ty + j][tx] = in[(y + j) * width + x];
    }

    barrier(CLK_LOCAL_MEM_FENCE);

    x = by + tx;      // swapped block offsets
    y = bx + ty;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {
        if (x < height && (y + j) < width)
            out[(y + j) * height + x] = tile[tx][ty + j];
    }
}
