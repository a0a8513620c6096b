// Legal look-alikes: identifiers that merely contain address-space words.
int global_sum(int localValue, int privateCount) { return localValue + privateCount; }
constant int constant_limit = 4;
kernel void k(global int *out) {
    int generic_count = global_sum(1, 2);
    int __globals = constant_limit;
    out[0] = generic_count + __globals;
}
