// ... nor, through a nested struct, a size_t member.
struct Inner { size_t n; };
struct Outer { int a; struct Inner in; };
kernel void k(struct Outer o, global int *out) { out[0] = o.a; } // expect-error: kernel-parameter-type
