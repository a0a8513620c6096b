// Legal (spec 6.5 example): the address space may qualify the pointee of a return type.
local int *f(local int *p) { return p + 1; }
kernel void k(local int *l) { f(l)[0] = 1; }
