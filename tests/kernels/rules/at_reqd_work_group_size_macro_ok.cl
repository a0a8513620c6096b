// Legal: sizes written with macros and constant expressions (6.7.2).
#define BLOCK 16
kernel __attribute__((reqd_work_group_size(BLOCK, BLOCK / 2, 1))) void k(global int *out) {
    out[get_global_id(0)] = (int)get_local_size(1);
}
