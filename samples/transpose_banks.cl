// transpose_banks: three ways to transpose a 32 x 32 matrix with one 32 x 32 work-group,
// for `clstep-cli run SAMPLE.sim --access-stats` (sub-groups of 32 = one row of the group,
// 32 banks of 4 bytes) and the debugger's `simt` schedule.
// * transpose_naive: reads rows (coalesced, 1 segment per sub-group) but writes columns:
//   the 32 lanes of a sub-group write 32 floats 128 bytes apart, 32 segments (3% efficient).
// * transpose_conflicts: reads and writes rows through a __local tile, but reads the tile by
//   column: tile[lx][ly] for lx = 0..31 are 32 words 32 words apart, all in bank ly: a
//   32-way bank conflict.
// * transpose_padded: the same with one padding column, tile[32][33]: the column read hits
//   words 33 apart, one per bank: conflict-free (degree 1).

#define N 32

__kernel void transpose_naive(__global const float *in, __global float *out)
{
    const int x = get_global_id(0), y = get_global_id(1);
    out[x * N + y] = in[y * N + x];
}

__kernel void transpose_conflicts(__global const float *in, __global float *out)
{
    __local float tile[N][N];
    const int x = get_local_id(0), y = get_local_id(1);
    tile[y][x] = in[y * N + x];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[y * N + x] = tile[x][y];
}

__kernel void transpose_padded(__global const float *in, __global float *out)
{
    __local float tile[N][N + 1];
    const int x = get_local_id(0), y = get_local_id(1);
    tile[y][x] = in[y * N + x];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[y * N + x] = tile[x][y];
}
