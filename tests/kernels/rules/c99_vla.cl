// Variable length arrays are not supported (spec 6.9.d).
kernel void k(global int *out, int n) {
    int tmp[n]; // expect-error: variable-length-array
    tmp[0] = 1;
    out[0] = tmp[0];
}
