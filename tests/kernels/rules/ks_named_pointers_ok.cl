// Legal: pointers to each named address space, const/restrict/volatile qualified.
kernel void k(global float *restrict out, local float *tmp, constant float *coeff,
              const global float *in, volatile global int *flag) {
    tmp[0] = in[0] * coeff[0];
    out[0] = tmp[0] + *flag;
}
