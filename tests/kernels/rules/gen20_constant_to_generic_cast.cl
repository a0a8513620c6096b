// cl-std: CL2.0
// Even an explicit cast cannot turn a __constant pointer into a generic one.
kernel void k(constant int *c, global int *out) {
    int *p = (int *)c; // expect-error: address-space-cast
    out[0] = *p;
}
