// Legal: casts that keep the address space and only change the pointee type.
kernel void k(global float *g, global uint *out) {
    global uint *u = (global uint *)g;
    global uchar *b = (global uchar *)(g + 1);
    out[0] = u[0] + b[0];
}
