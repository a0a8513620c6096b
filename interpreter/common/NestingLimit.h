#pragma once

#include <cstddef>

namespace clstep {

/// The one nesting limit of clstep's recursive passes: the deepest expression tree (operators,
/// casts, calls, subscripts and parentheses nested in one another) that the AST builder
/// accepts. Deeper input is refused with a diagnostic of kind "nesting-too-deep" at the token
/// where the limit is crossed, so every later recursive pass (Sema, constant evaluation,
/// evaluation in WorkItem including its scalar path, value and expression printing) recurses
/// at most this deep over expressions. Statements and brackets have their own, smaller limits
/// (256 levels of `(`/`[`/`{`, the parser's rule depth), which together stay within the stack
/// that kDeepStackBytes provides.
inline constexpr size_t kMaxNestingDepth = 4000;

/// Stack (bytes) on which the front-end passes and the evaluation of a work-item can reach
/// kMaxNestingDepth: the size of the threads made by DeepStackThread / runOnDeepStack and of
/// every work-item fiber stack. Measured need at the limit: about 2.5 KiB per level in the
/// evaluator of a Release build, 4x that under AddressSanitizer; this leaves a wide margin.
/// Pages are only committed when touched, so the size costs address space, not memory.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr size_t kDeepStackBytes = size_t(256) << 20;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr size_t kDeepStackBytes = size_t(256) << 20;
#else
inline constexpr size_t kDeepStackBytes = size_t(64) << 20;
#endif
#else
inline constexpr size_t kDeepStackBytes = size_t(64) << 20;
#endif

} // namespace clstep
