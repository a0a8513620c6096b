// An index past a fixed-size array member that still lands inside the enclosing struct:
// work-items 2 and 3 write and read s.b[2] and s.b[3] of `char b[2]` (Oclgrind's
// "exceeds static array size"). The buffer bounds alone would not see it.
// expect: array-index line 14
// expect: array-index line 15
struct S {
    int a;
    char b[2];
};
__kernel void static_array_member(__global char *output)
{
    volatile struct S s = {-1, {42, 7}};
    int i = get_global_id(0);
    s.b[i] = i;
    output[i] = s.b[i];
}
// EXACT Argument 'output': 4 bytes
// EXACT   output[0] = 0
// EXACT   output[1] = 1
// EXACT   output[2] = 2
// EXACT   output[3] = 3
