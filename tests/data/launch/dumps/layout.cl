// Buffers for the layout test: values over lines, comments, glued tokens.
kernel void layout(global int* a, global float* b, global uchar* c, global short* d) {
}
