// String literals are in __constant: they cannot be modified.
kernel void k(global char *out) {
    "abc"[0] = 'x'; // expect-error: constant-write
    out[0] = 'a';
}
