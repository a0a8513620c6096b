// The histogram with a plain increment: work-items hitting the same bin race. The
// read and the write of `++` have the same location, so read-after-write and
// write-after-read pairs merge into one read-write report.
// expect: data-race local line 13,13 race read-write mincount 24
// expect: data-race local line 13,13 hazard WAW race write-write count 12
__kernel void histogram_local_plain(__global const uint *in, __global uint *hist)
{
    __local uint bins[4];
    int lid = get_local_id(0);
    if (lid < 4)
        bins[lid] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    bins[in[get_global_id(0)] % 4]++;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < 4)
        atomic_add(&hist[lid], bins[lid]);
}
// EXACT Argument 'hist': 16 bytes
// EXACT   hist[0] = 4
// EXACT   hist[1] = 4
// EXACT   hist[2] = 4
// EXACT   hist[3] = 4
