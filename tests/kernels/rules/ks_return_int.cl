// A kernel function must return void (spec 6.9.i).
kernel int k(global int *out) { // expect-error: kernel-return-type
    out[0] = 1;
    return 0;
}
