// Legal: array sizes that are integer constant expressions.
#define N 8
enum { M = 3 };
kernel void k(global int *out) {
    int a[N];
    int b[M * 2 + 1];
    float c[sizeof(float4) / sizeof(float)];
    int d[] = {1, 2, 3};
    a[0] = b[0] = d[0];
    c[0] = 0.0f;
    out[0] = a[0] + (int)c[0];
}
