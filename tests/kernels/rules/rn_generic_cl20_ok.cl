// cl-std: CL2.0
// Legal in 2.0: an explicitly generic pointer parameter.
void f(generic int *p) { *p = 1; }
void g(__generic float *q) { *q = 2.0f; }
kernel void k(global int *a, local float *b) {
    f(a);
    g(b);
}
