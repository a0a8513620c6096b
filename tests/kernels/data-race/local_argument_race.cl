// A __local pointer argument used for an exchange without a barrier.
// expect: data-race local line 8,9 hazard WAR
// expect: data-race local line 8,9 hazard RAW
// expect: uninitialized-read local line 9
__kernel void local_argument_race(__global int *out, __local int *scratch)
{
    int lid = get_local_id(0);
    scratch[lid] = lid * 10;
    out[get_global_id(0)] = scratch[(lid + 7) % 8];
}
