// Legal: a __constant char pointer to a string literal, and a private array copy of one.
kernel void k(global char *out) {
    constant char *p = "hello";
    char buf[] = "copy";
    buf[0] = p[1];
    out[0] = buf[0];
}
