// `run --build-options` (oclgrind-kernel's -b) passes clBuildProgram options: LEN comes
// from -D, and -cl-std=CL2.0 enables the generic address space used by `touch`.
// args: --build-options "-D LEN=4 -DOFFSET=10 -cl-std=CL2.0 -cl-mad-enable"
// expect-none
void touch(int *p, int v) { *p = v; }

__kernel void build_options_defines(__global int *out)
{
    int gid = get_global_id(0);
    if (gid < LEN)
        touch(&out[gid], OFFSET + gid + __OPENCL_C_VERSION__);
}
// EXACT Argument 'out': 24 bytes
// EXACT   out[0] = 210
// EXACT   out[1] = 211
// EXACT   out[2] = 212
// EXACT   out[3] = 213
// EXACT   out[4] = 0
// EXACT   out[5] = 0
