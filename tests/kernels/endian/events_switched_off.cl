// Negative control: --no-endian-events turns the notes off.
// args: --device-endian big --no-endian-events
// expect-none
__kernel void events_switched_off(__global const uint *in __attribute__((endian(host))),
                                  __global uint *out)
{
    int i = get_global_id(0);
    out[i] = in[i];
}
// EXACT Argument 'out': 16 bytes
// EXACT   out[0] = 0x44332211
// EXACT   out[1] = 0x0df0feca
// EXACT   out[2] = 0xff000000
// EXACT   out[3] = 0x01000080
