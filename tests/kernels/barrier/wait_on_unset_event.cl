// wait_group_events on an event variable no async copy ever returned.
// expect: invalid-wait-event line 6 count 8
__kernel void wait_on_unset_event(__global int *out)
{
    event_t e;
    wait_group_events(1, &e);
    out[get_global_id(0)] = 1;
}
