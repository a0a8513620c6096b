// The same particle update written twice: array-of-structs (AoS) and
// struct-of-arrays (SoA). SoA gives unit-stride, coalesced accesses.

typedef struct {
    float px, py, pz;
    float vx, vy, vz;
    float mass;
    int alive;
} ParticleAoS;

typedef struct {
    __global float *px, *py, *pz;
} PosPtrs;   // only usable inside a kernel (pointers to global)

__kernel void integrate_aos(__global ParticleAoS *p, const float dt, const float g)
{
    int i = get_global_id(0);
    if (!p[i].alive)
        return;
    p[i].vy -= g * dt;
    p[i].px += p[i].vx * dt;
    p[i].py += p[i].vy * dt;
    p[i].pz += p[i].vz * dt;
    if (p[i].py < 0.0f)
        p[i].alive = 0;
}

__kernel void integrate_soa(__global float *px, __global float *py, __global float *pz,
                            __global float *vx, __global float *vy, __global const float *vz,
                            __global int *alive, const float dt, const float g)
{
    int i = get_global_id(0);
    if (!alive[i])
        return;
    PosPtrs pos = { px, py, pz };
    vy[i] -= g * dt;
    pos.px[i] += vx[i] * dt;
    pos.py[i] += vy[i] * dt;
    pos.pz[i] += vz[i] * dt;
    alive[i] = pos.py[i] >= 0.0f;
}
