// matrix_access: row-wise against column-wise access to a 32 x 32 row-major matrix, one
// work-item per row or per column, one work-group of 32 work-items (one sub-group of 32).
// What it teaches: coalescing. Run `clstep-cli run SAMPLE.sim --access-stats`, or open the
// Efficiency pane, with 128-byte segments:
// * row_sums: work-item i walks ITS row, m[i * 32 + k]. At each k the 32 lanes of the
//   sub-group read 32 floats 128 bytes apart: 32 segments per sub-group access, 128 bytes
//   requested of 4096 moved, 3% efficient. It looks natural and is the slow one.
// * column_sums: work-item j walks its column, m[k * 32 + j]. At each k the lanes read 32
//   consecutive floats, one aligned 128-byte segment: 100% efficient.
// Both loops run 32 times: 32 sub-group accesses on the loop's read line.
// Expected: row_sums[i] = sum of 32*i .. 32*i+31 = 1024*i + 496;
//           column_sums[j] = sum over r of (32*r + j) = 15872 + 32*j.

#define N 32

__kernel void row_sums(__global const float *m, __global float *sums)
{
    const int i = get_global_id(0);
    float s = 0.0f;
    for (int k = 0; k < N; ++k)
        s += m[i * N + k]; // lanes 128 bytes apart: 32 segments
    sums[i] = s;
}

__kernel void column_sums(__global const float *m, __global float *sums)
{
    const int j = get_global_id(0);
    float s = 0.0f;
    for (int k = 0; k < N; ++k)
        s += m[k * N + j]; // consecutive lanes, consecutive floats: 1 segment
    sums[j] = s;
}
