// A helper's local variable is a new object at every call (C11 6.2.4p6): the second call's
// `t` is uninitialized again although the first call wrote it, and in the same __private
// buffer (the one the first call released). Reported once per work-item, on the second
// call, at the address the buffer has (index 4 of the work-item's private memory).
// expect: uninitialized-read private line 12 count 4 message address_0x2000040000000000_('t' origin __private_variable_'t'_declared_here
int pick(int first, int v)
{
    int t;
    int u = v + 1;
    if (first)
        t = u;
    return t;
}

__kernel void callee_local_second_call(__global int *out)
{
    int gid = get_global_id(0);
    int a = pick(1, gid);
    int b = pick(0, gid);
    out[gid] = a + b;
}
// The second call's `t` reads zeroed bytes, not the first call's value:
// EXACT Argument 'out': 16 bytes
// EXACT   out[0] = 1
// EXACT   out[1] = 2
// EXACT   out[2] = 3
// EXACT   out[3] = 4
