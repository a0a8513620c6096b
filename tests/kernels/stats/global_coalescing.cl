// __global coalescing with 128-byte segments, one sub-group of 32 work-items per
// work-group, 2 work-groups. Buffers start 128-byte aligned.
// Worked out by hand (float = 4 bytes; a sub-group of 32 lanes reads 128 bytes):
// * aligned, in[gid]: group g reads bytes 128g..128g+127: 1 segment, 128/128 = 100%
// * misaligned, in[gid + 1]: bytes 128g+4..128g+131: 2 segments, 128/256 = 50%
// * stride 2, in[2 * gid]: bytes 256g..256g+251 (every other float): 2 segments, 128/256
// * stride 32, in[32 * gid]: each lane its own 128-byte segment: 32 segments, 128/4096
// * broadcast, in[0]: 4 distinct bytes in 1 segment: 4/128
// * the store out[gid] is aligned like the first read: 1 segment
// stats: line 21 global in accesses 2 lanes 64 worst 1 mean 1 efficiency 1
// stats: line 22 global in accesses 2 lanes 64 worst 2 mean 2 efficiency 0.5
// stats: line 23 global in accesses 2 lanes 64 worst 2 mean 2 efficiency 0.5
// stats: line 24 global in accesses 2 lanes 64 worst 32 mean 32 efficiency 0.03125
// stats: line 25 global in accesses 2 lanes 64 worst 1 mean 1 efficiency 0.03125
// stats: line 26 global out accesses 2 lanes 64 worst 1 mean 1 efficiency 1
__kernel void global_coalescing(__global const float *in, __global float *out)
{
    int gid = get_global_id(0);
    float s = 0;
    // each statement below is one sub-group access per work-group
    s += in[gid];
    s += in[gid + 1];
    s += in[2 * gid];
    s += in[32 * gid];
    s += in[0];
    out[gid] = s;
}
