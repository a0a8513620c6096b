// Kernel for the malformed-.sim tests: one parameter of each address space.
kernel void m(global int* g, local float* l, int s, constant uchar* c, global float4* v,
              global void* p) {
  size_t i = get_global_id(0);
  g[i] = s + c[0];
}
