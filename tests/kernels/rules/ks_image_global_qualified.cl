// clang rejects any address-space qualifier on an image parameter, even __global.
kernel void k(global image2d_t img, global float *out) { out[0] = 0.0f; } // expect-error: image-address-space
