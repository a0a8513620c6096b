// C99 6.5.6p3: the operands of a pointer subtraction point to compatible types (clang:
// "'__global int *' and '__global float *' are not pointers to compatible types");
// qualifiers of the pointed-to type do not matter.
kernel void k(global int *o, global const int *c) {
    global float *f = (global float *)o;
    o[0] = o - f; // expect-error: invalid-operands
    o[1] = (o + 2) - c;
}
