// Excess initializer elements (C99 6.7.8p2) are ignored, as clang-based compilers do (POCL
// gives the same values): the rest of the list after the first excess element is dropped,
// a later designator included; an unsized array takes its size from the highest index.
// The warnings are compile-time diagnostics; the run reports nothing.
// expect-none
typedef struct { int a; } S;
__kernel void excess_initializers_ignored(__global int *out)
{
    int a[2] = {1, 2, 3};
    S s = {4, 5};
    int x = {6, 7};
    int b[3] = {1, 2, 3, 9, [0] = 8};
    int c[] = {1, 2, [5] = 3};
    out[0] = a[1];
    out[1] = s.a;
    out[2] = x;
    out[3] = b[0] * 100 + b[1] * 10 + b[2];
    out[4] = sizeof(c) / sizeof(c[0]);
    out[5] = c[5] + c[4];
}
// EXACT Argument 'out': 24 bytes
// EXACT   out[0] = 2
// EXACT   out[1] = 4
// EXACT   out[2] = 6
// EXACT   out[3] = 123
// EXACT   out[4] = 6
// EXACT   out[5] = 3
