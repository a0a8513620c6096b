// Negative control: a 2D tile transpose through __local memory with a barrier.
// expect-none
__kernel void transpose_tile_barrier(__global const int *in, __global int *out)
{
    __local int tile[4][4];
    int lx = get_local_id(0), ly = get_local_id(1);
    int w = get_global_size(0);
    tile[ly][lx] = in[get_global_id(1) * w + get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    int ox = get_group_id(1) * 4 + lx, oy = get_group_id(0) * 4 + ly;
    out[oy * w + ox] = tile[lx][ly];
}
