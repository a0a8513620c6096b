// Work-group reduction with sequential addressing: the stride halves each step,
// so active work-items stay contiguous and there is no modulo.
// Each work-item first accumulates a grid-stride loop, so any n works.

#define LOCAL_SIZE_HINT 128

__kernel __attribute__((reqd_work_group_size(LOCAL_SIZE_HINT, 1, 1)))
void reduce_sequential(__global const int *input,
                       __global int *group_sums,
                       const int n)
{
    __local int tile[LOCAL_SIZE_HINT];
    const int lid = (int)get_local_id(0);
    const int stride = (int)get_global_size(0);

    int acc = 0;
    for (int i = (int)get_global_id(0); i < n; i += stride)
        acc += input[i];
    tile[lid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);

    for (int offset = LOCAL_SIZE_HINT / 2; offset > 0; offset >>= 1) {
        if (lid < offset)
            tile[lid] += tile[lid + offset];
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (lid == 0)
        group_sums[get_group_id(0)] = tile[0];
}
