// OpenCL C 6.2.6: in an operation on a vector and a scalar, the scalar is converted to the
// vector's element type; a scalar of greater rank than that element type is an error (clang
// -cl-std=CL1.2: "scalar operand type has greater rank than the type of the vector
// element"). Integer literals are int and floating literals double, so they count too; an
// unsigned type ranks above the signed type of its width.
kernel void k(global float *o, int x, uint u, long l, double d) {
    float4 a = 1.0f;
    int4 i = 1;
    char4 c = 1;
    o[0] = (a * 0.5).x; // expect-error: vector-scalar-rank
    o[1] = (a + d).x; // expect-error: vector-scalar-rank
    o[2] = (c + 1).x; // expect-error: vector-scalar-rank
    o[3] = (i * l).x; // expect-error: vector-scalar-rank
    o[4] = (i + 1.0f).x; // expect-error: vector-scalar-rank
    o[5] = (c == 1).x; // expect-error: vector-scalar-rank
    o[6] = (c & 1).x; // expect-error: vector-scalar-rank
    o[7] = (x ? a : 0.5).x; // expect-error: vector-scalar-rank
    o[9] = (i * u).x; // expect-error: vector-scalar-rank
    a += 0.5; // expect-error: vector-scalar-rank
    c *= x; // expect-error: vector-scalar-rank
    o[10] = a.x + c.x;
}
