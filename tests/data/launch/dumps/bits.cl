// Reinterprets integer bit patterns as float/double: the .sim format cannot spell inf and NaN.
kernel void bits(global uint* in, global float* out, global float* outh, global ulong* din,
                 global double* dout, global double* douth) {
  size_t i = get_global_id(0);
  out[i] = as_float(in[i]);
  outh[i] = as_float(in[i]);
  dout[i] = as_double(din[i]);
  douth[i] = as_double(din[i]);
}
