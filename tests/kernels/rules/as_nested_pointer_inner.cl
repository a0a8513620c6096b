// Nested pointers: the innermost pointees differ (__global vs __local).
void f(global int *private *a) {
    local int *private *b = a; // expect-error: address-space-mismatch
    (*b)[0] = 1;
}
kernel void k(global int *g) {
    global int *p = g;
    f(&p);
}
