// String literals are stored in __constant (spec 6.5.3): `char *` points to __private in 1.x.
kernel void k(global char *out) {
    char *p = "x"; // expect-error: address-space-mismatch
    out[0] = p[0];
}
