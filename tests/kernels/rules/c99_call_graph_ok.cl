// Legal: a deep but acyclic call graph, with one function called from several places.
int sq(int x) { return x * x; }
int sum_sq(int a, int b) { return sq(a) + sq(b); }
int norm2(int a, int b, int c) { return sum_sq(a, b) + sq(c); }
kernel void k(global int *out) { out[0] = norm2(1, 2, 3) + sq(4); }
