// Legal: an array parameter of __global elements is a pointer to __global.
kernel void k(global int a[16]) { a[0] = 1; }
