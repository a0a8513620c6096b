// Legal: taking the address of a private variable into an unqualified (private) pointer.
kernel void k(global int *out) {
    int x = 3;
    int *p = &x;
    private int *q = p;
    local int shared;
    local int *s = &shared;
    *s = *q;
    out[0] = *p;
}
