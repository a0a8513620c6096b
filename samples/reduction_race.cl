// reduction_race: the SAME reduction as reduction.cl, with the classic bug:
// the barrier inside the loop is missing, so a work-item can read partial[lid + stride]
// before its owner has finished writing it at the previous level (a data race on __local).
// Watch in the debugger: step work-items in different orders (or pick another schedule)
// and see group_sums change; the race checker reports the conflicting read/write pair.
// Correct answer: { 136, 392 } -- what you get depends on the schedule.

#define WG_SIZE 16

__kernel void reduction_race(__global const int *input,
                             __global int *group_sums)
{
    __local int partial[WG_SIZE];
    const int lid = get_local_id(0);

    partial[lid] = input[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);

    for (int stride = WG_SIZE / 2; stride > 0; stride /= 2) {
        if (lid < stride)
            partial[lid] += partial[lid + stride];
        // BUG: missing barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (lid == 0)
        group_sums[get_group_id(0)] = partial[0];
}
