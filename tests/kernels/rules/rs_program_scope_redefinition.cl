// cl-std: CL2.0
// C99 6.9.2 and 6.2.2: a program-scope variable may be declared again (extern, or a tentative
// definition): it is the same object. Two definitions with an initializer, or declarations of
// different sizes or address spaces, are errors (clang: "redefinition of 'x'", "redeclaration
// of 'y' with a different type").
global int x = 1;
extern global int x;
global int x = 2; // expect-error: redefinition
extern global int y;
global int y = 3;
extern global long y; // expect-error: redefinition
global int z;
global int z;
kernel void k(global int *o) {
    o[0] = x + y + z;
}
