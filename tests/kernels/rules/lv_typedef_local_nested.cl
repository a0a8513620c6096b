// A __local typedef used in a nested block is still a __local variable in a nested scope.
typedef local int shared_int;
kernel void k(global int *out) {
    if (get_local_id(0) == 0) {
        shared_int x; // expect-error: local-variable-scope
        x = 1;
        out[0] = x;
    }
}
