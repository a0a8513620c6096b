// A loop that exchanges values through __local memory with only one barrier per
// iteration: the next iteration's write races with this iteration's reads.
// expect: data-race local line 11,13 hazard WAR
// expect: data-race local line 11,13 hazard RAW
__kernel void loop_single_barrier(__global int *out)
{
    __local int buf[8];
    int lid = get_local_id(0);
    int acc = lid;
    for (int i = 0; i < 4; ++i) {
        buf[lid] = acc;
        barrier(CLK_LOCAL_MEM_FENCE);
        acc += buf[(lid + 1) % 8];
    }
    out[get_global_id(0)] = acc;
}
// EXACT Argument 'out': 32 bytes
// EXACT   out[0] = 32
// EXACT   out[1] = 48
// EXACT   out[2] = 64
// EXACT   out[3] = 80
// EXACT   out[4] = 89
// EXACT   out[5] = 78
// EXACT   out[6] = 57
// EXACT   out[7] = 36
