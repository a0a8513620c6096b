// cl-std: CL1.1
// Legal (OpenCL C 1.0/1.1): endian(host) on a pointer records host byte order in its type.
kernel void k(global float4 *in __attribute__((endian(host))), global float4 *out) {
    global float4 *p __attribute__((endian(host))) = in;
    out[0] = p[0];
}
