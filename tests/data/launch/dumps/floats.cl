// float and double buffers; the kernel leaves them as they are.
kernel void floats(global float* f, global double* d) {
}
