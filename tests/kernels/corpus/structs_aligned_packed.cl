// Struct layout corner cases: explicit alignment, packed structs (no padding),
// nested structs and arrays inside structs. The layout must match the host's.

typedef struct __attribute__((packed)) {
    uchar tag;
    int value;          // offset 1 because the struct is packed
    short flags;
} PackedRecord;         // sizeof == 7

struct __attribute__((aligned(16))) Aligned16 {
    float x;
    int id;
};                      // sizeof == 16

typedef struct {
    char c;             // offset 0
    float4 v;           // offset 16
    short s[3];         // offset 32
    struct Aligned16 a; // offset 48
} Mixed;                // sizeof == 64

__kernel void unpack_records(__global const PackedRecord *recs,
                             __global int *values,
                             __global uchar *tags)
{
    size_t i = get_global_id(0);
    PackedRecord r = recs[i];
    values[i] = r.value + (r.flags & 0xFF);
    tags[i] = r.tag;
}

__kernel void touch_mixed(__global Mixed *m, __global int *sizes)
{
    size_t i = get_global_id(0);
    m[i].v *= 2.0f;
    m[i].s[0] = (short)m[i].c;
    m[i].a.x = m[i].v.x + m[i].v.w;
    m[i].a.id = (int)i;
    if (i == 0) {
        sizes[0] = sizeof(PackedRecord);
        sizes[1] = sizeof(struct Aligned16);
        sizes[2] = sizeof(Mixed);
        sizes[3] = __alignof__(Mixed);
    }
}
