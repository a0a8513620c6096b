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
// EXACT Argument 'out': 256 bytes
// EXACT   out[0] = 0
// EXACT   out[1] = 0
// EXACT   out[2] = 0
// EXACT   out[3] = 0
// EXACT   out[4] = 32
// EXACT   out[5] = 0
// EXACT   out[6] = 0
// EXACT   out[7] = 0
// EXACT   out[8] = 1
// EXACT   out[9] = 9
// EXACT   out[10] = 0
// EXACT   out[11] = 0
// EXACT   out[12] = 33
// EXACT   out[13] = 41
// EXACT   out[14] = 0
// EXACT   out[15] = 0
// EXACT   out[16] = 2
// EXACT   out[17] = 10
// EXACT   out[18] = 18
// EXACT   out[19] = 0
// EXACT   out[20] = 34
// EXACT   out[21] = 42
// EXACT   out[22] = 50
// EXACT   out[23] = 0
// EXACT   out[24] = 3
// EXACT   out[25] = 11
// EXACT   out[26] = 19
// EXACT   out[27] = 27
// EXACT   out[28] = 35
// EXACT   out[29] = 43
// EXACT   out[30] = 51
// EXACT   out[31] = 59
// EXACT   out[32] = 4
// EXACT   out[33] = 0
// EXACT   out[34] = 0
// EXACT   out[35] = 0
// EXACT   out[36] = 36
// EXACT   out[37] = 0
// EXACT   out[38] = 0
// EXACT   out[39] = 0
// EXACT   out[40] = 5
// EXACT   out[41] = 13
// EXACT   out[42] = 0
// EXACT   out[43] = 0
// EXACT   out[44] = 37
// EXACT   out[45] = 45
// EXACT   out[46] = 0
// EXACT   out[47] = 0
// EXACT   out[48] = 6
// EXACT   out[49] = 14
// EXACT   out[50] = 22
// EXACT   out[51] = 0
// EXACT   out[52] = 38
// EXACT   out[53] = 46
// EXACT   out[54] = 54
// EXACT   out[55] = 0
// EXACT   out[56] = 7
// EXACT   out[57] = 15
// EXACT   out[58] = 23
// EXACT   out[59] = 31
// EXACT   out[60] = 39
// EXACT   out[61] = 47
// EXACT   out[62] = 55
// EXACT   out[63] = 63
