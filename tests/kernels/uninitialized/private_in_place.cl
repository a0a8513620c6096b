// The uninitialized-read check on __private memory that the memory port accesses in place
// (it keeps the check's shadow of written bytes itself, runtime/DirectPort.h): partly
// written structs, vectors and arrays, an array written through a pointer, struct copies
// within __private memory (assignment, by-value argument, returned value) and to and from a
// noinit __global buffer, and a variable written by only some work-items.
typedef struct {
    int a;
    int b;
} pair;

int second(pair p) { return p.b; }

pair halfPair(int v) {
    pair r;
    r.a = v;
    return r;
}

__kernel void private_in_place(__global int *out, __global pair *io)
{
    int gid = get_global_id(0);
    pair s;
    s.a = gid;
    int sum = s.a;
    sum += s.b;
    pair t = s;
    sum += t.a;
    sum += t.b;
    float4 v;
    v.x = 1.0f;
    v.y = 2.0f;
    float4 w = v;
    sum += (int)(w.x + v.y);
    int arr[4];
    int *p = arr;
    p[0] = 1;
    p[1] = 2;
    *(p + 3) = 4;
    sum += arr[0] + arr[1] + arr[3];
    sum += p[2];
    sum += second(s);
    pair h = halfPair(gid);
    sum += h.a + h.b;
    io[gid] = s;
    sum += io[gid].b;
    pair g = io[gid];
    sum += g.b;
    int late;
    if (gid & 1) late = 1;
    sum += late;
    out[gid] = sum;
}
// expect: uninitialized-read private line 25,22 count 4 message 4_of_4_bytes origin __private_variable_'s'_declared_here
// expect: uninitialized-read private line 28,26 count 4 message 4_of_4_bytes origin __private_variable_'t'_declared_here
// expect: uninitialized-read private line 32,29 count 4 message 8_of_16_bytes_of_the_value_never_written_(first:_byte_8) origin __private_variable_'v'_declared_here
// expect: uninitialized-read private line 33,29 count 4 message 8_of_16_bytes origin __private_variable_'v'_declared_here
// expect: uninitialized-read private line 40,34 count 4 message ('arr',_byte_offset_8) origin __private_variable_'arr'_declared_here
// expect: uninitialized-read private line 11 count 4 message ('p',_byte_offset_4):_4_of_4_bytes
// expect: uninitialized-read private line 43,42 count 4 message 4_of_4_bytes origin __private_variable_'h'_declared_here
// expect: uninitialized-read global line 45 count 4 message 4_of_4_bytes origin kernel_argument_'io'
// expect: uninitialized-read private line 47,46 count 4 message 4_of_4_bytes origin __private_variable_'g'_declared_here
// expect: uninitialized-read private line 50,48 count 2 message 4_of_4_bytes origin __private_variable_'late'_declared_here
