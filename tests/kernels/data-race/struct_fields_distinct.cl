// Negative control: two work-items write different fields of the same __local
// struct (distinct bytes), then read both after a barrier.
// expect-none
typedef struct {
    int a;
    int b;
} Pair;

__kernel void struct_fields_distinct(__global int *out)
{
    __local Pair p[4];
    int lid = get_local_id(0);
    if (lid % 2 == 0)
        p[lid / 2].a = lid;
    else
        p[lid / 2].b = lid;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = p[lid / 2].a + p[lid / 2].b;
}
// EXACT Argument 'out': 32 bytes
// EXACT   out[0] = 1
// EXACT   out[1] = 1
// EXACT   out[2] = 5
// EXACT   out[3] = 5
// EXACT   out[4] = 9
// EXACT   out[5] = 9
// EXACT   out[6] = 13
// EXACT   out[7] = 13
