// Negative control: an initializer list sets the first element and zero-fills the
// rest (C99 6.7.8), so every element is initialized.
// expect-none
__kernel void private_array_init_list(__global int *out)
{
    int a[4] = {1};
    int gid = get_global_id(0);
    out[gid] = a[gid % 4];
}
