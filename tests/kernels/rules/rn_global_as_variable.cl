// Address-space names are reserved (spec 6.5): `global` cannot name a variable. The lexer
// makes it a keyword, so the parser rejects the declaration (clang: "expected identifier").
kernel void k(global int *out) {
    int global = 1; // expect-error: syntax-error
    out[0] = 0;
}
