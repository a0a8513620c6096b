// Bit-fields are not supported (spec 6.9.c).
struct Flags {
    uint ready : 1; // expect-error: bit-field
    uint count;
};
kernel void k(global uint *out) { out[0] = 0; }
