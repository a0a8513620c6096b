// cl-std: CL3.0
// Legal in OpenCL C 3.0 (6.1.7): r, g, b, a name components 0 to 3, like x, y, z, w.
kernel void k(global float4 *p) {
    float4 a = p[0];
    a.r = 1.0f;
    p[0] = a.bgra;
}
