// OpenCL C 2.0 ONLY: generic address space. A helper taking an unqualified pointer
// accepts __global, __local and __private arguments; to_global / to_local /
// to_private cast back and return NULL when the pointer is in another space.

float sum4(const float *p)      // generic pointer in CL 2.0
{
    return p[0] + p[1] + p[2] + p[3];
}

int where_is(float *p)
{
    if (to_global(p) != NULL) return 1;
    if (to_local(p) != NULL) return 2;
    if (to_private(p) != NULL) return 3;
    return 0;
}

__kernel void generic_demo(__global float *g, __global int *spaces, __global float *sums)
{
    __local float l[64];
    float priv[4] = { 1.0f, 2.0f, 3.0f, 4.0f };
    int i = get_global_id(0);
    int li = get_local_id(0);

    l[li] = g[i];
    work_group_barrier(CLK_LOCAL_MEM_FENCE);

    float *ptrs[3] = { g + 4 * (i / 4), l + 4 * (li / 4), priv };
    for (int k = 0; k < 3; ++k) {
        sums[3 * i + k] = sum4(ptrs[k]);
        spaces[3 * i + k] = where_is(ptrs[k]);
    }

    __global float *back = to_global(ptrs[0]);
    if (back)
        back[i % 4] += 0.0f;
}
