// Legal: builtins that only read (vload, vload_half) accept pointers to __constant.
kernel void k(constant float *src, constant half *h, global float *out) {
    out[0] = vload4(0, src).x + vload_half(1, h);
}
