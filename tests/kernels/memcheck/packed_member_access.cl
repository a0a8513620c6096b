// Negative control: members of a packed struct sit at unaligned offsets, and accessing them
// by name (`.`, `->`, compound assignment, increment) is what `packed` is for: the compiler
// emits unaligned accesses, so none of these is a misaligned access.
// expect-none
typedef struct __attribute__((packed)) {
    char tag;
    float value;
    int count;
} Sample;

__kernel void packed_member_access(__global Sample *samples, __global float *out)
{
    int gid = get_global_id(0);
    Sample s;
    s.tag = 1;
    s.value = 2.5f;
    s.count = gid;
    s.value *= 2.0f;
    s.count++;
    __global Sample *g = &samples[gid];
    g->value = s.value + s.tag;
    g->count += s.count;
    out[gid] = g->value + samples[gid].count;
}
// EXACT Argument 'out': 16 bytes
// EXACT   out[0] = 7
// EXACT   out[1] = 8
// EXACT   out[2] = 9
// EXACT   out[3] = 10
