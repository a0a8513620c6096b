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
