// cl-std: CL1.1
// endian takes host or device.
kernel void k(global int *out) {
    int v __attribute__((endian(little))) = 1; // expect-error: endian-argument
    out[0] = v;
}
