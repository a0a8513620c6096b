// C99 6.7p3: a variable is declared at most once in a block scope, and the outermost block of
// a function body is the scope of the parameters (clang: "redefinition of 'x'"). A nested
// block may shadow.
kernel void k(global int *o, int n) {
    int x = 1;
    int x = 2; // expect-error: redefinition
    int n = 3; // expect-error: redefinition
    {
        int x = 4;
        o[1] = x;
    }
    for (int i = 0; i < 2; ++i) {
        int n = i;
        o[2] += n;
    }
    o[0] = x;
}
