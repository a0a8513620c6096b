// Built-in calls clang -cl-std=CL1.2 accepts through implicit conversions of arguments: a
// scalar argument widens to the vector gentype another argument fixes (OpenCL C 6.2.1:
// scalar to vector conversions are implicit), and char/short arguments promote to int for
// the int-only built-ins (mul24, mad24).
kernel void k(global float *o, global int *n, float f, short s, uchar c) {
    float4 v = (float4)(f);
    o[0] = mix(v, 2.0f, 0.5f).x;
    o[1] = fmax(1.0f, v).x + fmin(v, v).y;
    o[2] = pown(v, 2).z + ldexp(v, 3).w;
    o[3] = hypot(v, 1.0f).x + clamp(1.0f, v, 2.0f).y;
    n[0] = mul24(s, s) + mad24(c, c, s);
}
