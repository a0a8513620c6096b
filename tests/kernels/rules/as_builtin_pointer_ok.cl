// Legal: vload/vstore accept pointers into any named address space in 1.2 (spec 6.12.7).
kernel void k(global float *g, local float *l, constant float *c) {
    float4 a = vload4(0, g);
    float4 b = vload4(0, c);
    vstore4(a + b, 0, l);
    barrier(CLK_LOCAL_MEM_FENCE);
    vstore4(vload4(0, l), 1, g);
}
