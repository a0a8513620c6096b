#!/usr/bin/env python3
"""Writes a realistic ~10,000-line OpenCL C file (macros, structs, helpers, kernels with
loops, vectors, __local tiles and barriers) to stdout, for bench/parse/run."""
import sys

lines = [
    "#define TILE 16",
    "#define IDX(r, c, n) ((r) * (n) + (c))",
    "#define CLAMP01(x) clamp((x), 0.0f, 1.0f)",
    "typedef struct { float4 pos; float4 vel; int id; } Particle;",
    "typedef struct __attribute__((packed)) { char tag; int value; } Packed;",
    "",
]
i = 0
target = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
while len(lines) < target:
    lines += f"""
float helper_{i}(float a, float b, __global const float *t) {{
    float acc = 0.0f;
    for (int k = 0; k < 8; ++k) {{
        acc += a * t[k] + b;
        acc = CLAMP01(acc * 0.5f);
    }}
    return acc;
}}

__kernel void kernel_{i}(__global const float *in, __global float *out,
                         __local float *tile, const int n, __constant float *weights) {{
    const int gid = get_global_id(0);
    const int lid = get_local_id(0);
    tile[lid] = in[gid];
    barrier(CLK_LOCAL_MEM_FENCE);
    float4 v = (float4)(tile[lid], 1.0f, 2.0f, 3.0f);
    float s = dot(v, v.wzyx) + helper_{i}(tile[lid], weights[lid % 4], in);
    Particle p;
    p.pos = v * 2.0f;
    p.vel = v.xxyy + p.pos.zwxy;
    p.id = gid;
    switch (gid & 3) {{
    case 0: s += p.pos.x; break;
    case 1: s -= p.vel.y; break;
    default: s *= 0.5f;
    }}
    if (gid < n)
        out[IDX(gid, 0, 1)] = s + (float)p.id;
}}
""".splitlines()
    i += 1
print("\n".join(lines))
