// A second reqd_work_group_size with other sizes is ignored with a warning, as clang does.
kernel __attribute__((reqd_work_group_size(4, 2, 1))) __attribute__((reqd_work_group_size(8, 2, 1))) void k(global int *out) { // expect-warning: ignored-attribute
    out[0] = 1;
}
