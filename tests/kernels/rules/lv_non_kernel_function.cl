// __local variables cannot be declared in non-kernel functions.
void helper(global int *out) {
    local int scratch; // expect-error: local-variable-scope
    scratch = 1;
    out[0] = scratch;
}
kernel void k(global int *out) { helper(out); }
