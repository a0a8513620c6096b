/// Relational functions, spec 6.12.6. The comparison and classification functions return
/// int 0/1 for scalar arguments and, for vectors, a signed integer vector of the element's
/// width (intn for floatn, longn for doublen) with -1 (all bits set) for true and 0 for
/// false. any/all test the most significant bit; bitselect and select choose bits/components.
/// With cl_khr_fp16 they take half and halfn too (shortn results, short/ushort selectors).
#include "builtins/BuiltinHelpers.h"
#include "common/Half.h"

#include <cmath>

namespace clstep {

using namespace builtins;

namespace {

// any/all(igentype): a signed integer scalar or vector; a scalar of another integer type is
// converted to the signed integer of its width.
bool resolveAnyAll(TypeContext& types, const std::vector<QualType>& args, BuiltinSignature& sig) {
    if (args.size() != 1 || !args[0].type) return false;
    const Type* t = args[0].type->canonical();
    if (t->isVector()) {
        if (!t->element->isInteger() || !t->element->isSigned()) return false;
    } else if (t->isInteger()) {
        t = types.signedIntegerOfSize(t->size);
    } else {
        return false;
    }
    sig.params = {QualType{t}};
    sig.result = QualType{types.scalar(TypeKind::Int)};
    return true;
}

// Signed components are sign-extended, so the most significant bit is set exactly when i < 0.
template <bool All>
void implAnyAll(BuiltinEnv&, const BuiltinCall& call, const Value* args, Value& result) {
    const uint32_t n = argType(call, 0)->components();
    bool r = All;
    for (uint32_t k = 0; k < n; ++k) {
        const bool msb = args[0].components[k].i < 0;
        r = All ? (r && msb) : (r || msb);
    }
    put<int32_t>(result.components[0], r ? 1 : 0);
}

// bitselect(a, b, c): each result bit is the bit of b where c's bit is 1, else of a.
void implBitselect(BuiltinEnv&, const BuiltinCall& call, const Value* args, Value& result) {
    const Type* rt = resultType(call);
    const TypeKind kind = elementKind(rt);
    for (uint32_t k = 0; k < rt->components(); ++k) {
        auto bits = [&](int i) -> uint64_t {
            const Component& l = args[i].components[k];
            return kind == TypeKind::Float  ? floatBits(l.f)
                   : kind == TypeKind::Half ? halfBitsOf(l.f)
                                            : l.u;
        };
        const uint64_t r = (bits(0) & ~bits(2)) | (bits(1) & bits(2));
        if (kind == TypeKind::Float)
            put<float>(result.components[k], floatFromBits(r));
        else if (kind == TypeKind::Half)
            put<float>(result.components[k], halfToFloat(static_cast<uint16_t>(r)));
        else
            result.components[k].u = r; // sign-/zero-extension is preserved by bitwise ops
    }
}

// select(a, b, c): a and b any gentype (same type), c an integer scalar/vector with the
// same component count and element width (signed or unsigned).
bool resolveSelect(TypeContext& types, const std::vector<QualType>& args, BuiltinSignature& sig) {
    if (args.size() != 3 || !args[2].type) return false;
    if (!resolvePattern(types, {args[0], args[1]}, sig, "G=GG", Domain::Any, kAllComponents))
        return false;
    const Type* gen = sig.result.type;
    const Type* c = args[2].type->canonical();
    const uint64_t width = gen->scalarType()->size;
    if (gen->isVector()) {
        if (!c->isVector() || c->count != gen->count || !c->element->isInteger() ||
            c->element->size != width)
            return false;
    } else {
        if (!c->isInteger()) return false;
        const Type* s = types.signedIntegerOfSize(width);
        c = c->isSigned() || c->kind == TypeKind::Bool ? s : types.toUnsigned(s);
    }
    sig.params.push_back(QualType{c});
    return true;
}

// Scalars: c ? b : a. Vectors: per component, the most significant bit of c selects b.
void implSelect(BuiltinEnv&, const BuiltinCall& call, const Value* args, Value& result) {
    const Type* rt = resultType(call);
    const Type* ct = argType(call, 2);
    if (!rt->isVector()) {
        result.components[0] =
            args[2].components[0].u != 0 ? args[1].components[0] : args[0].components[0];
        return;
    }
    const unsigned msb = static_cast<unsigned>(ct->element->size * 8 - 1);
    for (uint32_t k = 0; k < rt->count; ++k)
        result.components[k] =
            ((args[2].components[k].u >> msb) & 1) ? args[1].components[k] : args[0].components[k];
}

} // namespace

/// Registers the 6.12.6 relational functions with the registry.
void registerRelationalBuiltins(BuiltinRegistry& r) {
    r.add(componentwise<"R=GG", [](auto x, auto y) { return x == y; }>("isequal"));
    r.add(componentwise<"R=GG", [](auto x, auto y) { return x != y; }>("isnotequal"));
    r.add(componentwise<"R=GG", [](auto x, auto y) { return (x > y); }>("isgreater"));
    r.add(componentwise<"R=GG", [](auto x, auto y) { return (x >= y); }>("isgreaterequal"));
    r.add(componentwise<"R=GG", [](auto x, auto y) { return x < y; }>("isless"));
    r.add(componentwise<"R=GG", [](auto x, auto y) { return x <= y; }>("islessequal"));
    r.add(
        componentwise<"R=GG", [](auto x, auto y) { return (x < y) || (x > y); }>("islessgreater"));
    r.add(componentwise<"R=G", [](auto x) { return std::isfinite(x); }>("isfinite"));
    r.add(componentwise<"R=G", [](auto x) { return std::isinf(x); }>("isinf"));
    r.add(componentwise<"R=G", [](auto x) { return std::isnan(x); }>("isnan"));
    // A half is normal from 2^-14 on (the float test would call half subnormals normal).
    r.add(componentwise<"R=G", [](float x) { return std::isfinite(x) && std::fabs(x) >= 0x1p-14f; },
                        Domain::HalfOnly>("isnormal"));
    r.add(componentwise<"R=G", [](auto x) { return std::isnormal(x); }>("isnormal"));
    r.add(componentwise<"R=GG", [](auto x, auto y) { return !std::isnan(x) && !std::isnan(y); }>(
        "isordered"));
    r.add(componentwise<"R=GG", [](auto x, auto y) { return std::isnan(x) || std::isnan(y); }>(
        "isunordered"));
    r.add(componentwise<"R=G", [](auto x) { return std::signbit(x); }>("signbit"));
    r.add(custom("any", &resolveAnyAll, &implAnyAll<false>));
    r.add(custom("all", &resolveAnyAll, &implAnyAll<true>));
    r.add(custom("bitselect", &resolveWith<"G=GGG", Domain::Any>, &implBitselect));
    r.add(custom("select", &resolveSelect, &implSelect));
}

} // namespace clstep
