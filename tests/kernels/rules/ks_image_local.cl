// Image objects are always in __global: a __local image parameter is an error.
kernel void k(local image2d_t img, global float *out) { out[0] = 0.0f; } // expect-error: image-address-space
