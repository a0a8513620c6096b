// The built-in functions are overloaded (OpenCL C 6.12); clang picks an overload as C++ does:
// exact match beats promotion (char, short -> int; float -> double) beats conversion, and a
// call where no overload is best for every argument is ambiguous. clang -cl-std=CL1.2 (and
// so POCL) rejects each call below; the usual arithmetic conversions do not apply here.
kernel void k(global float *o, int x, uint u, long l, char c, float f, double d) {
    size_t s = get_global_id(0);
    o[0] = min(x, u); // expect-error: ambiguous-builtin-call
    o[1] = max(s, x); // expect-error: ambiguous-builtin-call
    o[2] = min(s, 16u); // expect-error: ambiguous-builtin-call
    o[3] = max(c, x); // expect-error: ambiguous-builtin-call
    o[4] = min(f, 1); // expect-error: ambiguous-builtin-call
    o[5] = max(f, 0.0); // expect-error: ambiguous-builtin-call
    o[6] = clamp(f, 0, 1); // expect-error: ambiguous-builtin-call
    o[7] = clamp(s, 0, 10); // expect-error: ambiguous-builtin-call
    o[8] = hypot(f, d); // expect-error: ambiguous-builtin-call
    o[9] = mad24(x, u, x); // expect-error: ambiguous-builtin-call
    o[10] = rotate(x, u); // expect-error: ambiguous-builtin-call
    o[11] = abs_diff(l, x); // expect-error: ambiguous-builtin-call
}
