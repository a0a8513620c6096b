// endian_demo: host-filled data read through an endian(host) pointer vs a plain pointer.
// The host wrote the same 32-bit words, in HOST byte order, into both input buffers.
// `host_words` is declared __attribute__((endian(host))): loads convert host -> device order.
// `plain_words` is a plain pointer: loads use the device's byte order as-is.
// On a little-endian device (like the x86 host) both outputs agree. On a big-endian
// device (set the device byte order to big in clstep) the plain pointer yields
// byte-swapped words (0x11223344 reads as 0x44332211): the classic bug. Watch the
// endian-conversion events in the debugger and the byte view of `bytes_in_memory`.

__kernel void endian_demo(__global const uint *host_words __attribute__((endian(host))),
                          __global const uint *plain_words,
                          __global uint *via_host_ptr,
                          __global uint *via_plain_ptr,
                          __global uchar *bytes_in_memory)
{
    const int i = get_global_id(0);

    via_host_ptr[i] = host_words[i];        // converted from host byte order
    via_plain_ptr[i] = plain_words[i];      // raw device-order load

    // Storage order of word i, byte by byte (lowest address first).
    __global const uchar *raw = (__global const uchar *)plain_words;
    for (int b = 0; b < 4; ++b)
        bytes_in_memory[4 * i + b] = raw[4 * i + b];
}
