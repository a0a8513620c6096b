// Legal: `packed` after a struct body applies to the struct, not to the typedef.
typedef struct {
    char tag;
    int value;
} __attribute__((packed)) Record;
kernel void k(global int *out) { out[0] = sizeof(Record); }
