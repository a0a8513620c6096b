#pragma once

// A concrete BuiltinEnv over real byte buffers, one list of buffers per address space,
// addressed with the encoding of core/Address.h and stored little-endian. It records
// barriers, printf output, async copies, event waits, atomic brackets, element accesses and
// reported errors so tests can assert them; plus `callBuiltin`, which resolves and runs a
// builtin the way Sema and the interpreter do.

#include "builtins/BuiltinEnv.h"
#include "builtins/BuiltinRegistry.h"
#include "builtins/MemoryBuiltinHelpers.h"
#include "core/Address.h"
#include "core/LaneOps.h"
#include "core/TypeContext.h"

#include <array>
#include <cstring>
#include <map>
#include <string>
#include <vector>

namespace clstep::test {

/// One memory access seen by the environment.
struct Access {
    uint64_t address = 0;
    uint64_t bytes = 0;
    bool store = false;
    bool atomic = false;
    TypeKind kind = TypeKind::Void;
};

/// One env.asyncCopy call.
struct AsyncCall {
    uint64_t dst, src, elementBytes, count, srcStride, dstStride, event;
};

/// What the builtins did through the environment.
struct EnvLog {
    std::vector<uint32_t> barriers;                   ///< flags of each barrier
    std::string output;                               ///< printf output
    std::vector<AsyncCall> asyncCopies;               ///< async copies, in order
    std::vector<std::pair<uint64_t, uint64_t>> waits; ///< (count, list address)
    std::vector<Access> accesses;                     ///< loads and stores, in order
    std::vector<std::string> errors;                  ///< "kind: message"
    int atomicOps = 0;                                ///< completed atomicBegin/atomicEnd brackets
    bool atomicOpen = false;                          ///< inside atomicBegin..atomicEnd
};

/// BuiltinEnv over byte buffers (little-endian device) with a configurable NDRange position.
class MemoryTestEnv : public BuiltinEnv {
public:
    /// Allocates a zeroed buffer of `bytes` bytes in `space` and returns its address.
    uint64_t allocate(AddressSpace space, size_t bytes) {
        auto& list = m_buffers[space];
        list.emplace_back(bytes, uint8_t(0));
        return address::make(space, static_cast<uint32_t>(list.size()), 0);
    }
    /// Allocates `text` plus its terminating NUL in `space` (e.g. a __constant string literal).
    uint64_t allocateString(AddressSpace space, const std::string& text) {
        uint64_t a = allocate(space, text.size() + 1);
        std::memcpy(bytes(a, text.size() + 1), text.c_str(), text.size() + 1);
        return a;
    }
    /// Raw bytes at `a` (nullptr when out of bounds for `n` bytes).
    uint8_t* bytes(uint64_t a, uint64_t n = 1) {
        auto it = m_buffers.find(address::space(a));
        uint32_t b = address::buffer(a);
        if (a == 0 || it == m_buffers.end() || b == 0 || b > it->second.size()) return nullptr;
        std::vector<uint8_t>& buf = it->second[b - 1];
        uint64_t off = address::offset(a);
        return off + n <= buf.size() ? buf.data() + off : nullptr;
    }
    template <class T>
    void put(uint64_t a, T v) {
        std::memcpy(bytes(a, sizeof(T)), &v, sizeof(T));
    }
    template <class T>
    T get(uint64_t a) {
        T v;
        std::memcpy(&v, bytes(a, sizeof(T)), sizeof(T));
        return v;
    }

    /// Sets the NDRange position: work_dim, global/local sizes, group id, local id, offset
    /// (global id and group count follow from them).
    void setPosition(uint32_t dims, std::array<uint64_t, 3> global, std::array<uint64_t, 3> local,
                     std::array<uint64_t, 3> group, std::array<uint64_t, 3> lid,
                     std::array<uint64_t, 3> offset = {0, 0, 0}) {
        m_dims = dims;
        m_global = global;
        m_local = local;
        m_group = group;
        m_lid = lid;
        m_offset = offset;
    }
    const EnvLog& log() const { return m_log; }
    void clearLog() { m_log = EnvLog{}; }

    uint32_t workDim() const override { return m_dims; }
    uint64_t globalSize(uint32_t d) const override { return d < m_dims ? m_global[d] : 1; }
    uint64_t globalId(uint32_t d) const override {
        return d < m_dims ? m_group[d] * m_local[d] + m_lid[d] + m_offset[d] : 0;
    }
    uint64_t localSize(uint32_t d) const override {
        if (d >= m_dims) return 1;
        uint64_t rest = m_global[d] - m_group[d] * m_local[d];
        return rest < m_local[d] ? rest : m_local[d];
    }
    uint64_t enqueuedLocalSize(uint32_t d) const override { return d < m_dims ? m_local[d] : 1; }
    uint64_t localId(uint32_t d) const override { return d < m_dims ? m_lid[d] : 0; }
    uint64_t numGroups(uint32_t d) const override {
        return d < m_dims ? (m_global[d] + m_local[d] - 1) / m_local[d] : 1;
    }
    uint64_t groupId(uint32_t d) const override { return d < m_dims ? m_group[d] : 0; }
    uint64_t globalOffset(uint32_t d) const override { return d < m_dims ? m_offset[d] : 0; }

    Value load(uint64_t a, const QualType& type, const SourceRange&) override {
        Value v;
        const Type* t = type->canonical();
        const Type* elem = t->isVector() ? t->element : t;
        uint8_t* p = checked(a, t, false);
        if (!p) return v;
        for (uint32_t k = 0; k < t->lanes(); ++k) {
            uint64_t raw = 0;
            std::memcpy(&raw, p + k * elem->size, elem->size);
            v.lanes[k] = decode(raw, elem->kind);
        }
        return v;
    }
    void store(uint64_t a, const QualType& type, const Value& v, const SourceRange&) override {
        const Type* t = type->canonical();
        const Type* elem = t->isVector() ? t->element : t;
        uint8_t* p = checked(a, t, true);
        if (!p) return;
        for (uint32_t k = 0; k < t->lanes(); ++k) {
            uint64_t raw = encode(v.lanes[k], elem->kind);
            std::memcpy(p + k * elem->size, &raw, elem->size);
        }
    }
    void copyBytes(uint64_t dst, uint64_t src, uint64_t n, const SourceRange&) override {
        uint8_t* d = bytes(dst, n);
        uint8_t* s = bytes(src, n);
        if (!d || !s) return error("out-of-bounds", "copyBytes");
        std::memmove(d, s, n);
    }
    void atomicBegin(uint64_t, const SourceRange&) override {
        if (m_log.atomicOpen) error("atomic", "nested atomicBegin");
        m_log.atomicOpen = true;
    }
    /// Order and scope only matter to the race detector, which these tests do not run.
    void atomicSemantics(uint8_t, uint8_t) override {}
    void atomicEnd() override {
        if (!m_log.atomicOpen) error("atomic", "atomicEnd without atomicBegin");
        m_log.atomicOpen = false;
        ++m_log.atomicOps;
    }
    void barrier(uint32_t flags, const SourceRange&) override { m_log.barriers.push_back(flags); }
    /// Performs the copy at once (strides in elements) and returns `event`, or a new id.
    uint64_t asyncCopy(uint64_t dst, uint64_t src, uint64_t elementBytes, uint64_t count,
                       uint64_t srcStride, uint64_t dstStride, uint64_t event,
                       const SourceRange& site) override {
        m_log.asyncCopies.push_back({dst, src, elementBytes, count, srcStride, dstStride, event});
        for (uint64_t i = 0; i < count; ++i)
            copyBytes(mem::advance(dst, i * dstStride * elementBytes),
                      mem::advance(src, i * srcStride * elementBytes), elementBytes, site);
        return event ? event : ++m_lastEvent;
    }
    void waitEvents(uint64_t count, uint64_t list, const SourceRange&) override {
        m_log.waits.emplace_back(count, list);
    }
    /// A work-group (and sub-group) of one work-item: the result is the caller's own value.
    std::span<const Value> collective(const Value& mine, bool, const char*,
                                      const SourceRange&) override {
        m_collective = mine;
        return {&m_collective, 1};
    }
    uint32_t maxSubGroupSize() const override { return 32; }
    /// These environments hold no images (image builtins are tested through KernelRun).
    const image::Object* imageAt(uint64_t) const override { return nullptr; }
    void print(const std::string& text) override { m_log.output += text; }
    void reportError(DiagnosticKind kind, const std::string& message, const SourceRange&) override {
        error(DiagnosticKinds::name(kind), message);
    }
    bool deviceBigEndian() const override { return false; }

private:
    Value m_collective;
    void error(const std::string& kind, const std::string& message) {
        m_log.errors.push_back(kind + ": " + message);
    }
    /// Bounds and alignment check of an access of type `t` at `a`; records it.
    uint8_t* checked(uint64_t a, const Type* t, bool isStore) {
        const Type* elem = t->isVector() ? t->element : t;
        uint64_t n = elem->size * t->lanes();
        m_log.accesses.push_back({a, n, isStore, m_log.atomicOpen, elem->kind});
        uint8_t* p = bytes(a, n);
        if (!p)
            error("out-of-bounds", "access outside any buffer");
        else if (address::offset(a) % t->align)
            error("misaligned-access", "misaligned access");
        return p;
    }
    static Lane decode(uint64_t raw, TypeKind k) {
        Lane l;
        l.u = raw;
        if (k == TypeKind::Half) {
            l.u = 0;
            l.f = mem::halfToFloat(static_cast<uint16_t>(raw));
        } else if (k == TypeKind::Float) {
            uint32_t b = static_cast<uint32_t>(raw);
            l.u = 0;
            std::memcpy(&l.f, &b, 4);
        } else if (k != TypeKind::Double) {
            l = lane::normalize(l, k);
        }
        return l;
    }
    static uint64_t encode(Lane l, TypeKind k) {
        if (k == TypeKind::Half) return mem::halfFromDouble(l.f, mem::HalfRounding::Rte);
        if (k == TypeKind::Float) {
            uint32_t b;
            std::memcpy(&b, &l.f, 4);
            return b;
        }
        return l.u;
    }

    std::map<AddressSpace, std::vector<std::vector<uint8_t>>> m_buffers;
    uint32_t m_dims = 1;
    std::array<uint64_t, 3> m_global{1, 1, 1}, m_local{1, 1, 1}, m_group{}, m_lid{}, m_offset{};
    uint64_t m_lastEvent = 0;
    EnvLog m_log;
};

/// One argument of a test call: its type (as Sema would see it) and value.
struct Arg {
    QualType type;
    Value value;
};

/// Result of callBuiltin: whether an overload accepted the arguments, the call type and the
/// returned value.
struct CallResult {
    bool resolved = false;
    QualType type;
    Value value;
    unsigned flags = 0;
};

/// Resolves builtin `name` for `args` like Sema (first overload whose resolve accepts them),
/// converts each scalar/vector argument to its parameter type, and runs the implementation
/// with `env`. Nothing runs when no overload matches.
inline CallResult callBuiltin(TypeContext& types, BuiltinEnv& env, const std::string& name,
                              const std::vector<Arg>& args) {
    const BuiltinRegistry& reg = BuiltinRegistry::instance();
    std::vector<QualType> argTypes;
    for (const Arg& a : args)
        argTypes.push_back(a.type);
    CallResult r;
    for (int id : reg.lookup(name)) {
        BuiltinSignature sig;
        if (!reg.def(id).resolve(types, argTypes, sig)) continue;
        BuiltinCall call;
        call.builtin = id;
        call.type = sig.result;
        std::vector<Value> values;
        for (size_t i = 0; i < args.size(); ++i) {
            const Type* from = args[i].type->canonical();
            const Type* to = sig.params[i]->canonical();
            Value v = args[i].value;
            if (from != to && from->isArithmetic() && to->isArithmetic())
                for (uint32_t k = 0; k < to->lanes(); ++k)
                    v.lanes[k] =
                        lane::convert(v.lanes[k], from->scalarType()->kind, to->scalarType()->kind);
            values.push_back(v);
            call.argTypes.push_back(sig.params[i]);
        }
        r.resolved = true;
        r.type = sig.result;
        r.flags = reg.def(id).flags;
        reg.def(id).impl(env, call, values.data(), r.value);
        return r;
    }
    return r;
}

/// A scalar argument of kind `k` holding the integer `v`.
inline Arg intArg(TypeContext& types, TypeKind k, int64_t v) {
    Arg a{QualType{types.scalar(k)}, Value::ofInt(v)};
    a.value.lanes[0] = lane::normalize(a.value.lanes[0], k);
    return a;
}

/// A pointer argument to `pointee` (in `space`, optionally volatile/const) holding `address`.
inline Arg ptrArg(TypeContext& types, const Type* pointee, AddressSpace space, uint64_t address,
                  bool isConst = false, bool isVolatile = false) {
    QualType q{pointee, space, isConst, isVolatile};
    return Arg{QualType{types.pointer(q)}, Value::ofUInt(address)};
}

} // namespace clstep::test
