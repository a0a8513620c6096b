#pragma once

/// Test support for the builtin function families: a BuiltinEnv over a plain byte array
/// (private memory buffer 1, for pointer out-parameters), a BuiltinTester that resolves and
/// calls builtins through the registry exactly like Sema and the interpreter do, and ULP
/// helpers for checking floating-point results against the spec's accuracy tables.

#include "builtins/BuiltinEnv.h"
#include "builtins/BuiltinRegistry.h"
#include "core/Address.h"
#include "core/LaneOps.h"
#include "core/TypeContext.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <initializer_list>
#include <limits>
#include <memory>
#include <string>
#include <vector>

namespace clstep::test {

/// A BuiltinEnv whose only memory is one private buffer (index 1) of 1 KiB; work-item
/// queries return fixed values and errors are collected in `errors`.
class TestEnv : public BuiltinEnv {
public:
    std::vector<uint8_t> memory = std::vector<uint8_t>(1024, 0);
    std::vector<std::string> errors;

    /// The address of byte `offset` of the private buffer.
    static uint64_t addressOf(uint64_t offset) {
        return address::make(AddressSpace::Private, 1, offset);
    }

    uint32_t workDim() const override { return 1; }
    uint64_t globalSize(uint32_t) const override { return 1; }
    uint64_t globalId(uint32_t) const override { return 0; }
    uint64_t localSize(uint32_t) const override { return 1; }
    uint64_t enqueuedLocalSize(uint32_t) const override { return 1; }
    uint64_t localId(uint32_t) const override { return 0; }
    uint64_t numGroups(uint32_t) const override { return 1; }
    uint64_t groupId(uint32_t) const override { return 0; }
    uint64_t globalOffset(uint32_t) const override { return 0; }

    /// Loads a scalar or vector, lanes stored little-endian, `size/lanes` bytes each.
    Value load(uint64_t address, const QualType& type, const SourceRange&) override {
        Value v;
        const Type* t = type.type->canonical();
        uint8_t* p = bytes(address, t);
        if (!p) return v;
        const uint64_t w = laneBytes(t);
        const TypeKind k = t->isPointer() ? TypeKind::ULong : t->scalarType()->kind;
        for (uint32_t i = 0; i < t->lanes(); ++i) {
            uint64_t bits = 0;
            for (uint64_t b = 0; b < w; ++b)
                bits |= uint64_t(p[i * w + b]) << (8 * b);
            Lane& l = v.lanes[i];
            l.u = bits;
            if (k == TypeKind::Float) {
                uint32_t u32 = static_cast<uint32_t>(bits);
                l.u = 0;
                std::memcpy(&l.f, &u32, 4);
            } else if (k != TypeKind::Double) {
                l = lane::normalize(l, k);
            }
        }
        return v;
    }

    void store(uint64_t address, const QualType& type, const Value& v,
               const SourceRange&) override {
        const Type* t = type.type->canonical();
        uint8_t* p = bytes(address, t);
        if (!p) return;
        const uint64_t w = laneBytes(t);
        const bool isFloat = !t->isPointer() && t->scalarType()->kind == TypeKind::Float;
        for (uint32_t i = 0; i < t->lanes(); ++i) {
            uint64_t bits = v.lanes[i].u;
            if (isFloat) {
                uint32_t u32;
                std::memcpy(&u32, &v.lanes[i].f, 4);
                bits = u32;
            }
            for (uint64_t b = 0; b < w; ++b)
                p[i * w + b] = static_cast<uint8_t>(bits >> (8 * b));
        }
    }

    void copyBytes(uint64_t, uint64_t, uint64_t, const SourceRange&) override {}
    void atomicBegin(uint64_t, const SourceRange&) override {}
    /// Order and scope only matter to the race detector, which these tests do not run.
    void atomicSemantics(uint8_t, uint8_t) override {}
    void atomicEnd() override {}
    void barrier(uint32_t, const SourceRange&) override {}
    uint64_t asyncCopy(uint64_t, uint64_t, uint64_t, uint64_t, uint64_t, uint64_t, uint64_t,
                       const SourceRange&) override {
        return 0;
    }
    void waitEvents(uint64_t, uint64_t, const SourceRange&) override {}
    /// A work-group (and sub-group) of one work-item: the result is the caller's own value.
    std::span<const Value> collective(const Value& mine, bool, const char*,
                                      const SourceRange&) override {
        m_collective = mine;
        return {&m_collective, 1};
    }
    uint32_t maxSubGroupSize() const override { return 32; }
    /// These environments hold no images (image builtins are tested through KernelRun).
    const image::Object* imageAt(uint64_t) const override { return nullptr; }
    void print(const std::string&) override {}
    void reportError(DiagnosticKind kind, const std::string& message, const SourceRange&) override {
        errors.push_back(DiagnosticKinds::name(kind) + std::string(": ") + message);
    }
    bool deviceBigEndian() const override { return false; }

private:
    Value m_collective;
    static uint64_t laneBytes(const Type* t) { return t->isPointer() ? 8 : t->scalarType()->size; }
    uint8_t* bytes(uint64_t a, const Type* t) {
        const uint64_t size = laneBytes(t) * t->lanes();
        if (address::space(a) != AddressSpace::Private || address::buffer(a) != 1 ||
            address::offset(a) + size > memory.size()) {
            errors.push_back("bad address");
            return nullptr;
        }
        return memory.data() + address::offset(a);
    }
};

/// An argument of a test call: its type (before overload resolution) and value.
struct Arg {
    const Type* type = nullptr;
    Value value;
};

/// The outcome of a call: `ok` is false when no overload accepted the arguments.
struct CallResult {
    bool ok = false;
    const Type* type = nullptr;
    Value value;
    /// Lane `k` as float / double / signed / unsigned.
    float f(int k = 0) const { return value.lanes[k].f; }
    double d(int k = 0) const { return value.lanes[k].d; }
    int64_t i(int k = 0) const { return value.lanes[k].i; }
    uint64_t u(int k = 0) const { return value.lanes[k].u; }
    /// The result type's spelling ("" when not resolved).
    std::string typeName() const { return type ? type->name : std::string(); }
};

/// Resolves and runs builtins through BuiltinRegistry::instance(), the way Sema (overload
/// choice, implicit argument conversion) and the interpreter (impl call) use them.
class BuiltinTester {
public:
    TypeContext types;
    TestEnv env;

    /// The builtin type named `name` ("float4", "uint", ...).
    const Type* type(const char* name) { return types.builtin(name); }

    /// An argument of type `typeName` with lanes from `values` (floats for float/double
    /// types, integers otherwise; normalized to the lane type).
    Arg arg(const char* typeName, std::initializer_list<long double> values) {
        Arg a;
        a.type = type(typeName);
        const TypeKind k = a.type->scalarType()->kind;
        int i = 0;
        for (long double v : values) {
            Lane& l = a.value.lanes[i++];
            if (k == TypeKind::Float || k == TypeKind::Half)
                l.f = static_cast<float>(v);
            else if (k == TypeKind::Double)
                l.d = static_cast<double>(v);
            else if (v < 0)
                l = lane::normalize(Lane{static_cast<int64_t>(v)}, k);
            else {
                l.u = static_cast<uint64_t>(v);
                l = lane::normalize(l, k);
            }
        }
        return a;
    }
    /// Integer argument from exact 64-bit lane values (normalized to the lane type).
    Arg intArg(const char* typeName, std::initializer_list<uint64_t> values) {
        Arg a;
        a.type = type(typeName);
        int i = 0;
        for (uint64_t v : values) {
            Lane l;
            l.u = v;
            a.value.lanes[i++] = lane::normalize(l, a.type->scalarType()->kind);
        }
        return a;
    }
    Arg f(float v) { return arg("float", {v}); }
    Arg d(double v) { return arg("double", {v}); }
    Arg i(int64_t v) { return intArg("int", {static_cast<uint64_t>(v)}); }
    /// A pointer to `pointee` in private memory at byte `offset` of the test buffer.
    Arg ptr(const char* pointee, uint64_t offset) {
        Arg a;
        QualType q{type(pointee)};
        q.space = AddressSpace::Private;
        a.type = types.pointer(q);
        a.value.lanes[0].u = TestEnv::addressOf(offset);
        return a;
    }
    /// Reads a value of type `typeName` from the test buffer at `offset`.
    Value read(const char* typeName, uint64_t offset) {
        return env.load(TestEnv::addressOf(offset), QualType{type(typeName)}, SourceRange{});
    }

    /// Calls builtin `name`: tries each overload's resolve in registry order; the first that
    /// accepts gets the arguments converted to its parameter types and is run.
    CallResult call(const std::string& name, const std::vector<Arg>& args) {
        CallResult r;
        const BuiltinRegistry& reg = BuiltinRegistry::instance();
        std::vector<QualType> argTypes;
        for (const Arg& a : args)
            argTypes.push_back(QualType{a.type});
        for (int id : reg.lookup(name)) {
            const BuiltinDef& def = reg.def(id);
            BuiltinSignature sig;
            if (!def.resolve(types, argTypes, sig)) continue;
            if (sig.params.size() != args.size()) return r;
            BuiltinCall expr;
            expr.builtin = id;
            expr.type = sig.result;
            std::vector<Value> values;
            for (size_t i = 0; i < args.size(); ++i) {
                expr.argTypes.push_back(sig.params[i]);
                values.push_back(convert(args[i], sig.params[i].type->canonical()));
            }
            def.impl(env, expr, values.data(), r.value);
            r.ok = true;
            r.type = sig.result.type;
            return r;
        }
        return r;
    }

    /// The result type name of `name(args)`, or "" when no overload matches.
    std::string resolve(const std::string& name, const std::vector<Arg>& args) {
        const BuiltinRegistry& reg = BuiltinRegistry::instance();
        std::vector<QualType> argTypes;
        for (const Arg& a : args)
            argTypes.push_back(QualType{a.type});
        for (int id : reg.lookup(name)) {
            BuiltinSignature sig;
            if (reg.def(id).resolve(types, argTypes, sig)) return sig.result.type->name;
        }
        return "";
    }

private:
    // Sema's implicit argument conversion: identical types pass unchanged, scalars convert.
    static Value convert(const Arg& a, const Type* to) {
        const Type* from = a.type->canonical();
        if (from == to || from->isPointer() || !from->isScalarArithmetic() ||
            !to->isScalarArithmetic())
            return a.value;
        Value v;
        v.lanes[0] = lane::convert(a.value.lanes[0], from->kind, to->kind);
        return v;
    }
};

/// Error of `got` against the reference `ref`, in ulps of T at `ref` (spec 7.4: the ulp of
/// a real x is the gap between the two finite T values nearest x). NaN matches NaN;
/// infinities must match exactly.
template <class T>
double ulpError(T got, long double ref) {
    if (std::isnan(ref)) return std::isnan(got) ? 0 : INFINITY;
    if (std::isnan(got)) return INFINITY;
    if (std::isinf(got) && !std::isinf(ref)) {
        // Overflow is exact when ref lies beyond the largest finite T by half an ulp or more.
        const long double halfUlp = std::ldexp(1.0L, std::numeric_limits<T>::max_exponent -
                                                         std::numeric_limits<T>::digits - 1);
        const bool beyond = std::fabs(ref) >= std::numeric_limits<T>::max() + halfUlp;
        return beyond && std::signbit(got) == std::signbit(ref) ? 0 : INFINITY;
    }
    if (std::isinf(ref) || std::isinf(got))
        return static_cast<long double>(got) == ref ? 0 : INFINITY;
    int e = std::numeric_limits<T>::min_exponent;
    if (ref != 0) std::frexp(std::fabs(ref), &e);
    e = std::max(e, std::numeric_limits<T>::min_exponent);
    const long double ulp = std::ldexp(1.0L, e - std::numeric_limits<T>::digits);
    return static_cast<double>(std::fabs(static_cast<long double>(got) - ref) / ulp);
}

/// The number of representable T values between a and b (0 when equal, both NaN, or
/// +0/-0).
template <class T>
uint64_t ulpDistance(T a, T b) {
    if (std::isnan(a) && std::isnan(b)) return 0;
    if (std::isnan(a) || std::isnan(b)) return UINT64_MAX;
    auto ordered = [](T x) {
        using Bits = std::conditional_t<sizeof(T) == 4, int32_t, int64_t>;
        Bits b;
        std::memcpy(&b, &x, sizeof b);
        return b < 0 ? static_cast<int64_t>(std::numeric_limits<Bits>::min()) - b
                     : static_cast<int64_t>(b);
    };
    const int64_t x = ordered(a), y = ordered(b);
    return x > y ? static_cast<uint64_t>(x - y) : static_cast<uint64_t>(y - x);
}

/// The IEEE-754 bit pattern of a float or double.
template <class T>
uint64_t bitsOf(T x) {
    std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t> b;
    std::memcpy(&b, &x, sizeof b);
    return b;
}

/// True when a and b are the same value, including the sign of zero and NaN-ness.
template <class T>
bool sameValue(T a, T b) {
    if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
    return a == b && std::signbit(a) == std::signbit(b);
}

} // namespace clstep::test
