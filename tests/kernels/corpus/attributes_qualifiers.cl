// Kernel and type attributes and qualifiers a parser must accept:
// work_group_size_hint, vec_type_hint, reqd_work_group_size, restrict/const/volatile,
// __read_only/__write_only spellings, pragmas, and unsigned literal suffixes.

#pragma OPENCL FP_CONTRACT ON
#pragma OPENCL EXTENSION cl_khr_byte_addressable_store : enable

typedef float4 __attribute__((aligned(16))) afloat4;
typedef int myint_t;

__kernel __attribute__((work_group_size_hint(64, 1, 1)))
         __attribute__((vec_type_hint(float4)))
void scale_bias(__global const afloat4 *restrict in,
                __global afloat4 *restrict out,
                const float scale,
                __constant const float *restrict bias,
                volatile __global myint_t *counter)
{
    const size_t i = get_global_id(0);
    const float4 b = (float4)(bias[0], bias[1], bias[2], bias[3]);
    out[i] = mad(in[i], (float4)scale, b);
    if (i == get_global_size(0) - 1u)
        atomic_inc(counter);
}

kernel __attribute__((reqd_work_group_size(8, 8, 1)))
void literals(global ulong *out, local uint *scratch)
{
    size_t i = get_global_id(1) * get_global_size(0) + get_global_id(0);
    uint l = get_local_id(1) * 8 + get_local_id(0);
    scratch[l] = 0x7fffffffU + 1u + 012;
    barrier(CLK_LOCAL_MEM_FENCE);
    ulong big = 18446744073709551615UL;
    long neg = -9223372036854775807L - 1;
    float h = 0x1.8p1f + 1e-3f + .5f + 2.f;
    float d = 1.0f / 3.0f;
    out[i] = big - (ulong)neg + scratch[63 - l] + (ulong)h + (d > 0.3f ? 1 : 0) + 'A' + '\n';
}
