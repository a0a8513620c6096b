// Min and max of an array in one pass, carried as a float2 (x = min, y = max).
// Uses fmin/fmax and a local array of vectors.

__kernel void reduce_minmax(__global const float *data,
                            const uint count,
                            __global float2 *result,
                            __local float2 *scratch)
{
    const uint lid = get_local_id(0);
    const uint gsize = get_global_size(0);

    float2 acc = (float2)(INFINITY, -INFINITY);
    for (uint i = get_global_id(0); i < count; i += gsize) {
        float v = data[i];
        acc.x = fmin(acc.x, v);
        acc.y = fmax(acc.y, v);
    }
    scratch[lid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);

    for (uint s = get_local_size(0) >> 1; s > 0; s >>= 1) {
        if (lid < s) {
            float2 other = scratch[lid + s];
            float2 mine = scratch[lid];
            scratch[lid] = (float2)(fmin(mine.x, other.x), fmax(mine.y, other.y));
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (lid == 0)
        result[get_group_id(0)] = scratch[0];
}
