/// Miscellaneous vector functions, spec 6.12.12: shuffle and shuffle2. (vec_step is an
/// operator folded by Sema.)
#include "builtins/BuiltinHelpers.h"

namespace clstep {

using namespace builtins;

namespace {

bool isShuffleWidth(uint32_t n) {
    return n == 2 || n == 4 || n == 8 || n == 16;
}

// gentypen shuffle(gentypem x, ugentypen mask) and
// gentypen shuffle2(gentypem x, gentypem y, ugentypen mask): m and n are 2, 4, 8 or 16 and
// the mask's elements are unsigned integers as wide as x's elements.
template <int Sources>
bool resolveShuffle(TypeContext& types, const std::vector<QualType>& args, BuiltinSignature& sig) {
    if (args.size() != Sources + 1) return false;
    for (const QualType& a : args)
        if (!a.type) return false;
    const Type* x = plainType(types, args[0].type);
    const Type* mask = plainType(types, args[Sources].type);
    if (!x->isVector() || !isShuffleWidth(x->count) || !inDomain(x->element, Domain::Any))
        return false;
    if (Sources == 2 && plainType(types, args[1].type) != x) return false;
    if (!mask->isVector() || !isShuffleWidth(mask->count) || !mask->element->isInteger() ||
        mask->element->isSigned() || mask->element->size != x->element->size)
        return false;
    sig.params.assign(Sources, QualType{x});
    sig.params.push_back(QualType{mask});
    sig.result = QualType{types.vector(x->element, mask->count)};
    return true;
}

// Only the low log2(m) (shuffle) or log2(2m) (shuffle2) bits of each mask element count.
template <int Sources>
void implShuffle(BuiltinEnv&, const BuiltinCall& call, const Value* args, Value& result) {
    const uint32_t m = argType(call, 0)->count;
    const uint32_t n = resultType(call)->count;
    const Value& mask = args[Sources];
    Value out;
    for (uint32_t k = 0; k < n; ++k) {
        const uint64_t index = mask.components[k].u & (uint64_t(m) * Sources - 1);
        out.components[k] = index < m ? args[0].components[index] : args[1].components[index - m];
    }
    for (uint32_t k = 0; k < n; ++k)
        result.components[k] = out.components[k];
}

} // namespace

/// Registers shuffle and shuffle2 (spec 6.12.12) with the registry.
void registerMiscVectorBuiltins(BuiltinRegistry& r) {
    r.add(custom("shuffle", &resolveShuffle<1>, &implShuffle<1>));
    r.add(custom("shuffle2", &resolveShuffle<2>, &implShuffle<2>));
}

} // namespace clstep
