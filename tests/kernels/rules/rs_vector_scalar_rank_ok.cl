// Vector-scalar operations clang -cl-std=CL1.2 accepts: the scalar's rank is at most the
// element type's (an unsigned scalar with a signed element of its width is not), any integer converts to a floating element,
// shifts convert their right operand on their own, and assignment converts like C.
kernel void k(global float *o, int x, uint u, long l) {
    float4 a = 1.0f;
    int4 i = 1;
    uint4 w = 1;
    char4 c = 1;
    double4 d4 = 1.0;
    o[0] = (a * 0.5f).x + (a * 2).x + (a * l).x + (d4 * 0.5f).x + (d4 * 1.0).x;
    o[1] = (i + x).x + (w + x).x + (w * 1).x;
    o[2] = (c + (char)1).x + (c << x).x + (i >> l).x;
    a = 0.5;
    c = 3;
    c <<= 1;
    i += 1;
    o[3] = a.x + c.x + i.x + (x ? a : 0.5f).y;
}
