#pragma once

#include "core/Type.h"
#include "core/Value.h"

#include <cstdint>
#include <span>

namespace clstep::collective {

/// The operation of a work-group / sub-group reduce or scan (OpenCL C 2.0 6.13.15,
/// cl_khr_subgroups): `add`, `min` or `max`.
enum class Op : uint8_t { Add, Min, Max };

/// The identity of `op` for component kind `k` (0 for add; the type's largest value for min,
/// smallest for max; +-INFINITY for floating point), as the spec defines the first result
/// of an exclusive scan.
Component identity(Op op, TypeKind k);

/// `a op b` for component kind `k` (int, uint, long, ulong, half, float, double): integer adds
/// wrap, float results are rounded to the component type.
Component combine(Op op, TypeKind k, Component a, Component b);

/// The reduction of component 0 of `values` (in id order), or the inclusive / exclusive scan up
/// to position `upTo` (the caller's id in the group or sub-group).
Component reduce(Op op, TypeKind k, std::span<const Value> values);
Component scan(Op op, TypeKind k, std::span<const Value> values, uint64_t upTo, bool inclusive);

} // namespace clstep::collective
