// Naive matrix transpose: reads are coalesced, writes are strided.
// A 2D NDRange with one work-item per element.

__kernel void transpose_naive(__global float *odata,
                              __global const float *idata,
                              const int width,
                              const int height)
{
    const int x = get_global_id(0);
    const int y = get_global_id(1);

    if (x < width && y < height) {
        int index_in  = x + width * y;
        int index_out = y + height * x;
        odata[index_out] = idata[index_in];
    }
}

// Same thing in double precision, written with a row-major helper macro and size_t indices.
#ifdef cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define AT(ptr, row, col, ld) ((ptr)[(size_t)(row) * (ld) + (col)])

__kernel void transpose_naive_macro(__global const double *restrict src,
                                    __global double *restrict dst,
                                    const uint rows,
                                    const uint cols)
{
    size_t c = get_global_id(0);
    size_t r = get_global_id(1);
    if (r < rows && c < cols)
        AT(dst, c, r, rows) = AT(src, r, c, cols);
}
#endif
