// A compound literal inside a function body has automatic storage associated with its
// enclosing block (C11 6.5.2.5p5): evaluating it again, in the next pass of a loop or after a
// `goto` back within the block (the example of 6.5.2.5p16), gives the object a new value;
// it does not create another object. So 3,000,000 evaluations need one object each, not
// three million: clstep used to allocate a new private object at each evaluation, kept until
// the function returned, and stopped with "internal error: too many live allocations in one
// address space" (2^21 of them). POCL gives the same values. (Not `&(pair){...}`: clang gives
// that pointer no address space, and POCL rejects assigning it to a private pointer.)
// expect-none
typedef struct { int a, b; } pair;
__kernel void compound_literal_in_loop(__global int *out)
{
    int s = 0, i = 0;
again:
    s += ((pair){i, 1}).a & 1;
    if (++i < 3000000) goto again;
    for (int j = 0; j < 3000000; ++j) {
        int v = ((int[2]){j, 2})[1];
        s += v - 2 + (((pair){j, 3}).b == 3);
    }
    out[0] = s;
    out[1] = i;
}
// EXACT Argument 'out': 8 bytes
// EXACT   out[0] = 4500000
// EXACT   out[1] = 3000000
