// All-pairs n-body step with local-memory tiling of body positions.
// pos.w holds the mass; softening avoids the singularity at r = 0.

__kernel void nbody_step(__global const float4 *pos_old,
                         __global float4 *pos_new,
                         __global float4 *vel,
                         __local float4 *tile,
                         const int nbodies,
                         const float dt,
                         const float eps2)
{
    const int gid = get_global_id(0);
    const int lid = get_local_id(0);
    const int lsize = get_local_size(0);

    float4 p = pos_old[gid];
    float4 a = (float4)(0.0f);

    for (int base = 0; base < nbodies; base += lsize) {
        tile[lid] = pos_old[base + lid];
        barrier(CLK_LOCAL_MEM_FENCE);

        for (int j = 0; j < lsize; ++j) {
            float4 q = tile[j];
            float4 d = q - p;
            d.w = 0.0f;
            float r2 = dot(d, d) + eps2;
            float inv = rsqrt(r2);
            float inv3 = inv * inv * inv;
            a += q.w * inv3 * d;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    float4 v = vel[gid];
    v.xyz += dt * a.xyz;
    p.xyz += dt * v.xyz;
    vel[gid] = v;
    pos_new[gid] = p;
}
