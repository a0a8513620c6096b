// Integer builtins and bit manipulation: table-driven CRC32 per block, plus
// popcount/clz/rotate/mul_hi/mad24/add_sat/hadd/abs_diff/upsample on each word.

__constant uint crc_poly = 0xEDB88320u;

uint crc32_byte(uint crc, uchar b)
{
    crc ^= b;
    for (int k = 0; k < 8; k++)
        crc = (crc >> 1) ^ (crc_poly & (0u - (crc & 1u)));
    return crc;
}

__kernel void crc32_blocks(__global const uchar *data, const uint block_len, __global uint *crcs)
{
    uint b = get_global_id(0);
    __global const uchar *p = data + (size_t)b * block_len;
    uint crc = 0xFFFFFFFFu;
    for (uint i = 0; i < block_len; ++i)
        crc = crc32_byte(crc, p[i]);
    crcs[b] = ~crc;
}

__kernel void int_builtins(__global const uint *a, __global const int *b, __global ulong *out)
{
    size_t i = get_global_id(0);
    uint x = a[i];
    int y = b[i];
    uint r = popcount(x) + clz(x) + rotate(x, 7u) + mul_hi(x, 0x9E3779B9u)
           + mad24(x & 0xFFFFu, 3u, 1u) + add_sat(x, 0xF0000000u) + hadd(x, ~x)
           + abs_diff(y, -y) + (uint)abs(y) + (x >> 3) + (uint)(y >> 2) + (x ^ (x << 5));
    out[i] = upsample(r, x) + (ulong)sub_sat(y, INT_MAX) + bitselect(x, ~x, 0xFF00FF00u);
}
