// Legal: a struct of scalars, vectors and arrays passed by value; pointers to bool, half,
// size_t and to a struct holding pointers (only by-value parameters are restricted).
typedef struct {
    float4 center;
    int ids[4];
    uint flags;
} Particle;
struct WithPtr { global int *p; };
kernel void k(Particle p, global bool *ok, global half *h, global size_t *sizes,
              global struct WithPtr *w, global float *out) {
    out[0] = p.center.x + p.ids[0] + ok[0] + vload_half(0, h) + sizes[0] + (w != 0);
}
