// Writing to a __constant variable is a compile-time error (spec 6.5.3).
constant int limit = 10;
kernel void k(global int *out) {
    limit = 11; // expect-error: constant-write
    out[0] = limit;
}
