// Incrementing the pointee of a __constant pointer writes __constant memory.
kernel void k(constant int *c, global int *out) {
    (*c)++; // expect-error: constant-write
    out[0] = c[1];
}
