// nbody_step: one time step of an all-pairs gravitational n-body simulation (32 bodies).
// pos.xyz is the position and pos.w the mass; positions are staged tile by tile in
// __local memory so each work-group reads every body from global memory only once.
// What it teaches: float4 arithmetic (mass in .w, zeroed where it must not count),
// tiling a O(n^2) loop through __local memory, softening.
// Watch in the debugger: the __local `tile` of float4 values being refilled 4 times
// (32 bodies / 8 per tile), and each work-item's private `acc` growing.

#define TILE 8

__kernel void nbody_step(__global const float4 *pos,
                         __global float4 *vel,
                         __global float4 *new_pos,
                         const float dt,
                         const float softening)
{
    __local float4 tile[TILE];
    const int gid = get_global_id(0);
    const int lid = get_local_id(0);
    const int n = get_global_size(0);

    const float4 p = pos[gid];
    float4 acc = (float4)(0.0f);          // .w stays 0

    for (int base = 0; base < n; base += TILE) {
        tile[lid] = pos[base + lid];
        barrier(CLK_LOCAL_MEM_FENCE);

        for (int j = 0; j < TILE; ++j) {
            float4 q = tile[j];
            float4 d = q - p;
            d.w = 0.0f;                       // direction only, not mass
            float dist2 = dot(d, d) + softening * softening;
            float inv_dist = 1.0f / sqrt(dist2);
            acc += d * (q.w * inv_dist * inv_dist * inv_dist);   // m * d / |d|^3
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    float4 v = vel[gid];
    v += acc * dt;                            // acc.w == 0, so v.w is untouched
    vel[gid] = v;
    float4 np = p + v * dt;
    np.w = p.w;                               // keep the mass
    new_pos[gid] = np;
}
