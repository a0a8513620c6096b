// cl-std: CL2.0
// Legal in 2.0: a pointer to a __local pointer to __global data.
kernel void k(global int *local *pp) {
    if (get_local_id(0) == 0) (*pp)[0] = 1;
}
