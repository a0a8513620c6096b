// cl-std: CL2.0
// Legal in 2.0: ?: with a generic and a __global operand yields a generic pointer, and a
// generic parameter accepts the address of a private variable (spec 6.5.5 examples).
void bump(int *p) { *p += 1; }
kernel void k(global int *g, int c) {
    int x = 0;
    int *p = &x;
    int *q = c ? p : g;
    bump(q);
    bump(&x);
    g[0] = x;
}
