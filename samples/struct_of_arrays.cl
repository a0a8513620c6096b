// struct_of_arrays: the same particle update on two data layouts.
//   AoS (array of structs):  aos[i].x, aos[i].y, aos[i].vx, aos[i].vy -- 16-byte records
//   SoA (struct of arrays):  x[i], y[i], vx[i], vy[i]                  -- 4 separate arrays
// What it teaches: struct layout (sizeof, member offsets) and memory access patterns:
// neighbouring work-items touch addresses 16 bytes apart in AoS but 4 bytes apart in SoA
// (SoA coalesces on a GPU). Watch in the debugger: the global memory access trace of
// work-items 0..7 for each layout; both outputs must agree exactly.

typedef struct {
    float x, y;        // position
    float vx, vy;      // velocity
} Particle;            // sizeof(Particle) == 16

#define GRAVITY -9.81f

__kernel void struct_of_arrays(__global Particle *aos,
                               __global float *x, __global float *y,
                               __global float *vx, __global float *vy,
                               const float dt)
{
    const int i = get_global_id(0);

    // Array of structs
    Particle p = aos[i];
    p.vy += GRAVITY * dt;
    p.x += p.vx * dt;
    p.y += p.vy * dt;
    if (p.y < 0.0f) {            // bounce on the floor
        p.y = -p.y;
        p.vy = -p.vy;
    }
    aos[i] = p;

    // Struct of arrays: identical arithmetic, different addresses
    float pvy = vy[i] + GRAVITY * dt;
    float px = x[i] + vx[i] * dt;
    float py = y[i] + pvy * dt;
    if (py < 0.0f) {
        py = -py;
        pvy = -pvy;
    }
    x[i] = px;
    y[i] = py;
    vy[i] = pvy;
}
