// A kernel cannot be called main.
kernel void main(global int *out) { out[0] = 1; } // expect-error: kernel-main
