// Benchmark: one all-pairs n-body step for 4096 bodies (16.7M interactions), local 64,
// positions tiled through __local memory. pos.w is the mass. Every 256th body copies
// its new velocity into `probe` (16 float4), the only dumped argument.
// Written without float3 and without .xyz arithmetic on purpose: Oclgrind 21.10's
// --uninitialized checker crashes (SIGSEGV) on 3-element vector shuffles such as
// (float4)(p.xyz * 2.0f, p.w) or np.xyz += v.xyz * dt.

#define TILE 64

__kernel void nbody(__global const float4 *pos,
                    __global float4 *vel,
                    __global float4 *new_pos,
                    __global float4 *probe,
                    const float dt,
                    const float eps2)
{
    __local float4 tile[TILE];
    const int gid = get_global_id(0);
    const int lid = get_local_id(0);
    const int n = get_global_size(0);

    const float4 p = pos[gid];
    float4 acc = (float4)(0.0f);             // .w stays 0

    for (int base = 0; base < n; base += TILE) {
        tile[lid] = pos[base + lid];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int j = 0; j < TILE; ++j) {
            float4 q = tile[j];
            float4 d = q - p;
            d.w = 0.0f;
            float inv = rsqrt(dot(d, d) + eps2);
            acc += d * (q.w * inv * inv * inv);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    float4 v = vel[gid];
    v += acc * dt;                           // acc.w == 0
    vel[gid] = v;
    float4 np = p + v * dt;
    np.w = p.w;
    new_pos[gid] = np;
    if ((gid & 255) == 0)
        probe[gid >> 8] = v;
}
