// Declarations reached again in a loop body keep the variable's storage and its written
// bytes (Evaluator::declareStorage, declareFresh): `t`, declared without an initializer,
// is read before its first write in the first iteration (reported) and again before its
// write in the second (not reported: written by the first iteration, the same storage).
// `u` and `v` are declared with initializers (written and marked written at once the first
// time, Evaluator::initializeFresh), then read through pointers (the port's load checks the
// written bytes: not reported); `w` reads itself in its initializer (reported).
// expect: uninitialized-read private line 15 count 4
// expect: uninitialized-read private line 23 count 4
__kernel void loop_body_declarations(__global int *out)
{
    int s = 0;
    for (int i = 0; i < 3; ++i) {
        int t;
        if (i < 2) s += t;
        t = i;
        int u = t + 1;
        int4 v = (int4)(u, 1, 2, 3);
        const int *pu = &u;
        const int4 *pv = &v;
        s += *pu + pv->x + (*pv).w;
    }
    int w = w + 1;
    out[get_global_id(0)] = s + w * 0;
}
// EXACT Argument 'out': 16 bytes
// EXACT   out[0] = 21
// EXACT   out[1] = 21
// EXACT   out[2] = 21
// EXACT   out[3] = 21
