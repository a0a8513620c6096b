// One access site executed again and again with the same lane pattern at other offsets, and
// with other patterns: what a sub-group access costs depends on the lanes' offsets from lane
// 0 and on lane 0's offset modulo the segment (128 bytes) or the bank row (32 banks × 4
// bytes = 128 bytes), never on what the site did before. 2 work-groups of one sub-group of
// 32 work-items; work-group g reads from float 256g (1024 bytes: whole segments). Buffers
// start 128-byte aligned. Worked out by hand, per work-group, k = 0..5:
// * in[base + gstride[k] * lid + goff[k]]:
//   k=0 stride 1 at float 0: bytes 0..127, 1 segment; k=1 stride 1 at float 32: bytes
//   128..255, 1 segment; k=2 stride 2 at float 64: bytes 256..507, 2 segments; k=3 stride
//   2 at float 96: bytes 384..635, 2 segments; k=4 stride 1 at float 129: bytes 516..643,
//   2 segments; k=5 stride 1 at float 160: bytes 640..767, 1 segment. 9 segments for 6
//   accesses of 128 requested bytes each: mean 1.5, efficiency 768 / 1152 = 2/3.
// * tile[lstride[k] * lid + loff[k]] (word w in bank w % 32):
//   k=0 stride 1 at word 0: words 0..31, degree 1; k=1 stride 2 at word 1: words 1..63
//   odd, each odd bank twice, degree 2; k=2 stride 1 at word 33: words 33..64, degree 1;
//   k=3 stride 2 at word 64: words 64..126 even, degree 2; k=4 stride 2 at word 128: words
//   128..190 even, degree 2; k=5 stride 1 at word 160: words 160..191, degree 1. Sum 9 for
//   6 accesses: mean 1.5.
// * out[gid]: aligned, 1 segment.
// stats: line 34 global in accesses 12 lanes 384 worst 2 mean 1.5 efficiency 0.666666666667
// stats: line 35 local tile accesses 12 lanes 384 worst 2 mean 1.5
// stats: line 38 global out accesses 2 lanes 64 worst 1 mean 1 efficiency 1
__kernel void repeated_patterns(__global const float *in, __global float *out)
{
    __local float tile[256];
    const int gstride[6] = {1, 1, 2, 2, 1, 1};
    const int goff[6] = {0, 32, 64, 96, 129, 160};
    const int lstride[6] = {1, 2, 1, 2, 2, 1};
    const int loff[6] = {0, 1, 33, 64, 128, 160};
    int lid = get_local_id(0);
    int base = 256 * get_group_id(0);
    float s = 0;
    for (int k = 0; k < 6; ++k) {
        s += in[base + gstride[k] * lid + goff[k]];
        tile[lstride[k] * lid + loff[k]] = s;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_global_id(0)] = s;
}
