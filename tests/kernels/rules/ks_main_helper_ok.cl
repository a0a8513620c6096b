// Legal look-alikes: a kernel named main_kernel and a non-kernel helper function.
int twice(int x) { return 2 * x; }
kernel void main_kernel(global int *out) { out[0] = twice(1); }
