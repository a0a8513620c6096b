// Legal: `global float4 *` as a return type qualifies only the pointee.
global float4 *row(global float4 *m, int i) { return m + i * 4; }
kernel void k(global float4 *m) { row(m, 1)[0] = (float4)(0.0f); }
