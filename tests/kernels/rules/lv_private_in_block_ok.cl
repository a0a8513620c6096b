// Legal look-alike: an ordinary (private) variable in a nested block, and a pointer to
// __local declared in a nested block (the variable itself is private).
kernel void k(local int *l, global int *out) {
    if (get_local_id(0) == 0) {
        int c = 1;
        local int *p = l;
        *p = c;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    out[0] = l[0];
}
