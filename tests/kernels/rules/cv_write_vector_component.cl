// Writing a component of a __constant vector.
constant float4 origin = (float4)(0.0f);
kernel void k(global float *out) {
    origin.x = 1.0f; // expect-error: constant-write
    out[0] = origin.y;
}
