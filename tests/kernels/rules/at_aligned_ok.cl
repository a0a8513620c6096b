// Legal (spec attribute examples): power-of-two alignments on variables, members, structs.
struct foo { int x[2] __attribute__((aligned(8))); };
struct bar { char a; int x[2] __attribute__((packed)); };
typedef struct __attribute__((packed)) { char c; int i; } PackedPair;
typedef int aligned_int __attribute__((aligned(16)));
constant int x __attribute__((aligned(16))) = 0;
kernel void k(global int *out) {
    short array[3] __attribute__((aligned));
    struct foo f;
    array[0] = 1;
    f.x[0] = array[0];
    out[0] = f.x[0] + x + sizeof(struct bar) + sizeof(PackedPair) + sizeof(aligned_int);
}
