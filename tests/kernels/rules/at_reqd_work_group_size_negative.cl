// A negative size in reqd_work_group_size is an error (6.7.2).
kernel __attribute__((reqd_work_group_size(-1, 2, 1))) void k(global int *out) { // expect-error: attribute-arguments
    out[0] = 1;
}
