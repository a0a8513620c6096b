// Empty counting loops (delay loops, as CTS test_api kernel_arg_changes runs 10^5 of them per
// work-item): each leaves its variable at the value C gives it, in every integer type and
// direction. Their 9.3e9 iterations are statements within the OpenCL platform's default
// limit (10^10 per work-item); Evaluator::runCountedLoop jumps over them (counting them), so
// the kernel takes milliseconds instead of over 300 s (the test's limit per kernel).
// args: --max-steps 10000000000
// expect-none
// EXACT Argument 'dst': 80 bytes
// EXACT   dst[0] = 100000
// EXACT   dst[1] = 4000000001
// EXACT   dst[2] = -3000000001
// EXACT   dst[3] = 12345
// EXACT   dst[4] = 10
// EXACT   dst[5] = 2147483647
// EXACT   dst[6] = 0
// EXACT   dst[7] = 99999
// EXACT   dst[8] = -5
// EXACT   dst[9] = 25
__kernel void counted_empty_loops(__global long* dst, int n) {
    int tid = get_global_id(0), i;
    for (i = 0; i < 100000; i++);
    dst[0] = i;
    uint u;
    for (u = 7; u <= 4000000000u; u++) ;
    dst[1] = u;
    long l;
    for (l = 5; l >= -3000000000L; --l) {}
    dst[2] = l;
    for (i = tid; i != n; ++i);
    dst[3] = i;
    for (i = 10; i < 3; i++); // never entered
    dst[4] = i;
    int k;
    for (k = 0; k <= 2147483646; k++);
    dst[5] = k;
    ulong q;
    for (q = 100; q > 0; q--) ;
    dst[6] = q;
    for (i = 0; i < 100000; i++) { dst[7] = i; } // not empty: runs
    for (i = 20; i > -n / 2469; i--) ; // a bound computed from a parameter
    dst[8] = i;
    for (int j = 0; j < 5; j++) {
        int m;
        for (m = j * 5; m < (j + 1) * 5 + 1; m++) ;
        dst[9] = m - 1 + (j == 4 ? 0 : 100);
    }
}
