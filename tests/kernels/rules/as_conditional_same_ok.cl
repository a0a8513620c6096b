// Legal: both operands of ?: point to __global.
kernel void k(global int *a, global int *b, int c) {
    global int *p = c ? a : b;
    p[0] = 1;
}
