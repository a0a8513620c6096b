// Negative control: a float4 whose four components are assigned one by one.
// expect-none
__kernel void vector_all_components_set(__global float *out)
{
    float4 v;
    v.x = 1.0f;
    v.y = 2.0f;
    v.z = 3.0f;
    v.w = 4.0f;
    out[get_global_id(0)] = v.x + v.y + v.z + v.w;
}
// EXACT Argument 'out': 32 bytes
// EXACT   out[0] = 10
// EXACT   out[1] = 10
// EXACT   out[2] = 10
// EXACT   out[3] = 10
// EXACT   out[4] = 10
// EXACT   out[5] = 10
// EXACT   out[6] = 10
// EXACT   out[7] = 10
