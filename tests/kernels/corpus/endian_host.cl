// Pointers qualified with __attribute__((endian(host))): data written by the host
// in host byte order is read correctly even on a device of the other endianness.
// Plain pointers see the bytes in device order.

typedef struct {
    uint magic;
    ushort version;
    ushort count;
} Header;

__kernel void parse_header(__global Header __attribute__((endian(host))) *hdr_host,
                           __global const uint __attribute__((endian(host))) *payload,
                           __global uint *out_plain_view,
                           __global uint *out_host_view)
{
    size_t i = get_global_id(0);
    __global const uint *raw = (__global const uint *)payload;

    out_host_view[i] = payload[i];      // converted from host order
    out_plain_view[i] = raw[i];         // device order, no conversion

    if (i == 0) {
        uint m = hdr_host->magic;
        hdr_host->count = (ushort)get_global_size(0);
        out_host_view[get_global_size(0)] = (m == 0xC0FFEEu) ? 1u : 0u;
    }
}

__kernel void swap_if_needed(__global uint *words)
{
    size_t i = get_global_id(0);
#if defined(__ENDIAN_LITTLE__)
    words[i] = words[i];
#else
    words[i] = rotate(words[i] & 0x00FF00FFu, 24u) | rotate(words[i] & 0xFF00FF00u, 8u);
#endif
}

// The placement used in the OpenCL C specification's example: the attribute follows
// the declarator, e.g.  global float4 *p __attribute__((endian(host)));
__kernel void scale_host_floats(global float4 *samples __attribute__((endian(host))),
                                global float4 *device_copy __attribute__((endian(device))),
                                const float gain)
{
    size_t i = get_global_id(0);
    float4 v = samples[i] * gain;
    samples[i] = v;              // stored back in host order
    device_copy[i] = v;          // stored in device order
}
