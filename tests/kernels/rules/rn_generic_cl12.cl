// The generic address space qualifier does not exist before OpenCL C 2.0 (spec 6.5.5).
void f(generic int *p) { *p = 1; } // expect-error: generic-before-cl20
kernel void k(global int *out) { out[0] = 0; }
