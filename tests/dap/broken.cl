// Does not build: the debug adapter answers `launch` with this diagnostic.
__kernel void broken(__global int *out)
{
    out[get_global_id(0)] = undeclared_name;
}
