// A global spinlock built from atomic_cmpxchg / atomic_xchg to update a shared
// struct. Only one work-item per group contends (intra-group spinning on a lock
// held by a sibling work-item can deadlock on SIMD hardware).

typedef struct {
    int count;
    float sum;
    float max;
} Stats;

void lock(volatile __global int *m)
{
    while (atomic_cmpxchg(m, 0, 1) != 0)
        ;
}

void unlock(volatile __global int *m)
{
    atomic_xchg(m, 0);
}

__kernel void group_stats(__global const float *x, volatile __global int *mutex,
                          __global Stats *stats, __local float *tmp)
{
    int lid = get_local_id(0);
    tmp[lid] = x[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);

    if (lid == 0) {
        float s = 0.0f, m = -MAXFLOAT;
        for (int i = 0; i < (int)get_local_size(0); ++i) {
            s += tmp[i];
            m = fmax(m, tmp[i]);
        }
        lock(mutex);
        stats->count += get_local_size(0);
        stats->sum += s;
        stats->max = fmax(stats->max, m);
        mem_fence(CLK_GLOBAL_MEM_FENCE);
        unlock(mutex);
    }
}
