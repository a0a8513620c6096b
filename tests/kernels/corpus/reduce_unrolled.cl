// "Reduction #6" style: first add during global load, then a tree in local memory,
// and the last 32 steps unrolled through a volatile pointer. The unrolled tail
// relies on lock-step warps, which OpenCL does NOT guarantee: a classic race that
// a race detector should flag when the work-group is larger than the hardware SIMD.

#ifndef BLOCK
#define BLOCK 256
#endif

void warp_reduce(volatile __local float *sdata, unsigned int tid)
{
    if (BLOCK >= 64) sdata[tid] += sdata[tid + 32];
    if (BLOCK >= 32) sdata[tid] += sdata[tid + 16];
    if (BLOCK >= 16) sdata[tid] += sdata[tid + 8];
    if (BLOCK >= 8)  sdata[tid] += sdata[tid + 4];
    if (BLOCK >= 4)  sdata[tid] += sdata[tid + 2];
    if (BLOCK >= 2)  sdata[tid] += sdata[tid + 1];
}

__kernel void reduce_unrolled(__global const float *g_idata,
                              __global float *g_odata,
                              unsigned int n,
                              __local float *sdata)
{
    unsigned int tid = get_local_id(0);
    unsigned int i = get_group_id(0) * (BLOCK * 2) + tid;
    unsigned int gridSize = BLOCK * 2 * get_num_groups(0);

    float sum = 0.0f;
    while (i < n) {
        sum += g_idata[i];
        if (i + BLOCK < n)
            sum += g_idata[i + BLOCK];
        i += gridSize;
    }
    sdata[tid] = sum;
    barrier(CLK_LOCAL_MEM_FENCE);

    if (BLOCK >= 512) { if (tid < 256) sdata[tid] += sdata[tid + 256]; barrier(CLK_LOCAL_MEM_FENCE); }
    if (BLOCK >= 256) { if (tid < 128) sdata[tid] += sdata[tid + 128]; barrier(CLK_LOCAL_MEM_FENCE); }
    if (BLOCK >= 128) { if (tid <  64) sdata[tid] += sdata[tid +  64]; barrier(CLK_LOCAL_MEM_FENCE); }

    if (tid < 32)
        warp_reduce(sdata, tid);

    if (tid == 0)
        g_odata[get_group_id(0)] = sdata[0];
}
