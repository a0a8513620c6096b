// A non-pointer kernel parameter qualified __local.
kernel void k(local float x, global float *out) { // expect-error: parameter-address-space
    out[0] = x;
}
