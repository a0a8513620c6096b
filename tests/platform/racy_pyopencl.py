"""A pyopencl host program with data races, for `clstep-cli exec --error-exitcode` and the
summary (tests/platform/exec_summary.py): `reduce` adds every element into out[0] without
atomics (a read-write and a write-write race on out[0]; every element is non-zero, so each
write changes out[0] and no race is benign), launched 3 times; `scale` is clean,
launched once. The program itself succeeds: it prints "done" and exits 0."""
import numpy as np
import pyopencl as cl

SOURCE = """__kernel void reduce(__global const int* data, __global int* out)
{
    out[0] += data[get_global_id(0)];
}

__kernel void scale(__global int* data)
{
    data[get_global_id(0)] *= 2;
}
"""

ctx = cl.create_some_context(interactive=False)
queue = cl.CommandQueue(ctx)
program = cl.Program(ctx, SOURCE).build()
mf = cl.mem_flags
data = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.arange(1, 17, dtype=np.int32))
out = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(1, dtype=np.int32))
reduce_kernel = program.reduce
for _ in range(3):
    reduce_kernel(queue, (16,), (16,), data, out)
program.scale(queue, (16,), (16,), data)
queue.finish()
print("done")
