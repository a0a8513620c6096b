// C99 6.5.4p4: a pointer may be cast to or from an integer type or another pointer, never
// to or from a floating type or a vector (clang: "pointer cannot be cast to type 'float'").
kernel void k(global int *o, float f) {
    float x = (float)o; // expect-error: invalid-cast
    global int *p = (global int *)f; // expect-error: invalid-cast
    float4 v = (float4)o; // expect-error: invalid-cast
    o[0] = (int)x + (int)v.x + p[0];
    o[1] = (int)(long)o + (int)((size_t)o & 3) + ((global int *)(size_t)o)[0];
}
