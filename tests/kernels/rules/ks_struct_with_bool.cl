// ... nor a bool member.
typedef struct {
    int count;
    bool enabled;
} Config;
kernel void k(Config c, global int *out) { out[0] = c.count; } // expect-error: kernel-parameter-type
