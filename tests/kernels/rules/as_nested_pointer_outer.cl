// Nested pointers: the pointed-to pointer lives in __local on one side, __private on the other.
void f(global int *local *a) {
    global int *private *b = a; // expect-error: address-space-mismatch
    (*b)[0] = 1;
}
kernel void k(global int *g) {
    global int *local slot;
    slot = g;
    f(&slot);
}
