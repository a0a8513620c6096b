// Inclusive scan inside one work-group, Hillis-Steele (naive, O(n log n) adds),
// double-buffered in local memory so reads and writes never alias in one step.

__kernel void scan_hillis_steele(__global const float *in,
                                 __global float *out,
                                 __local float *buf,   // 2 * local size
                                 const int n)
{
    int lid = get_local_id(0);
    int gid = get_global_id(0);
    int m = get_local_size(0);
    int pout = 0, pin = 1;

    buf[pout * m + lid] = (gid < n) ? in[gid] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);

    for (int offset = 1; offset < m; offset <<= 1) {
        pout = 1 - pout;
        pin = 1 - pout;
        if (lid >= offset)
            buf[pout * m + lid] = buf[pin * m + lid] + buf[pin * m + lid - offset];
        else
            buf[pout * m + lid] = buf[pin * m + lid];
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (gid < n)
        out[gid] = buf[pout * m + lid];
}
