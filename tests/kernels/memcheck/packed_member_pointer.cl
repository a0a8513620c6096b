// The address of a packed struct's float member is not 4-byte aligned: dereferencing it
// through a plain `float *` is a misaligned access.
// expect: misaligned-access line 12
typedef struct __attribute__((packed)) {
    char tag;
    float value;
} Sample;

__kernel void packed_member_pointer(__global Sample *samples)
{
    __global float *v = &samples[get_global_id(0)].value;
    *v = 1.0f;
}
