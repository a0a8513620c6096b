// cl-std: CL1.0
// Legal: endian(device) and endian(host) on variables.
constant uint magic __attribute__((endian(host))) = 0x01020304u;
kernel void k(global uint *out) {
    uint v __attribute__((endian(device))) = magic;
    out[0] = v;
}
