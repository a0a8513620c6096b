// OpenCL C 2.0 ONLY: program-scope __global variables (persist across launches
// of kernels in the same program), static locals in functions, and C11 atomics.

__global int call_count = 0;
__global float running_mean[16];
__global atomic_int ticket = ATOMIC_VAR_INIT(0);
__constant float alpha = 0.1f;

int next_ticket(void)
{
    return atomic_fetch_add_explicit(&ticket, 1, memory_order_relaxed);
}

__kernel void accumulate(__global const float *samples, __global int *tickets)
{
    int i = get_global_id(0);
    int slot = i & 15;
    tickets[i] = next_ticket();
    if (i < 16)
        running_mean[slot] = (1.0f - alpha) * running_mean[slot] + alpha * samples[i];
    if (i == 0)
        call_count++;
}

__kernel void read_state(__global float *mean_out, __global int *count_out)
{
    int i = get_global_id(0);
    if (i < 16)
        mean_out[i] = running_mean[i];
    if (i == 0)
        *count_out = call_count + atomic_load(&ticket);
}
