// The kernels CTS test_half's vstore_half runs per block (float4 data, work-groups of 128):
// the buffer reset, then the store through __global, __private and __local memory.
__kernel void reset(__global float *p, __global ushort *f, uint extra_last_thread)
{
   size_t i = get_global_id(0);
   *(f + i) = 0xdead;
}
__kernel void store_global(__global float4 *p, __global half *f)
{
   size_t i = get_global_id(0);
   vstore_half4(p[i], i, f);
}
__kernel void store_private(__global float4 *p, __global half *f)
{
   __private ushort data[16];
   size_t i = get_global_id(0);
   size_t offset = 0;
   size_t vecsize = vec_step(p[i]);
   vstore_half4(p[i], 0, (__private half *)(&data[0]));
   for(offset = 0; offset < vecsize; offset++)
   {
       vstore_half(vload_half(offset, (__private half *)data), 0, &f[vecsize*i+offset]);
   }
}
__kernel void store_local(__global float4 *p, __global half *f)
{
   __local ushort data[16*128];
   size_t i = get_global_id(0);
   size_t lid = get_local_id(0);
   size_t lsize = get_local_size(0);
   size_t vecsize = vec_step(p[0]);
   event_t async_event;
   vstore_half4(p[i], lid, (__local half *)(&data[0]));
   barrier(CLK_LOCAL_MEM_FENCE);
   async_event = async_work_group_copy((__global ushort *)f+vecsize*(i-lid), (__local ushort *)(&data[0]), vecsize*lsize, 0);
   wait_group_events(1, &async_event);
}
