// The transpose without its barrier: a work-item reads a tile element another
// work-item of the group writes in the same interval (2D ids in the report).
// expect: data-race local line 11,13 hazard WAR
// expect: data-race local line 11,13 hazard RAW
// expect: uninitialized-read local line 13
__kernel void transpose_tile_no_barrier(__global const int *in, __global int *out)
{
    __local int tile[4][4];
    int lx = get_local_id(0), ly = get_local_id(1);
    int w = get_global_size(0);
    tile[ly][lx] = in[get_global_id(1) * w + get_global_id(0)];
    int ox = get_group_id(1) * 4 + lx, oy = get_group_id(0) * 4 + ly;
    out[oy * w + ox] = tile[lx][ly];
}
