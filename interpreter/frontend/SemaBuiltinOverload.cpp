// Sema: choosing among the scalar overloads of a built-in function the way clang does
// (OpenCL C 6.12: the built-ins are overloaded; clang resolves them by C++ overload ranking).
#include "builtins/BuiltinRegistry.h"
#include "frontend/Sema.h"

namespace clstep {

namespace {

/// The scalar element types an overload of a built-in may take (half: cl_khr_fp16).
constexpr TypeKind kScalarKinds[] = {TypeKind::Char,   TypeKind::UChar, TypeKind::Short,
                                     TypeKind::UShort, TypeKind::Int,   TypeKind::UInt,
                                     TypeKind::Long,   TypeKind::ULong, TypeKind::Half,
                                     TypeKind::Float,  TypeKind::Double};

/// The rank of converting an argument of scalar kind `from` to a parameter of kind `to`
/// (C++ [over.ics.rank]): 0 exact match, 1 promotion, 2 conversion. half -> float is a
/// conversion in OpenCL C, as clang ranks it (half is a native type there): fmax(half, float)
/// is ambiguous.
int conversionRank(TypeKind from, TypeKind to) {
    if (from == to) return 0;
    if (to == TypeKind::Int &&
        (from == TypeKind::Bool || from == TypeKind::Char || from == TypeKind::UChar ||
         from == TypeKind::Short || from == TypeKind::UShort))
        return 1;
    if (from == TypeKind::Float && to == TypeKind::Double) return 1;
    return 2;
}

/// True if the overload ranked `a` is better than the one ranked `b`: no argument converts
/// worse, at least one converts better.
bool better(const std::vector<int>& a, const std::vector<int>& b) {
    bool strictly = false;
    for (size_t i = 0; i < a.size(); ++i) {
        if (a[i] > b[i]) return false;
        if (a[i] < b[i]) strictly = true;
    }
    return strictly;
}

} // namespace

Sema::ScalarOverload Sema::bestScalarOverload(const std::vector<int>& ids,
                                              const std::vector<QualType>& argTypes,
                                              const BuiltinSignature& sig) {
    ScalarOverload out;
    if (argTypes.empty() || sig.params.size() != argTypes.size()) return out;
    std::vector<TypeKind> from;
    for (const QualType& a : argTypes) {
        const Type* t = a.type ? a->canonical() : nullptr;
        if (!t || !t->isScalarArithmetic()) return out;
        from.push_back(t->kind);
    }
    const Type* param = sig.params[0].type ? sig.params[0]->canonical() : nullptr;
    if (!param || !param->isScalarArithmetic()) return out;
    for (const QualType& p : sig.params)
        if (!p.type || p->canonical()->kind != param->kind) return out;
    out.applies = true;

    // The element types some overload takes for every argument.
    const BuiltinRegistry& reg = BuiltinRegistry::instance();
    std::vector<const Type*> candidates;
    std::vector<std::vector<int>> ranks;
    for (TypeKind k : kScalarKinds) {
        const Type* t = m_types.scalar(k);
        std::vector<QualType> exact(argTypes.size(), QualType{t});
        bool taken = false;
        for (int id : ids) {
            BuiltinSignature s;
            if (!reg.def(id).resolve(m_types, exact, s) || s.params.size() != exact.size())
                continue;
            taken = true;
            for (const QualType& p : s.params)
                if (!p.type || p->canonical()->kind != k) taken = false;
            if (taken) break;
        }
        if (!taken) continue;
        candidates.push_back(t);
        std::vector<int> r;
        for (TypeKind f : from)
            r.push_back(conversionRank(f, k));
        ranks.push_back(std::move(r));
    }
    if (candidates.empty()) return out; // a builtin of its own kind: keep the first match
    // The best candidate is better than every other one.
    for (size_t i = 0; i < candidates.size(); ++i) {
        bool best = true;
        for (size_t j = 0; j < candidates.size() && best; ++j)
            if (j != i && !better(ranks[i], ranks[j])) best = false;
        if (best) {
            out.best = candidates[i];
            return out;
        }
    }
    // Ambiguous: name the candidates no other one beats.
    for (size_t i = 0; i < candidates.size(); ++i) {
        bool beaten = false;
        for (size_t j = 0; j < candidates.size() && !beaten; ++j)
            beaten = j != i && better(ranks[j], ranks[i]);
        if (!beaten)
            out.tied += (out.tied.empty() ? "" : ", ") + typeToString(QualType{candidates[i]});
    }
    return out;
}

} // namespace clstep
