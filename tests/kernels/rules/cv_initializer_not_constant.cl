// The initializer of a __constant variable must be a compile-time constant (spec 6.5.3).
kernel void k(global int *g) {
    constant int first = g[0]; // expect-error: constant-initializer-not-constant
    g[1] = first;
}
