// Kernel for the malformed-value tests: one buffer per element type family.
kernel void v(global char* a, global uchar* b, global short* c, global float* f,
              global double* d, global ulong* u) {
}
