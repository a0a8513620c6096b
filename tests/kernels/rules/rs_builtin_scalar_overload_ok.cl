// Calls with one best overload (clang -cl-std=CL1.2 accepts them): all arguments of one
// type, a float with an int literal where float beats double (exact + conversion against
// promotion + conversion), scalars broadcast over a vector gentype, and the single-type
// built-ins (native_*, get_global_id) that convert any scalar.
kernel void k(global float *o, int x, uint u, char c, float f, float4 v) {
    size_t s = get_global_id(0);
    o[0] = min(x, 4);
    o[1] = max(u, 3u);
    o[2] = min(s, (size_t)16);
    o[3] = clamp(f, 0.0f, 1.0f);
    o[4] = fmin(f, 1);
    o[5] = pow(f, 2);
    o[6] = fmax(f, 0.5f);
    o[7] = min(v, f).x + min(v, 1.0f).y + clamp(v, 0.0f, 1.0f).z;
    o[8] = max(c, c) + popcount(c) + abs(x);
    o[9] = native_sqrt(f) + (float)get_global_id(x) + ldexp(f, x) + pown(f, 2);
    o[10] = mad24(x, x, 1) + mul24(u, u) + rotate(u, 3u);
}
