#pragma once

#include "common/SourceRange.h"

#include <vector>

namespace clstep {

class Program;

/// The source ranges of the atomic read-modify-write calls of `program` whose effect does not
/// depend on the order in which work-items perform them: calls of atomic_add, atomic_sub,
/// atomic_inc, atomic_dec, atomic_min, atomic_max, atomic_and, atomic_or, atomic_xor (OpenCL C
/// 1.2 6.12.11), their atom_* forms (9.5, 9.6) and atomic_fetch_{add,sub,or,xor,and,min,max}
/// with or without _explicit (OpenCL C 2.0 6.13.11.7), whose returned value is discarded: the
/// call is a whole expression statement or for-loop increment, or an operand of a `(void)`
/// cast, of `,` or of `?:` in such a position. These operations commute (integer wrap-around,
/// min, max and the bitwise operations), so once every one has been performed the object holds
/// the same value whatever their order, and nothing else saw an intermediate value.
///
/// The ranges are the calls' BuiltinCall::range (the `site` of their memory accesses), sorted
/// by begin then end location; a range that also belongs to a call whose value is used (one
/// macro expanded twice) is left out. Used by the RaceDetector's proof that the work-groups of
/// a parallel run are independent (docs/architecture.md, Execution).
std::vector<SourceRange> orderFreeAtomicSites(const Program& program);

/// True when `range` is in `sites` (sorted as orderFreeAtomicSites() returns them).
bool containsSite(const std::vector<SourceRange>& sites, const SourceRange& range);

} // namespace clstep
