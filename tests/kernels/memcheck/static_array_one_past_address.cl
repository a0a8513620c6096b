// Negative control: `&s.b[2]` (one past the end of `char b[2]`) is a valid pointer
// (C99 6.5.6p8) as long as it is not dereferenced, and the last element is in range.
// expect-none
struct S {
    int a;
    char b[2];
    char c[2];
};
__kernel void static_array_one_past_address(__global int *out)
{
    struct S s = {1, {2, 3}, {4, 5}};
    char *end = &s.b[2];
    char *first = &s.b[0];
    out[get_global_id(0)] = (int)(end - first) + s.b[1];
}
// EXACT Argument 'out': 8 bytes
// EXACT   out[0] = 5
// EXACT   out[1] = 5
