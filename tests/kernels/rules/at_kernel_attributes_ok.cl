// Legal: the kernel attributes of spec 6.7.2.
__attribute__((reqd_work_group_size(64, 1, 1)))
__attribute__((vec_type_hint(float4)))
kernel void k(global float *out) { out[get_global_id(0)] = 0.0f; }
kernel __attribute__((work_group_size_hint(8, 8, 1))) void k2(global float *out) { out[0] = 1.0f; }
