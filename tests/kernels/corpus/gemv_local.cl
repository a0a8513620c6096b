// Matrix-vector product y = A x with one work-group per row: work-items stride
// across the row, then reduce in local memory. Row-major A (rows x cols).

__kernel void gemv_row_per_group(__global const float *A,
                                 __global const float *x,
                                 __global float *y,
                                 const int cols,
                                 __local float *partial)
{
    const int row = get_group_id(0);
    const int lid = get_local_id(0);
    const int lsize = get_local_size(0);
    __global const float *a = A + (size_t)row * cols;

    float s = 0.0f;
    for (int c = lid; c < cols; c += lsize)
        s += a[c] * x[c];
    partial[lid] = s;

    for (int stride = lsize / 2; stride > 0; stride /= 2) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < stride)
            partial[lid] += partial[lid + stride];
    }
    if (lid == 0)
        y[row] = partial[0];
}
