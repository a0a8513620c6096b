#!/usr/bin/python3
"""The cost of one launch through the OpenCL platform: a small kernel (a struct, two helper
functions, a loop) launched N times on 16 work-items through pyopencl and the ICD loader,
with H extra helper functions in the program (never called: they make the program larger,
as pyopencl's random-number and reduction programs are, without changing the work).

    OCL_ICD_VENDORS=build/icd CLSTEP_QUIET=1 CLSTEP_CHECKS=none bench/relaunch.py [N] [H]

Prints the wall time and the process's CPU time (user + system, every thread) of the N
launches, and the CPU time per launch. Run it with two builds' build/icd, interleaved, to
compare them (bench/README.md, "One evaluator, lowered once per program").
"""
import resource
import sys
import time

import numpy as np
import pyopencl as cl

N = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
HELPERS = int(sys.argv[2]) if len(sys.argv) > 2 else 0

HELPER = """
float helper{h}(float x, int n) {{
    float r = x;
    for (int i = 0; i < n; ++i) {{
        if (r > {h}.0f) r = r * 0.5f + (float)i; else r += 1.5f;
        switch (i & 3) {{ case 0: r -= 1.0f; break; case 1: r *= 1.01f; break; default: r += (float)(i ^ {h}); }}
    }}
    float4 v = (float4)(r, x, (float)n, 1.0f) * 2.0f;
    return v.x + v.y * v.z - dot(v, v);
}}
"""

KERNEL = r"""
typedef struct { float scale; int offset; } Params;
float apply(Params p, float x) { return x * p.scale + (float)p.offset; }
int clampi(int x, int lo, int hi) { return x < lo ? lo : (x > hi ? hi : x); }
__kernel void step(__global const float* in, __global float* out, int n) {
    int i = get_global_id(0);
    Params p = {2.0f, clampi(n, 0, 100)};
    float acc = 0.0f;
    for (int k = 0; k < 4; ++k) acc += apply(p, in[(i + k) % 16]);
    out[i] = acc;
}
"""

src = "".join(HELPER.format(h=h) for h in range(HELPERS)) + KERNEL
platform = [p for p in cl.get_platforms() if "clstep" in p.name.lower()][0]
ctx = cl.Context(platform.get_devices())
queue = cl.CommandQueue(ctx)
kernel = cl.Program(ctx, src).build().step
data = np.arange(16, dtype=np.float32)
mf = cl.mem_flags
inb = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=data)
outb = cl.Buffer(ctx, mf.WRITE_ONLY, data.nbytes)
r0 = resource.getrusage(resource.RUSAGE_SELF)
t0 = time.time()
for j in range(N):
    kernel(queue, (16,), (16,), inb, outb, np.int32(j % 7))
queue.finish()
t1 = time.time()
r1 = resource.getrusage(resource.RUSAGE_SELF)
out = np.empty_like(data)
cl.enqueue_copy(queue, out, outb)
queue.finish()
expected = sum((data[(3 + k) % 16] * 2 + (N - 1) % 7) for k in range(4))
assert out[3] == expected, (out[3], expected)
cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
print(f"launches={N} helpers={HELPERS} wall={t1 - t0:.2f}s cpu={cpu:.2f}s "
      f"cpu-per-launch={cpu / N * 1e6:.0f}us")
