// cl-std: CL2.0
// Legal in 2.0 too: an initialized __constant variable at the kernel's outermost scope.
kernel void k(global int *out) {
    constant int c = 5;
    out[0] = c;
}
