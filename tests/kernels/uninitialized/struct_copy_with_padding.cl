// Negative control: copying a struct copies its never-written padding bytes too,
// which is not a use of them (copies carry the initialized state along).
// expect-none
typedef struct {
    char tag;
    int value;
} Item;

__kernel void struct_copy_with_padding(__global int *out)
{
    Item a;
    a.tag = 3;
    a.value = get_global_id(0);
    Item b = a;
    Item c;
    c = b;
    out[get_global_id(0)] = c.tag + c.value;
}
// EXACT Argument 'out': 32 bytes
// EXACT   out[0] = 3
// EXACT   out[1] = 4
// EXACT   out[2] = 5
// EXACT   out[3] = 6
// EXACT   out[4] = 7
// EXACT   out[5] = 8
// EXACT   out[6] = 9
// EXACT   out[7] = 10
