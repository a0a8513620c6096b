// Negative control: an initializer list sets the first element and zero-fills the
// rest (C99 6.7.8), so every element is initialized.
// expect-none
__kernel void private_array_init_list(__global int *out)
{
    int a[4] = {1};
    int gid = get_global_id(0);
    out[gid] = a[gid % 4];
}
// EXACT Argument 'out': 32 bytes
// EXACT   out[0] = 1
// EXACT   out[1] = 0
// EXACT   out[2] = 0
// EXACT   out[3] = 0
// EXACT   out[4] = 1
// EXACT   out[5] = 0
// EXACT   out[6] = 0
// EXACT   out[7] = 0
