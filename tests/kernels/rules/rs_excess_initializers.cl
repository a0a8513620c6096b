// C99 6.7.8p2: an initializer list may not provide more values than the object holds. clang
// (and so every clang-based OpenCL compiler) only warns for arrays, structs and scalars and
// ignores the extra values; for vectors it is an error.
typedef struct { int a; } S;
kernel void k(global int *o) {
    int a[2] = {1, 2, 3}; // expect-warning: excess-initializers
    S s = {4, 5}; // expect-warning: excess-initializers
    int x = {6, 7}; // expect-warning: excess-initializers
    int b[2] = {1, 2, 3, [0] = 8}; // expect-warning: excess-initializers
    int4 v = (int4){1, 2, 3, 4, 5}; // expect-error: excess-initializers
    o[0] = a[1] + s.a + x + b[0] + v.x;
}
