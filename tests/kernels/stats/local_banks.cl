// __local bank conflicts on 32 banks of 4 bytes, one sub-group of 32 work-items per
// work-group, 2 work-groups (so each line is 2 sub-group accesses of 32 lanes).
// Worked out by hand (word = byte offset / 4, bank = word % 32; degree = most distinct
// words in one bank):
// * stride 1, tile[lid]: words 0..31, one per bank                      -> degree 1
// * stride 2, tile[2*lid]: words 0,2,..,62: banks 0,2,..,30 get 2 words -> degree 2
// * stride 32, tile[32*lid]: words 0,32,..,992, all in bank 0           -> degree 32
// * broadcast, tile[0] read by all 32 lanes: one word                   -> degree 1
// * float4, quad[lid]: 16 bytes per lane = words 4*lid..4*lid+3, 128 words, 4 per bank -> 4
// stats: line 20 local tile accesses 2 lanes 64 worst 1 mean 1
// stats: line 21 local tile accesses 2 lanes 64 worst 2 mean 2
// stats: line 22 local tile accesses 2 lanes 64 worst 32 mean 32
// stats: line 24 local tile accesses 2 lanes 64 worst 1 mean 1
// stats: line 25 local quad accesses 2 lanes 64 worst 4 mean 4
__kernel void local_banks(__global float *out)
{
    __local float tile[32 * 32];
    __local float4 quad[32];
    int lid = get_local_id(0);
    tile[lid] = lid;
    tile[2 * lid] = lid;
    tile[32 * lid] = lid;
    barrier(CLK_LOCAL_MEM_FENCE);
    float b = tile[0];
    quad[lid] = (float4)(b);
    out[get_global_id(0)] = b;
}
