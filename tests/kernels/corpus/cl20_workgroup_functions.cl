// OpenCL C 2.0 ONLY: work-group collective functions replace hand-written
// reductions and scans; pipes-free, but uses generic pointers and to_global.

__kernel void wg_reduce_scan(__global const int *in,
                             __global int *group_sum,
                             __global int *incl_scan,
                             __global int *excl_scan,
                             __global int *any_neg)
{
    size_t i = get_global_id(0);
    int v = in[i];

    int total = work_group_reduce_add(v);
    incl_scan[i] = work_group_scan_inclusive_add(v);
    excl_scan[i] = work_group_scan_exclusive_max(v);
    int neg = work_group_any(v < 0);
    int first = work_group_broadcast(v, 0);

    if (get_local_id(0) == 0) {
        int *gp = (int *)group_sum;         // global -> generic
        __global int *back = to_global(gp);
        back[get_group_id(0)] = total + first * 0;
        any_neg[get_group_id(0)] = neg;
    }
}
