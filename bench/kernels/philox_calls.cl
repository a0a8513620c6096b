// Benchmark: the function-call path. A counter-based generator in the style of Random123's
// Philox4x32-10 (as pyopencl.clrandom uses it): each work-item runs 10 rounds, and each round
// is a call taking and returning structures by value, which calls a helper that returns a
// result through a pointer; 40 calls per work-item, little arithmetic between them. The
// generated numbers go to `out` (4 per work-item); `probe` holds a checksum per work-group.

typedef struct {
    uint v[4];
} counter4;

typedef struct {
    uint v[2];
} key2;

inline uint mulhilo(uint a, uint b, uint *hi) {
    ulong product = (ulong)a * b;
    *hi = (uint)(product >> 32);
    return (uint)product;
}

inline counter4 round4(counter4 c, key2 k) {
    uint hi0, hi1;
    uint lo0 = mulhilo(0xD2511F53u, c.v[0], &hi0);
    uint lo1 = mulhilo(0xCD9E8D57u, c.v[2], &hi1);
    counter4 r = {{hi1 ^ c.v[1] ^ k.v[0], lo1, hi0 ^ c.v[3] ^ k.v[1], lo0}};
    return r;
}

inline key2 bumpKey(key2 k) {
    k.v[0] += 0x9E3779B9u;
    k.v[1] += 0xBB67AE85u;
    return k;
}

__kernel void philox_calls(__global uint4 *out, __global uint *probe, uint seed) {
    const uint i = get_global_id(0);
    counter4 c = {{i, 0, 0, 0}};
    key2 k = {{seed, 0}};
    for (int r = 0; r < 10; ++r) {
        c = round4(c, k);
        k = bumpKey(k);
    }
    out[i] = (uint4)(c.v[0], c.v[1], c.v[2], c.v[3]);
    if (get_local_id(0) == 0) probe[get_group_id(0)] = c.v[0] ^ c.v[1] ^ c.v[2] ^ c.v[3];
}
