// async_work_group_copy cannot copy into __constant memory.
kernel void k(constant float *dst, local float *src) {
    event_t e = async_work_group_copy(dst, src, 16, 0); // expect-error: constant-write
    wait_group_events(1, &e);
}
