// Three 24 MiB __private arrays: each is within the 64 MiB private memory limit, but the
// limit is per work-item (docs/reliability.md), and the third brings it to 72 MiB.
// expect: allocation-too-large line 8
__kernel void private_memory_per_work_item(__global int *out)
{
    char a[24 << 20];
    char b[24 << 20];
    char c[24 << 20];
    a[1] = 1;
    b[2] = 2;
    c[3] = 3;
    out[0] = a[1] + b[2] + c[3];
}
