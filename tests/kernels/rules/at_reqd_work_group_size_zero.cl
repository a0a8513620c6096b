// A work-group size of reqd_work_group_size must be an integer constant greater than 0 (6.7.2).
__attribute__((reqd_work_group_size(0, 1, 1))) // expect-error: attribute-arguments
kernel void k(global int *out) { out[0] = 1; }
