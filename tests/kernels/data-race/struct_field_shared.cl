// Every work-item writes the same field of one __local struct: write-write races.
// expect: data-race local line 12,12 hazard WAW race write-write count 7
typedef struct {
    int a;
    int b;
} Pair;

__kernel void struct_field_shared(__global int *out)
{
    __local Pair p;
    int lid = get_local_id(0);
    p.a = lid;
    p.b = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = p.a + p.b;
}
// EXACT Argument 'out': 32 bytes
// EXACT   out[0] = 7
// EXACT   out[1] = 7
// EXACT   out[2] = 7
// EXACT   out[3] = 7
// EXACT   out[4] = 7
// EXACT   out[5] = 7
// EXACT   out[6] = 7
// EXACT   out[7] = 7
