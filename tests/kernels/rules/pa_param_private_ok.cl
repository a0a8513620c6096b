// Legal: __private on a parameter just restates the default, and qualified pointees.
float f(private float x, global float *g, private float *p) { return x + g[0] + *p; }
kernel void k(global float *out) {
    float v = 1.0f;
    out[1] = f(1.0f, out, &v);
}
