// Increment and compound assignment are writes too.
constant int counter = 0;
kernel void k(constant int *c) {
    counter++; // expect-error: constant-write
    c[0] += 2; // expect-error: constant-write
}
