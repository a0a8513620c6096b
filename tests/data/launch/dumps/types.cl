// Default element types come from the parameter types (vectors by their element type,
// void* as uchar).
kernel void types(global float4* v, global void* p, global int2* i2, constant short* cs,
                  global uchar* u, global double* d) {
}
