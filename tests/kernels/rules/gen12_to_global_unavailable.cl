// to_global is an OpenCL C 2.0 builtin: it does not exist in 1.2.
kernel void k(global int *g) {
    global int *p = to_global(g); // expect-error: undeclared-function
    p[0] = 1;
}
