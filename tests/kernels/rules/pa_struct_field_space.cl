// Struct members cannot carry an address space qualifier (6.5).
struct S {
    global int m; // expect-error: field-address-space
};
kernel void k(global int *out) { out[0] = 0; }
