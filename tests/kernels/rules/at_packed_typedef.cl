// `packed` on a plain typedef has no effect and warns (spec attribute page).
typedef int packed_int __attribute__((packed)); // expect-warning: packed-typedef
kernel void k(global int *out) { packed_int v = 1; out[0] = v; }
