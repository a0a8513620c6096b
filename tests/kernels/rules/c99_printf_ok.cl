// Legal: printf is the one variadic function (OpenCL C 1.2, 6.12.13).
kernel void k(global int *out) {
    printf("%d %f\n", 1, 2.0f);
    out[0] = 0;
}
