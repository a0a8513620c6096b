// Structures copied whole (16 bytes per lane), as by-value arguments and results, through
// `__global`, `__local` and `__private` memory: only the `__global` and `__local` ends count.
// One work-group of one sub-group of 32 work-items; buffers start 128-byte aligned.
// Worked out by hand:
// * line 32, q = in[lid]: lane l reads bytes 16l..16l+15, together bytes 0..511: 4 segments
//   of 128 bytes for 512 requested, efficiency 1.
// * line 33, tile[lid] = q: lane l writes words 4l..4l+3 (banks 4l % 32 .. 4l % 32 + 3);
//   bank b is hit by lanes b/4, b/4 + 8, b/4 + 16, b/4 + 24 at 4 distinct words: degree 4.
// * line 35, mix(tile[31 - lid], lid): the argument is copied from `__local` (lane l reads
//   words 4(31 - l)..4(31 - l) + 3: again every word 0..127 once, degree 4); the copy into
//   the parameter, `r = q` and the result are `__private`: not counted.
// * line 36, out[lid] = p: as line 32, 4 segments, efficiency 1.
// No other access is counted: 4 records.
// stats: line 32 global in accesses 1 lanes 32 worst 4 mean 4 efficiency 1
// stats: line 33 local tile accesses 1 lanes 32 worst 4 mean 4
// stats: line 35 local tile accesses 1 lanes 32 worst 4 mean 4
// stats: line 36 global out accesses 1 lanes 32 worst 4 mean 4 efficiency 1
// records: 4
typedef struct {
    uint v[4];
} quad;

quad mix(quad q, uint k) {
    quad r = q;
    r.v[0] ^= k;
    return r;
}

__kernel void struct_copies(__global const quad *in, __global quad *out) {
    __local quad tile[32];
    const uint lid = get_local_id(0);
    quad q = in[lid];
    tile[lid] = q;
    barrier(CLK_LOCAL_MEM_FENCE);
    quad p = mix(tile[31 - lid], lid);
    out[lid] = p;
}
