// An int read covering four bytes that four other work-items wrote in the same
// interval: four racing writes, one merged report.
// expect: data-race local line 8,10 hazard RAW count 4
__kernel void int_read_over_byte_writes(__global int *out)
{
    __local uchar bytes[16];
    int lid = get_local_id(0);
    bytes[lid] = (uchar)lid;
    if (lid == 5)
        out[0] = *((__local int *)bytes);
}
// EXACT Argument 'out': 4 bytes
// EXACT   out[0] = 50462976
