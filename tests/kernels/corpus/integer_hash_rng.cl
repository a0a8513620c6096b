// Counter-based random numbers (xorshift / PCG-style hashing) for Monte-Carlo
// estimation of pi; ulong arithmetic, unsigned wrap-around, and float conversion.

ulong splitmix64(ulong x)
{
    x += 0x9E3779B97F4A7C15UL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9UL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBUL;
    return x ^ (x >> 31);
}

uint xorshift32(uint *state)
{
    uint x = *state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *state = x;
    return x;
}

inline float to_unit(uint r) { return (r >> 8) * 0x1.0p-24f; }

__kernel void monte_carlo_pi(const ulong seed, const uint samples, __global uint *inside)
{
    uint state = (uint)splitmix64(seed ^ get_global_id(0));
    if (state == 0)
        state = 1;
    uint hits = 0;
    for (uint i = 0; i < samples; ++i) {
        float x = to_unit(xorshift32(&state));
        float y = to_unit(xorshift32(&state));
        hits += (x * x + y * y <= 1.0f) ? 1u : 0u;
    }
    inside[get_global_id(0)] = hits;
}
