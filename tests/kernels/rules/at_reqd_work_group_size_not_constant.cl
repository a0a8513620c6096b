// The sizes of reqd_work_group_size must be integer constant expressions (6.7.2).
kernel __attribute__((reqd_work_group_size(1.5f, 2, 1))) void k(global int *out) { // expect-error: attribute-arguments
    out[0] = 1;
}
