// Legal: reading __constant data, directly and through pointers.
constant float weights[3] = {0.25f, 0.5f, 0.25f};
kernel void k(constant float *coeff, global float *out) {
    constant float *w = weights;
    float s = 0.0f;
    for (int i = 0; i < 3; ++i) s += w[i] * coeff[i];
    out[get_global_id(0)] = s;
}
