// A read-modify-write through an endian(host) pointer: one note for the load and
// one for the store, both on the same line.
// args: --device-endian big
// expect: endian-conversion global line 8 count 4
__kernel void host_pointer_update(__global uint *data __attribute__((endian(host))))
{
    int i = get_global_id(0);
    data[i] = data[i] + 1;
}
// EXACT Argument 'data': 16 bytes
// EXACT   data[0] = 2
// EXACT   data[1] = 3
// EXACT   data[2] = 4
// EXACT   data[3] = 5
