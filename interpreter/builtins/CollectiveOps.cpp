#include "builtins/CollectiveOps.h"

#include "core/ComponentOps.h"

#include <cmath>
#include <limits>

namespace clstep::collective {

Component identity(Op op, TypeKind k) {
    Component l{};
    if (op == Op::Add) {
        if (k == TypeKind::Double)
            l.d = 0.0;
        else if (component::usesFloat(k))
            l.f = 0.0f;
        return l;
    }
    const bool min = op == Op::Min;
    switch (k) {
    case TypeKind::Int:
        l.i = min ? std::numeric_limits<int32_t>::max() : std::numeric_limits<int32_t>::min();
        break;
    case TypeKind::UInt:
        l.u = min ? std::numeric_limits<uint32_t>::max() : 0;
        break;
    case TypeKind::Long:
        l.i = min ? std::numeric_limits<int64_t>::max() : std::numeric_limits<int64_t>::min();
        break;
    case TypeKind::ULong:
        l.u = min ? std::numeric_limits<uint64_t>::max() : 0;
        break;
    case TypeKind::Double:
        l.d = min ? INFINITY : -INFINITY;
        break;
    default:
        l.f = min ? INFINITY : -INFINITY;
        break;
    }
    return l;
}

Component combine(Op op, TypeKind k, Component a, Component b) {
    Component r{};
    if (k == TypeKind::Double) {
        r.d = op == Op::Add ? a.d + b.d : op == Op::Min ? std::fmin(a.d, b.d) : std::fmax(a.d, b.d);
        return r;
    }
    if (component::usesFloat(k)) {
        r.f = op == Op::Add ? a.f + b.f : op == Op::Min ? std::fmin(a.f, b.f) : std::fmax(a.f, b.f);
        if (k == TypeKind::Half) r.f = component::roundToHalf(r.f);
        return r;
    }
    const bool isSigned = k == TypeKind::Int || k == TypeKind::Long;
    switch (op) {
    case Op::Add:
        r.u = a.u + b.u;
        break;
    case Op::Min:
        r = (isSigned ? b.i < a.i : b.u < a.u) ? b : a;
        break;
    case Op::Max:
        r = (isSigned ? b.i > a.i : b.u > a.u) ? b : a;
        break;
    }
    return component::normalize(r, k);
}

Component reduce(Op op, TypeKind k, std::span<const Value> values) {
    Component acc = identity(op, k);
    for (const Value& v : values)
        acc = combine(op, k, acc, v.components[0]);
    return acc;
}

Component scan(Op op, TypeKind k, std::span<const Value> values, uint64_t upTo, bool inclusive) {
    Component acc = identity(op, k);
    const uint64_t end = inclusive ? upTo + 1 : upTo;
    for (uint64_t i = 0; i < end && i < values.size(); ++i)
        acc = combine(op, k, acc, values[i].components[0]);
    return acc;
}

} // namespace clstep::collective
