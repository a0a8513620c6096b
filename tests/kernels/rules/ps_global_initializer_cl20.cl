// cl-std: CL2.0
// A __global program-scope variable needs a constant initializer (C99 6.7.8).
constant int seed = 3;
int copy = get_work_dim(); // expect-error: global-initializer-not-constant
kernel void k(global int *out) { out[0] = copy + seed; }
