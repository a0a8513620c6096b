// Scalars, __local and NULL buffers next to a dumped buffer.
typedef struct { float x, y, z; } Point;
kernel void mixed(global int* out, int a, float b, local int* l, global int* n, char c,
                  ulong u, Point p, constant float* k) {
}
