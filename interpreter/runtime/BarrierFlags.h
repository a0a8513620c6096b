#pragma once

#include <cstdint>

namespace clstep {

/// A bit of WorkItem::barrierFlags() beside the fence flags (CLK_LOCAL_MEM_FENCE = 1,
/// CLK_GLOBAL_MEM_FENCE = 2, CLK_IMAGE_MEM_FENCE = 4): the work-item waits in
/// wait_group_events (spec 6.12.10), which acts as a barrier with both fences. WorkGroup
/// names the call in its barrier-divergence reports and hands observers the fence flags only.
inline constexpr uint32_t kWaitGroupEventsBarrier = 0x80000000u;

} // namespace clstep
