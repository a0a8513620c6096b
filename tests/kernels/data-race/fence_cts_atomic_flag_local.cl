// The Khronos CTS test_c11_atomics atomic_flag kernel, __local variant: the flags are
// __local, the critical sections' results __global, and the fences name both
// CLK_LOCAL_MEM_FENCE and CLK_GLOBAL_MEM_FENCE with work-group scope, so the __local flags
// order the __global accesses: no race.
// args: --cl-std CL2.0
// expect-none
__kernel void fence_cts_atomic_flag_local(__global uint *oldValues)
{
  __local atomic_flag destMemory[8];
  uint tid = get_global_id(0);
  uint threadCount = get_local_size(0);
  if (get_local_id(0) == 0)
    for (int i = 0; i < 8; ++i) atomic_flag_clear_explicit(&destMemory[i], memory_order_relaxed, memory_scope_work_group);
  barrier(CLK_LOCAL_MEM_FENCE);
  uint cnt, stop = 0;
  for(cnt = 0; !stop && cnt < threadCount; cnt++)
  {
    bool set = atomic_flag_test_and_set_explicit(&destMemory[cnt], memory_order_relaxed, memory_scope_work_group);
    atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_acquire, memory_scope_work_group);
    if (!set)
    {
      uint csIndex = get_enqueued_local_size(0)*get_group_id(0)+cnt;
      if(oldValues[csIndex] == 1000000000)
      {
        oldValues[csIndex] = tid;
        stop = 1;
      }
      atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_work_group);
      atomic_flag_clear_explicit(&destMemory[cnt], memory_order_relaxed, memory_scope_work_group);
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
