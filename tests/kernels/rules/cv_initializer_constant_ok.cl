// Legal: constant expressions, braced lists of them, vector literals, sizeof and enums.
enum { N = 4 };
constant int table[N] = {1, 2, 3, 4};
constant float third = 1.0f / 3;
constant float4 ones = (float4)(1.0f, 1.0f, 1.0f, 1.0f);
constant uint size = sizeof(float4) * N;
constant int maskv = (1 << 5) - 1;
constant char greeting[] = "hi";
kernel void k(global float *out) {
    constant int local_limit = N * 2;
    out[0] = table[1] + third + ones.x + size + maskv + greeting[0] + local_limit;
}
