// convolution_1d: smooths a 1D signal with a 5-tap filter held in __constant memory.
// out[i] = sum_k weights[k] * in[i + k - RADIUS], samples outside the signal count as 0.
// What it teaches: the __constant address space (read-only, cached, same for all
// work-items), and boundary handling at both ends of the signal.
// Watch in the debugger: the __constant pane holding the weights; work-items 0, 1, 30
// and 31 take the "outside" branch. The binomial weights 1/16, 4/16, 6/16, 4/16, 1/16
// are exact in binary, so the results are exact too.

#define RADIUS 2

__kernel void convolution_1d(__global const float *in,
                             __constant float *weights,    // 2 * RADIUS + 1 taps
                             __global float *out,
                             const int n)
{
    const int i = get_global_id(0);
    if (i >= n)
        return;

    float sum = 0.0f;
    for (int k = -RADIUS; k <= RADIUS; ++k) {
        int j = i + k;
        float sample = (j >= 0 && j < n) ? in[j] : 0.0f;
        sum += weights[k + RADIUS] * sample;
    }
    out[i] = sum;
}
