// Illegal memory orders are undefined behavior (C11 7.17.7): a load with
// memory_order_release, a store with memory_order_acquire, a compare-exchange whose
// failure order is stronger than its success order.
// args: --cl-std CL2.0
// expect: invalid-memory-order line 11 count 2
// expect: invalid-memory-order line 12 count 2
// expect: invalid-memory-order line 13 count 2
__kernel void c11_atomics_bad_order(__global atomic_int *a, __global int *out)
{
    int expected = 5;
    int v = atomic_load_explicit(a, memory_order_release);
    atomic_store_explicit(a + 1, v, memory_order_acquire);
    bool ok = atomic_compare_exchange_weak_explicit(
        a + 2, &expected, 1, memory_order_relaxed, memory_order_seq_cst);
    out[get_global_id(0)] = ok;
}
// EXACT Argument 'out': 8 bytes
// EXACT   out[0] = 0
// EXACT   out[1] = 0
