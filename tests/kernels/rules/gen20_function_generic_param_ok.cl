// cl-std: CL2.0
// Legal (spec 6.5.5 canonical example): one function taking a generic pointer serves
// callers with __global and __local pointers.
void foo(int *a) { *a = *a + 2; }
kernel void k1(local int *a) { foo(a); }
kernel void k2(global int *a) { foo(a); }
