// reqd_work_group_size and work_group_size_hint apply to kernel functions only (6.7.2).
__attribute__((reqd_work_group_size(4, 2, 1))) void f(global int *p) { p[0] = 1; } // expect-error: kernel-attribute
__attribute__((work_group_size_hint(4, 2, 1))) void g(global int *p) { p[0] = 2; } // expect-error: kernel-attribute
kernel void k(global int *out) { f(out); g(out); }
