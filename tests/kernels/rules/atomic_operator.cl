// cl-std: CL2.0
// Atomic objects change only through the atomic functions (OpenCL C 2.0 6.13.11.6); a
// plain read (`int b = *p;`) is allowed, as clang allows it.
kernel void k(global atomic_int *p, global int *out) {
    int b = *p;
    int c = *p + 1; // expect-error: atomic-operator
    (*p)++; // expect-error: atomic-operator
    *p += 2; // expect-error: atomic-operator
    *p = 3; // expect-error: atomic-operator
    atomic_fetch_add(p, 1);
    out[0] = b + c;
}
