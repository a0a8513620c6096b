// Legal: arithmetic on a pointer to __constant changes the pointer, not the constant data.
kernel void k(constant int *c, global int *out) {
    c += 2;
    c++;
    out[0] = *c;
}
