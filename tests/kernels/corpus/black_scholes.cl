// Black-Scholes European option pricing, one option per work-item.
// Uses a polynomial approximation of the cumulative normal distribution.

#define A1  0.31938153f
#define A2 -0.356563782f
#define A3  1.781477937f
#define A4 -1.821255978f
#define A5  1.330274429f
#define RSQRT2PI 0.39894228040143267793994605993438f

float cnd(float d)
{
    float k = 1.0f / (1.0f + 0.2316419f * fabs(d));
    float c = RSQRT2PI * exp(-0.5f * d * d) *
              (k * (A1 + k * (A2 + k * (A3 + k * (A4 + k * A5)))));
    return d > 0 ? 1.0f - c : c;
}

__kernel void black_scholes(__global float *call, __global float *put,
                            __global const float *S, __global const float *X,
                            __global const float *T, const float R, const float V,
                            const uint n)
{
    for (uint i = get_global_id(0); i < n; i += get_global_size(0)) {
        float s = S[i], x = X[i], t = T[i];
        float sqrtT = sqrt(t);
        float d1 = (log(s / x) + (R + 0.5f * V * V) * t) / (V * sqrtT);
        float d2 = d1 - V * sqrtT;
        float expRT = exp(-R * t);
        call[i] = s * cnd(d1) - x * expRT * cnd(d2);
        put[i] = x * expRT * (1.0f - cnd(d2)) - s * (1.0f - cnd(d1));
    }
}
