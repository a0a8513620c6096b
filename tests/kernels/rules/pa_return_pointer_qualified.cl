// `local int * private f()`: the qualifier applies to the returned pointer itself (6.5).
local int *private f(local int *p) { return p; } // expect-error: return-address-space
kernel void k(local int *l) { f(l)[0] = 1; }
