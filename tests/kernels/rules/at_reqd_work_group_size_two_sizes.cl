// reqd_work_group_size takes exactly three sizes (6.7.2).
kernel __attribute__((reqd_work_group_size(4, 1))) void k(global int *out) { // expect-error: attribute-arguments
    out[0] = 1;
}
