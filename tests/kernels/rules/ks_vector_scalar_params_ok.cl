// Legal: scalar and vector value parameters of every size-stable type.
kernel void k(char a, uchar b, short c, int d, uint e, long f, ulong g, float h, float4 v,
              int16 w, global float *out) {
    out[0] = a + b + c + d + e + f + g + h + v.x + w.s0;
}
