// Legal (OpenCL C 6.1.7, as clang accepts it): x, y, z, w name components 0 to 3 of any vector
// width, so `.x` of a char8 and `.xy` of a char16 select within the vector (CTS test_relationals
// shuffle_copy uses them).
kernel void k(global char8 *p, global char16 *q) {
    char8 a = p[0];
    a.x = 1;
    p[0].w = a.y;
    char16 b = q[0];
    b.xy = (char2)(1, 2);
    b.wzyx = b.s0123;
    q[0] = b;
}
