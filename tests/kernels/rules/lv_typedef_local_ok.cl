// Legal: the address space can come from a typedef; a __local pointer variable to __local.
typedef local float shared_float;
kernel void k(global float *out, local float *buf) {
    shared_float acc;
    local float *local cursor;
    if (get_local_id(0) == 0) {
        acc = 0.0f;
        cursor = buf;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    out[0] = acc + cursor[0];
}
