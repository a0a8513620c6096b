// struct_layouts: the same three members laid out three ways, side by side in memory.
//   Natural    { char tag; int value; short count; }  sizeof 12: 3 padding bytes after
//              `tag` (int is 4-aligned) and 2 at the end (sizeof is a multiple of 4)
//   Aligned16  the same, __attribute__((aligned(16))):   sizeof 16: 4 more tail bytes
//   Packed     the same, __attribute__((packed)):        sizeof 7: no padding, `value`
//              at offset 1 and `count` at offset 5 (unaligned)
// What it teaches: spec 6.11.1 (aligned, packed) and 6.1.5 (alignment of types): where the
// padding goes, and why a host-side struct must match the device's layout byte for byte.
// Watch in the debugger: each __global pane shows one block per element with a row per
// member (name, offset, size, type, value) and the padding hatched. The buffers start
// filled with 0xee, so padding bytes the kernel never writes keep that value.

typedef struct {
    char tag;
    int value;
    short count;
} Natural;

typedef struct __attribute__((aligned(16))) {
    char tag;
    int value;
    short count;
} Aligned16;

typedef struct __attribute__((packed)) {
    char tag;
    int value;
    short count;
} Packed;

__kernel void struct_layouts(__global Natural *natural, __global Aligned16 *aligned16,
                             __global Packed *packed, __global uint *sizes)
{
    const int i = get_global_id(0);
    natural[i].tag = 'a' + i;
    natural[i].value = 1000 + i;
    natural[i].count = (short)(3 * i);
    aligned16[i].tag = 'a' + i;
    aligned16[i].value = 1000 + i;
    aligned16[i].count = (short)(3 * i);
    packed[i].tag = 'a' + i;
    packed[i].value = 1000 + i;
    packed[i].count = (short)(3 * i);
    if (i == 0) {
        sizes[0] = sizeof(Natural);
        sizes[1] = sizeof(Aligned16);
        sizes[2] = sizeof(Packed);
    }
}
