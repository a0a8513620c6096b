// CSR SpMV, "vector" kernel: a group of VEC work-items shares one row,
// each takes a strided slice of the row, then they reduce in local memory.

#define VEC 8

__kernel void spmv_csr_vector(const int num_rows,
                              __global const int *restrict row_ptr,
                              __global const int *restrict col_idx,
                              __global const float *restrict val,
                              __global const float *restrict x,
                              __global float *restrict y,
                              __local volatile float *sums)
{
    const int lid = get_local_id(0);
    const int lane = lid & (VEC - 1);
    const int row = get_global_id(0) / VEC;

    float sum = 0.0f;
    if (row < num_rows) {
        for (int jj = row_ptr[row] + lane; jj < row_ptr[row + 1]; jj += VEC)
            sum += val[jj] * x[col_idx[jj]];
    }
    sums[lid] = sum;
    barrier(CLK_LOCAL_MEM_FENCE);

    for (int off = VEC / 2; off > 0; off /= 2) {
        if (lane < off)
            sums[lid] += sums[lid + off];
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (lane == 0 && row < num_rows)
        y[row] = sums[lid];
}
