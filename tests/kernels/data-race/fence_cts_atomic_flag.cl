// The Khronos CTS test_c11_atomics atomic_flag kernel, memory_order_relaxed variant: each
// work-item walks the critical sections in turn, taking each one's atomic_flag with a
// relaxed test-and-set and an acquire fence, and claims the first one nobody visited; a
// release fence precedes each relaxed clear. A section's visitors are ordered through the
// chain of earlier visitors (happens-before is transitive: an acquire inherits what the
// releasing work-item had acquired), across work-groups too: no race.
// args: --cl-std CL2.0
// expect-none
__kernel void fence_cts_atomic_flag(__global atomic_flag *destMemory, __global uint *oldValues)
{
  uint tid = get_global_id(0);
  uint threadCount = get_global_size(0);
  uint cnt, stop = 0;
  for(cnt = 0; !stop && cnt < threadCount; cnt++)
  {
    bool set = atomic_flag_test_and_set_explicit(&destMemory[cnt], memory_order_relaxed, memory_scope_device);
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire, memory_scope_device);
    if (!set)
    {
      uint csIndex = cnt;
      if(oldValues[csIndex] == 1000000000)
      {
        oldValues[csIndex] = tid;
        stop = 1;
      }
      atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_device);
      atomic_flag_clear_explicit(&destMemory[cnt], memory_order_relaxed, memory_scope_device);
    }
  }
}
// EXACT Argument 'oldValues': 128 bytes
// EXACT   oldValues[0] = 0
// EXACT   oldValues[1] = 1
// EXACT   oldValues[2] = 2
// EXACT   oldValues[3] = 3
// EXACT   oldValues[4] = 4
// EXACT   oldValues[5] = 5
// EXACT   oldValues[6] = 6
// EXACT   oldValues[7] = 7
// EXACT   oldValues[8] = 8
// EXACT   oldValues[9] = 9
// EXACT   oldValues[10] = 10
// EXACT   oldValues[11] = 11
// EXACT   oldValues[12] = 12
// EXACT   oldValues[13] = 13
// EXACT   oldValues[14] = 14
// EXACT   oldValues[15] = 15
// EXACT   oldValues[16] = 16
// EXACT   oldValues[17] = 17
// EXACT   oldValues[18] = 18
// EXACT   oldValues[19] = 19
// EXACT   oldValues[20] = 20
// EXACT   oldValues[21] = 21
// EXACT   oldValues[22] = 22
// EXACT   oldValues[23] = 23
// EXACT   oldValues[24] = 24
// EXACT   oldValues[25] = 25
// EXACT   oldValues[26] = 26
// EXACT   oldValues[27] = 27
// EXACT   oldValues[28] = 28
// EXACT   oldValues[29] = 29
// EXACT   oldValues[30] = 30
// EXACT   oldValues[31] = 31
