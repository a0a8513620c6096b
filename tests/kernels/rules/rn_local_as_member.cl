// `local` cannot name a struct member in a member access.
struct S { int a; };
kernel void k(global int *out) {
    struct S s = {1};
    out[0] = s.local; // expect-error: syntax-error
}
