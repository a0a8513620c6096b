// Legal: a __local variable whose type is a pointer to __global, at kernel scope.
kernel void k(global int *g) {
    global int *local shared;
    if (get_local_id(0) == 0) shared = g;
    barrier(CLK_LOCAL_MEM_FENCE);
    shared[get_local_id(0)] = 1;
}
