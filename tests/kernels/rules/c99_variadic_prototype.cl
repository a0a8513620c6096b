// A variadic prototype is rejected as well.
void log_values(constant char *fmt, ...); // expect-error: variadic-function
kernel void k(global int *out) { out[0] = 0; }
