// Every work-item stores its own id into the same element: one write-write race
// report for the pair of locations, counted for each later write.
// expect: data-race global line 6,6 hazard WAW race write-write count 63
__kernel void write_write_distinct_values(__global uint *out)
{
    out[0] = get_global_id(0);
}
