// Legal: the argument of `aligned` is any integer constant expression, sizeof included
// (pyopencl-complex.h writes aligned(sizeof(float)) and aligned(2*sizeof(float))).
typedef struct { float x, y; } __attribute__((aligned(2 * sizeof(float)))) pair_t;
struct S { char c; int i __attribute__((aligned(sizeof(int) * 2))); };
kernel void k(global float *out) {
    pair_t p;
    p.x = 1.0f;
    p.y = 2.0f;
    out[0] = p.x + p.y + (float)sizeof(struct S);
}
