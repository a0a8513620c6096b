// An empty counting loop longer than the step limit is still stopped by it, at the loop, as
// if each iteration ran (the counted iterations are statements too).
// args: --max-steps 1000000
// expect: step-limit line 6
__kernel void counted_loop_step_limit(__global uint* dst) {
    uint u; for (u = 0; u < 4000000000u; u++);
    dst[0] = u;
}
