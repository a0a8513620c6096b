// Writing a member through a pointer to a __constant struct.
typedef struct { int a; float b; } Params;
kernel void k(constant Params *p, global float *out) {
    p->a = 1; // expect-error: constant-write
    out[0] = p->b;
}
