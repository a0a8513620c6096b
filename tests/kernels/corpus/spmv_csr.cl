// Sparse matrix-vector product y = A*x with A in CSR format.
// Scalar kernel: one work-item per row (simple, poorly coalesced).

__kernel void spmv_csr_scalar(const int num_rows,
                              __global const int *row_ptr,
                              __global const int *col_idx,
                              __global const float *values,
                              __global const float *x,
                              __global float *y)
{
    int row = get_global_id(0);
    if (row < num_rows) {
        float dot = 0.0f;
        int row_start = row_ptr[row];
        int row_end = row_ptr[row + 1];
        for (int jj = row_start; jj < row_end; jj++)
            dot += values[jj] * x[col_idx[jj]];
        y[row] = dot;
    }
}
