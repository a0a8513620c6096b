// A member of a __constant struct is read-only as well.
typedef struct { int a; float b; } Params;
constant Params params = {1, 2.0f};
kernel void k(global float *out) {
    params.a = 3; // expect-error: constant-write
    out[0] = params.b;
}
