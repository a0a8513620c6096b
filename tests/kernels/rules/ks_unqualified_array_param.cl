// An array parameter without an address space is a private pointer.
kernel void k(int data[4]) { data[0] = 1; } // expect-error: kernel-pointer-parameter-space
