// A kernel with data in every address space, for the debug adapter's scopes and memory tests.
__constant int weights[4] = {1, 2, 3, 4};

__kernel void spaces(__global const int *in, __global int *out, __constant int *scale)
{
    __local int tile[8];
    int lid = get_local_id(0);
    int gid = get_global_id(0);
    tile[lid] = in[gid] * weights[lid % 4];
    barrier(CLK_LOCAL_MEM_FENCE);
    int v = tile[7 - lid] + scale[0];
    out[gid] = v;
}
