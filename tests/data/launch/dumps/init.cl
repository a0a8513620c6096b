// Buffers for fill= and range= initialisers.
kernel void init(global int* a, global int* b, global char* c, global uchar* d,
                 global short* e, global float* f, global double* g, global ulong* h,
                 global long* i, global float* j) {
}
