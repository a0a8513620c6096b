// ... not even a pointer.
kernel global int *k(global int *out) { // expect-error: kernel-return-type
    return out;
}
