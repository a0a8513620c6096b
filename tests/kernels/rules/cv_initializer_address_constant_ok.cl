// Legal: the address of a program-scope __constant object is an address constant, and a
// __constant scalar with a constant initializer may initialize another (clang folds it).
constant int base[2] = {7, 8};
constant int *constant second = &base[1];
constant int one = 1;
constant int two = one + 1;
kernel void k(global int *out) { out[0] = *second + two; }
