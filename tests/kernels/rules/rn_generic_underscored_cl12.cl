// ... spelled __generic either.
void f(__generic float *p) { *p = 1.0f; } // expect-error: generic-before-cl20
kernel void k(global int *out) { out[0] = 0; }
