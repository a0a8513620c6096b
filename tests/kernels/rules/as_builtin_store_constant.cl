// vstore cannot write through a pointer to __constant.
kernel void k(constant float *c) {
    vstore4((float4)(0.0f), 0, c); // expect-error: constant-write
}
