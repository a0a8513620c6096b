// cl-std: CL2.0
// Legal in 2.0: static variables inside functions live in __global (default) or __constant.
int next(void) {
    static int calls = 0;
    static constant int step = 1;
    calls += step;
    return calls;
}
kernel void k(global int *out) { out[0] = next(); }
