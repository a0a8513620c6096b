// Every integer element type; the kernel leaves the buffers as they are.
kernel void ints(global char* c, global uchar* uc, global short* s, global ushort* us,
                 global int* i, global uint* ui, global long* l, global ulong* ul) {
}
