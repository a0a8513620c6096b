#include "core/TypeContext.h"
#include "core/ScalarTypes.h"

#include <algorithm>

namespace clstep {

namespace {
const char* kOpaque[] = {
    "event_t",   "sampler_t",       "image1d_t",    "image1d_array_t", "image1d_buffer_t",
    "image2d_t", "image2d_array_t", "image3d_t",    "image2d_depth_t", "image2d_array_depth_t",
    "queue_t",   "clk_event_t",     "reserve_id_t", "ndrange_t",       "pipe"};
} // namespace

TypeContext::TypeContext() {
    for (const ScalarTypeInfo& s : kScalarTypes) {
        Type* t = make();
        t->kind = s.kind;
        t->name = s.name;
        t->size = s.size;
        t->align = s.size ? s.size : 1;
        m_scalars[static_cast<int>(s.kind)] = t;
        m_builtins[s.name] = t;
    }
    for (int k = static_cast<int>(TypeKind::Char); k <= static_cast<int>(TypeKind::Double); ++k) {
        const Type* e = m_scalars[k];
        for (uint32_t n : {2u, 3u, 4u, 8u, 16u}) {
            const Type* v = vector(e, n);
            m_builtins[v->name] = v;
        }
    }
    m_builtins["size_t"] = alias("size_t", scalar(TypeKind::ULong));
    m_builtins["uintptr_t"] = alias("uintptr_t", scalar(TypeKind::ULong));
    m_builtins["ptrdiff_t"] = alias("ptrdiff_t", scalar(TypeKind::Long));
    m_builtins["intptr_t"] = alias("intptr_t", scalar(TypeKind::Long));
    // OpenCL C 2.0 6.13.11.6 atomic types (atomic_flag holds an int) and the enumeration
    // types of 6.13.11.4/6.13.11.5, whose values CompileOptions' predefined macros give.
    const std::pair<const char*, TypeKind> atomics[] = {
        {"atomic_int", TypeKind::Int},       {"atomic_uint", TypeKind::UInt},
        {"atomic_long", TypeKind::Long},     {"atomic_ulong", TypeKind::ULong},
        {"atomic_float", TypeKind::Float},   {"atomic_double", TypeKind::Double},
        {"atomic_intptr_t", TypeKind::Long}, {"atomic_uintptr_t", TypeKind::ULong},
        {"atomic_size_t", TypeKind::ULong},  {"atomic_ptrdiff_t", TypeKind::Long},
        {"atomic_flag", TypeKind::Int}};
    for (const auto& [name, kind] : atomics) {
        Type* t = make();
        *t = *scalar(kind);
        t->name = name;
        t->canonicalType = scalar(kind);
        t->atomic = true;
        m_builtins[name] = t;
    }
    m_builtins["memory_order"] = alias("memory_order", scalar(TypeKind::Int));
    m_builtins["memory_scope"] = alias("memory_scope", scalar(TypeKind::Int));
    // The flags of barrier() and the fences, and get_fence's result (OpenCL C 6.15.9, 6.15.10).
    m_builtins["cl_mem_fence_flags"] = alias("cl_mem_fence_flags", scalar(TypeKind::UInt));
    for (const char* name : kOpaque) {
        Type* t = make();
        t->kind = TypeKind::Opaque;
        t->name = name;
        t->size = 8;
        t->align = 8;
        m_builtins[name] = t;
    }
}

Type* TypeContext::make() {
    m_types.push_back(std::make_unique<Type>());
    return m_types.back().get();
}

const Type* TypeContext::vector(const Type* element, uint32_t n) {
    element = element->canonical();
    auto key = std::make_pair(element, n);
    if (auto it = m_vectors.find(key); it != m_vectors.end()) return it->second;
    Type* t = make();
    t->kind = TypeKind::Vector;
    t->element = element;
    t->count = n;
    t->name = element->name + std::to_string(n);
    uint32_t storageComponents = n == 3 ? 4 : n;
    t->size = element->size * storageComponents;
    t->align = t->size;
    m_vectors[key] = t;
    return t;
}

const Type* TypeContext::pointer(QualType pointee) {
    int cv =
        (pointee.isConst ? 1 : 0) | (pointee.isVolatile ? 2 : 0) | (pointee.isRestrict ? 4 : 0);
    auto key = std::make_tuple(pointee.type, pointee.space, cv, pointee.endian);
    if (auto it = m_pointers.find(key); it != m_pointers.end()) return it->second;
    Type* t = make();
    t->kind = TypeKind::Pointer;
    t->pointee = pointee;
    t->size = 8;
    t->align = 8;
    t->name = typeToString(pointee) + " *";
    m_pointers[key] = t;
    return t;
}

const Type* TypeContext::array(const Type* element, uint64_t count) {
    auto key = std::make_pair(element, count);
    if (auto it = m_arrays.find(key); it != m_arrays.end()) return it->second;
    Type* t = make();
    t->kind = TypeKind::Array;
    t->element = element;
    t->count = static_cast<uint32_t>(count);
    t->size = element->size * count;
    t->align = element->align;
    t->complete = count != 0;
    t->name = element->name + "[" + (count ? std::to_string(count) : std::string()) + "]";
    m_arrays[key] = t;
    return t;
}

const Type* TypeContext::function(QualType ret, const std::vector<QualType>& params,
                                  bool variadic) {
    for (const Type* f : m_functions) {
        if (f->variadic != variadic || !f->pointee.sameType(ret) ||
            f->params.size() != params.size())
            continue;
        bool same = true;
        for (size_t i = 0; i < params.size() && same; ++i)
            same = f->params[i].sameType(params[i]) && f->params[i].space == params[i].space;
        if (same) return f;
    }
    Type* t = make();
    t->kind = TypeKind::Function;
    t->pointee = ret;
    t->params = params;
    t->variadic = variadic;
    t->name = typeToString(ret) + " (";
    for (size_t i = 0; i < params.size(); ++i)
        t->name += (i ? ", " : "") + typeToString(params[i]);
    t->name += variadic ? (params.empty() ? "...)" : ", ...)") : ")";
    m_functions.push_back(t);
    return t;
}

Type* TypeContext::newRecord(bool isUnion, const std::string& name) {
    Type* t = make();
    t->kind = isUnion ? TypeKind::Union : TypeKind::Struct;
    t->name = name;
    t->complete = false;
    return t;
}

const Type* TypeContext::alias(const std::string& name, const Type* target) {
    Type* t = make();
    *t = *target;
    t->name = name;
    t->canonicalType = target->canonical();
    return t;
}

const Type* TypeContext::withAlignment(const Type* t, uint64_t align, const std::string& name) {
    // An aligned typedef is the same type for conversions (its canonical type is the
    // target's), but objects declared with it use its own alignment (spec 6.11.1).
    Type* a = make();
    *a = *t->canonical();
    a->name = name;
    a->align = align;
    a->canonicalType = t->canonical();
    return a;
}

const Type* TypeContext::builtin(const std::string& name) const {
    auto it = m_builtins.find(name);
    return it == m_builtins.end() ? nullptr : it->second;
}

void TypeContext::layoutRecord(Type* rec, const std::vector<MemberLayoutInput>& members,
                               bool recordPacked, uint64_t recordAlign) {
    rec->fields.clear();
    uint64_t offset = 0, size = 0, align = 1;
    for (const MemberLayoutInput& m : members) {
        uint64_t a = (recordPacked || m.packed) ? 1 : m.type->align;
        if (m.alignAttr) a = std::max(a, m.alignAttr);
        align = std::max(align, a);
        Field f;
        f.name = m.name;
        f.type = m.type;
        if (rec->kind == TypeKind::Union) {
            f.offset = 0;
            size = std::max(size, m.type->size);
        } else {
            offset = (offset + a - 1) / a * a;
            f.offset = offset;
            offset += m.type->size;
            size = offset;
        }
        rec->fields.push_back(std::move(f));
    }
    if (recordAlign) align = std::max(align, recordAlign);
    rec->align = align;
    rec->size = (size + align - 1) / align * align;
    rec->packed = recordPacked;
    rec->complete = true;
}

const Type* TypeContext::promote(const Type* t) const {
    t = t->canonical();
    if (t->kind >= TypeKind::Bool && t->kind <= TypeKind::UShort) return scalar(TypeKind::Int);
    return t;
}

const Type* TypeContext::commonScalarType(const Type* a, const Type* b) const {
    a = a->canonical();
    b = b->canonical();
    if (a->isFloating() || b->isFloating()) {
        if (!a->isFloating()) return b;
        if (!b->isFloating()) return a;
        return a->kind >= b->kind ? a : b;
    }
    a = promote(a);
    b = promote(b);
    if (a == b) return a;
    // Rank: int/uint < long/ulong. Same signedness: higher rank. Otherwise per C99 6.3.1.8.
    auto rank = [](const Type* t) { return t->size; };
    bool sa = a->isSigned(), sb = b->isSigned();
    if (sa == sb) return rank(a) >= rank(b) ? a : b;
    const Type* u = sa ? b : a;
    const Type* s = sa ? a : b;
    if (rank(u) >= rank(s)) return u;
    if (rank(s) > rank(u)) return s; // signed type can represent all unsigned values
    return u;
}

const Type* TypeContext::signedIntegerOfSize(uint64_t bytes) const {
    switch (bytes) {
    case 1:
        return scalar(TypeKind::Char);
    case 2:
        return scalar(TypeKind::Short);
    case 4:
        return scalar(TypeKind::Int);
    default:
        return scalar(TypeKind::Long);
    }
}

const Type* TypeContext::toUnsigned(const Type* t) {
    t = t->canonical();
    if (t->isVector()) return vector(toUnsigned(t->element), t->count);
    switch (t->kind) {
    case TypeKind::Char:
        return scalar(TypeKind::UChar);
    case TypeKind::Short:
        return scalar(TypeKind::UShort);
    case TypeKind::Int:
        return scalar(TypeKind::UInt);
    case TypeKind::Long:
        return scalar(TypeKind::ULong);
    default:
        return t;
    }
}

const Type* TypeContext::withElement(const Type* shape, const Type* elem) {
    shape = shape->canonical();
    return shape->isVector() ? vector(elem, shape->count) : elem;
}

} // namespace clstep
