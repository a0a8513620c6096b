// A component name past the vector's last component is an error (OpenCL C 6.1.7).
kernel void k(global float2 *p) {
    float2 a = p[0];
    a.z = 1.0f; // expect-error: invalid-swizzle
    p[0] = a;
}
