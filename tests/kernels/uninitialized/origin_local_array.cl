// The origin of an uninitialized read of a __local array: its declaration (line 6); each
// work-item reads the element of a neighbour that only even work-items wrote.
// expect: uninitialized-read local line 12,6 count 4 message 4_of_4_bytes origin __local_variable_'tile'_declared_here
__kernel void origin_local_array(__global int *out)
{
    __local int tile[8];
    int lid = get_local_id(0);
    if (lid % 2 == 0)
        tile[lid] = lid;
    barrier(CLK_LOCAL_MEM_FENCE);
    // Odd elements were never written.
    out[get_global_id(0)] = tile[lid ^ 1];
}
