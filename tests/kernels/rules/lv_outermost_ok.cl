// Legal (spec 6.5.2 example): __local variables at the kernel's outermost scope, assigned
// after their declaration.
kernel void k(global float *out) {
    local float a;
    local float b[10];
    __local float4 v;
    if (get_local_id(0) == 0) {
        a = 1;
        b[0] = 2;
        v = (float4)(0.0f);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = a + b[0] + v.x;
}
