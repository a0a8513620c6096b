// Negative control: --no-endian-events turns the notes off.
// args: --device-endian big --no-endian-events
// expect-none
__kernel void events_switched_off(__global const uint *in __attribute__((endian(host))),
                                  __global uint *out)
{
    int i = get_global_id(0);
    out[i] = in[i];
}
