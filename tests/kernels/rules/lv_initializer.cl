// __local variables cannot be initialized (spec 6.5.2 example: `local float a = 1;`).
kernel void k(global float *out) {
    local float a = 1; // expect-error: local-variable-initializer
    out[0] = a;
}
