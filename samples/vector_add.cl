// vector_add: the "hello world" of OpenCL. Each work-item adds one pair of elements.
// What it teaches: get_global_id, one work-item per element, the bounds check.
// Watch in the debugger: 64 work-items in 4 work-groups of 16; step one work-item
// and see exactly one element of c change; compare get_global_id with
// get_group_id * get_local_size + get_local_id.

__kernel void vector_add(__global const float *a,
                         __global const float *b,
                         __global float *c,
                         const unsigned int n)
{
    size_t i = get_global_id(0);
    if (i < n)              // guard: the NDRange may be rounded up past n
        c[i] = a[i] + b[i];
}
