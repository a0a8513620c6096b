// Legal: images with access qualifiers, and samplers.
kernel void k(read_only image2d_t src, write_only image2d_t dst, sampler_t s,
              global float *out) {
    out[0] = 0.0f;
}
