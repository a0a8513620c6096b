#include "builtins/BuiltinHelpers.h"

#include "builtins/MemoryBuiltinHelpers.h"

#include <cmath>
#include <cstring>

namespace clstep::builtins {

namespace {

bool isGenLetter(char c) {
    return c == 'G' || c == 'g';
}
bool isOutLetter(char c) {
    return c == 'P' || c == 'Q';
}

/// The element type of an all-scalar call (see resolvePattern), or nullptr.
const Type* commonScalar(TypeContext& types, const std::vector<const Type*>& scalars,
                         Domain domain) {
    const Type* widestFloat = nullptr;
    for (const Type* t : scalars) {
        if (!t->isScalarArithmetic()) return nullptr;
        if (t->isFloating() && (!widestFloat || t->kind > widestFloat->kind)) widestFloat = t;
    }
    if (domain == Domain::FloatOnly) return types.scalar(TypeKind::Float);
    if (domain == Domain::HalfOnly)
        return widestFloat == types.scalar(TypeKind::Half) ? widestFloat : nullptr;
    if (domain == Domain::Float || (domain == Domain::Any && widestFloat)) return widestFloat;
    if (widestFloat) return nullptr; // integer domain: no floating arguments
    const Type* common = scalars.front();
    for (const Type* t : scalars)
        if (t != common) common = types.commonScalarType(common, t);
    // mul24(short, short): char and short promote to int for the int-only built-ins.
    if (domain == Domain::Int32 && common->kind < TypeKind::Int) return types.promote(common);
    return common->kind == TypeKind::Bool ? types.promote(common) : common;
}

} // namespace

float toHalf(double v) {
    return mem::halfToFloat(mem::halfFromDouble(v, mem::HalfRounding::Rte));
}

uint16_t halfBitsOf(float f) {
    if (std::isnan(f)) {
        uint32_t b;
        std::memcpy(&b, &f, sizeof b);
        const uint16_t payload = static_cast<uint16_t>((b >> 13) & 0x3ff);
        return static_cast<uint16_t>(((b >> 16) & 0x8000) | 0x7c00 | (payload ? payload : 0x200));
    }
    return mem::halfFromDouble(f, mem::HalfRounding::Rte);
}

const Type* plainType(TypeContext& types, const Type* t) {
    t = t->canonical();
    if (t->isVector()) return types.vector(types.scalar(t->element->kind), t->count);
    if (t->isScalarArithmetic()) return types.scalar(t->kind);
    return t;
}

bool inDomain(const Type* t, Domain domain) {
    switch (domain) {
    case Domain::Float:
        return t->kind == TypeKind::Half || t->kind == TypeKind::Float ||
               t->kind == TypeKind::Double;
    case Domain::FloatOnly:
        return t->kind == TypeKind::Float;
    case Domain::HalfOnly:
        return t->kind == TypeKind::Half;
    case Domain::Integer:
        return t->kind >= TypeKind::Char && t->kind <= TypeKind::ULong;
    case Domain::Int32:
        return t->kind == TypeKind::Int || t->kind == TypeKind::UInt;
    case Domain::Any:
        return (t->kind >= TypeKind::Char && t->kind <= TypeKind::ULong) || t->isFloating();
    }
    return false;
}

bool resolvePattern(TypeContext& types, const std::vector<QualType>& args, BuiltinSignature& sig,
                    const char* pattern, Domain domain, unsigned componentMask) {
    const char resultLetter = pattern[0];
    const char* letters = pattern + 2;
    const size_t n = std::strlen(letters);
    if (args.size() != n) return false;
    std::vector<const Type*> ts(n);
    for (size_t i = 0; i < n; ++i) {
        if (!args[i].type) return false;
        ts[i] = plainType(types, args[i].type);
    }

    // 1. Out-parameters fix the gentype exactly (spec 6.12.2: fract, frexp, modf, ...).
    const Type* gen = nullptr;
    uint32_t outIntComponents = 0;
    for (size_t i = 0; i < n; ++i) {
        if (!isOutLetter(letters[i])) continue;
        const Type* pointee = nullptr;
        if (ts[i]->isPointer()) {
            if (ts[i]->pointee.isConst) return false;
            pointee = plainType(types, ts[i]->pointee.type);
        } else if (ts[i]->isArray()) {
            pointee = plainType(types, ts[i]->element);
        } else {
            return false;
        }
        if (letters[i] == 'P') {
            if (gen && gen != pointee) return false;
            gen = pointee;
        } else {
            if (pointee->scalarType()->kind != TypeKind::Int) return false;
            outIntComponents = pointee->components();
        }
    }
    // 2. Vector arguments: all the same type (no implicit vector conversions, spec 6.2.1).
    for (size_t i = 0; i < n; ++i) {
        if (!isGenLetter(letters[i]) || !ts[i]->isVector()) continue;
        if (gen && gen != ts[i]) return false;
        gen = ts[i];
    }
    // 3. All scalars: the common element type.
    if (!gen) {
        std::vector<const Type*> scalars;
        for (size_t i = 0; i < n; ++i)
            if (isGenLetter(letters[i])) scalars.push_back(ts[i]);
        if (scalars.empty() || !(gen = commonScalar(types, scalars, domain))) return false;
    }
    const Type* elem = gen->scalarType();
    if (!inDomain(elem, domain) || !(componentMask & (1u << gen->components()))) return false;
    if (outIntComponents && outIntComponents != gen->components()) return false;
    const Type* intType = types.scalar(TypeKind::Int);
    const Type* intShape = types.withElement(gen, intType);

    sig.params.assign(n, QualType{});
    for (size_t i = 0; i < n; ++i) {
        const Type* t = ts[i];
        const Type* p = nullptr;
        switch (letters[i]) {
        case 'G':
            // A scalar converts implicitly to the vector gentype (OpenCL C 6.2.1), as in
            // mix(float4, float, float) or fmax(float, float4).
            if (gen->isVector() ? t != gen && !t->isScalarArithmetic() : !t->isScalarArithmetic())
                return false;
            p = gen;
            break;
        case 'g':
            if (t->isVector() ? t != gen : !t->isScalarArithmetic()) return false;
            p = t->isVector() ? gen : elem;
            break;
        case 'i':
            // pown(float4, 2): a scalar integer converts to the int vector.
            if (gen->isVector() ? t != intShape && !t->isInteger() : !t->isInteger()) return false;
            p = intShape;
            break;
        case 'k':
            if (t->isVector() ? t != intShape : !t->isInteger()) return false;
            p = t->isVector() ? intShape : intType;
            break;
        case 'P':
        case 'Q':
            if (t->isArray()) {
                QualType pointee{t->element};
                pointee.space = args[i].space;
                p = types.pointer(pointee);
            } else {
                sig.params[i] = QualType{args[i].type};
                continue;
            }
            break;
        default:
            return false;
        }
        sig.params[i] = QualType{p};
    }
    switch (resultLetter) {
    case 'G':
        sig.result = QualType{gen};
        break;
    case 'U':
        sig.result = QualType{types.toUnsigned(gen)};
        break;
    case 'I':
        sig.result = QualType{intShape};
        break;
    case 'E':
        sig.result = QualType{elem};
        break;
    case 'R':
        sig.result =
            QualType{gen->isVector() ? types.withElement(gen, types.signedIntegerOfSize(elem->size))
                                     : intType};
        break;
    default:
        return false;
    }
    return true;
}

void storeOut(BuiltinEnv& env, const BuiltinCall& call, const Value* args, size_t index,
              const Value& v) {
    const Type* pointer = argType(call, index);
    env.store(args[index].components[0].u, pointer->pointee, v, call.range);
}

} // namespace clstep::builtins
