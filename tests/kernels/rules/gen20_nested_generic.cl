// cl-std: CL2.0
// Only the outermost pointer converts to generic: `global int **` is not `int **`.
void f(global int **a) {
    int **b = a; // expect-error: address-space-mismatch
    **b = 1;
}
kernel void k(global int *g) {
    global int *p = g;
    f(&p);
}
