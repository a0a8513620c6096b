// does_not_build.cl: `sum` is never declared.
__kernel void total(__global const int *in, __global int *out, __local int *scratch)
{
    const uint lid = get_local_id(0);
    scratch[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0) {
        for (uint i = 0; i < get_local_size(0); ++i)
            sum += scratch[i];
        atomic_add(out, sum);
    }
}
