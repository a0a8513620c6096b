// SAXPY / DAXPY: y = a*x + y. The double version is guarded by the fp64 extension.

__kernel void saxpy(const float a, __global const float *x, __global float *y, const uint n)
{
    uint i = get_global_id(0);
    if (i < n)
        y[i] = fma(a, x[i], y[i]);
}

__kernel void saxpy_strided(const float a, __global const float *x, const int incx,
                            __global float *y, const int incy, const int n)
{
    for (int i = get_global_id(0); i < n; i += get_global_size(0))
        y[i * incy] += a * x[i * incx];
}

#ifdef cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void daxpy(const double a, __global const double *x, __global double *y)
{
    size_t i = get_global_id(0);
    y[i] = a * x[i] + y[i];
}
#endif
