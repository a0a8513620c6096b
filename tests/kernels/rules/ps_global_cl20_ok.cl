// cl-std: CL2.0
// Legal in 2.0: program-scope variables in __global (the default) or __constant.
global int hits = 0;
int misses;
float scale = 2.0f;
constant int limit = 8;
kernel void k(global int *out) {
    hits += 1;
    out[0] = hits + misses + limit + (int)scale;
}
