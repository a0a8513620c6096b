// One struct member is set, the other one is read.
// expect: uninitialized-read private line 13 count 8
typedef struct {
    char tag;
    int value;
} Item;

__kernel void struct_member_not_set(__global int *out)
{
    Item a;
    a.tag = 3;
    Item b = a;
    out[get_global_id(0)] = b.value;
}
