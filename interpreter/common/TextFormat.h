#pragma once

#include "common/Diagnostic.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace clstep {

/// `size` bytes as two-digit lower-case hex separated by blanks, in memory order
/// ("2a 00 ff"); "" for none. The one hex dump of bytes in messages, reports and views.
std::string hexBytes(const uint8_t* bytes, size_t size);

/// A work-item's ids in Oclgrind's entity notation: "Global(3,0,0) Local(3,0,0) Group(0,0,0)"
/// (diagnostic texts and the race and async-copy reports).
std::string idsText(const WorkItemId& id);

} // namespace clstep
