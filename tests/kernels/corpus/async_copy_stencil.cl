// async_work_group_copy / async_work_group_strided_copy into __local memory,
// wait_group_events, and a 3-point stencil on the staged data.

__kernel void stencil3(__global const float *in,
                       __global float *out,
                       __local float *tile,        // local size + 2
                       const int n)
{
    const int lsize = get_local_size(0);
    const int group_start = get_group_id(0) * lsize;
    const int lid = get_local_id(0);

    // Copy [group_start - 1, group_start + lsize + 1) clipped to [0, n).
    int copy_begin = max(group_start - 1, 0);
    int copy_end = min(group_start + lsize + 1, n);
    int dst_off = copy_begin - (group_start - 1);

    event_t ev = async_work_group_copy(tile + dst_off, in + copy_begin,
                                       (size_t)(copy_end - copy_begin), 0);
    wait_group_events(1, &ev);

    if (group_start == 0 && lid == 0)
        tile[0] = tile[1];
    if (copy_end == n && lid == 0)
        tile[n - (group_start - 1)] = tile[n - 1 - (group_start - 1)];
    barrier(CLK_LOCAL_MEM_FENCE);

    int gid = group_start + lid;
    if (gid < n)
        out[gid] = 0.25f * tile[lid] + 0.5f * tile[lid + 1] + 0.25f * tile[lid + 2];
}

__kernel void gather_column(__global const float4 *matrix, const int row_len,
                            __global float4 *column_out, __local float4 *buf)
{
    size_t rows = get_local_size(0);
    event_t e = async_work_group_strided_copy(buf, matrix + get_group_id(0), rows,
                                              (size_t)row_len, 0);
    wait_group_events(1, &e);
    size_t l = get_local_id(0);
    buf[l] *= 2.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    e = async_work_group_copy(column_out + get_group_id(0) * rows, buf, rows, 0);
    wait_group_events(1, &e);
    prefetch(matrix, 16);
}
