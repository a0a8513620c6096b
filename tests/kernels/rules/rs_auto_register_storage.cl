// OpenCL C 6.9 (1.x; 6.11 in 2.0): the auto and register storage-class specifiers are not
// supported (clang: "OpenCL C version 1.2 does not support the 'register' storage class
// specifier").
kernel void k(global int *o) {
    register int r = 1; // expect-error: unsupported-storage-class
    auto int a = 2; // expect-error: unsupported-storage-class
    o[0] = r + a;
}
