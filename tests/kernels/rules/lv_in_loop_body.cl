// A __local variable declared inside a loop body is in a nested scope.
kernel void k(global int *out) {
    for (int i = 0; i < 4; ++i) {
        local int tmp[4]; // expect-error: local-variable-scope
        tmp[i] = i;
        out[i] = tmp[i];
    }
}
