// A struct kernel parameter cannot contain pointers (spec 6.9.k).
struct Buf {
    global float *data;
    int n;
};
kernel void k(struct Buf b) { b.data[0] = 1.0f; } // expect-error: kernel-parameter-type
