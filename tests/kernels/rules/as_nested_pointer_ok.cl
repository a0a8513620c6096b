// Legal: nested pointers whose address spaces agree at every level.
void f(global int *private *a) {
    global int *private *b = a;
    (*b)[0] = 1;
}
kernel void k(global int *g) {
    global int *p = g;
    f(&p);
}
