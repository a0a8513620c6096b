#include "debug/ElementLayout.h"

#include "core/Type.h"
#include "debug/ValueFormatter.h"

#include <algorithm>

namespace clstep::debug {

namespace {

/// The .sim element type name of scalar `t` (bool is stored as uchar; "bytes" otherwise).
std::string scalarName(const Type* t) {
    if (t->kind == TypeKind::Bool) return "uchar";
    const char* name = ValueFormatter::componentName(t->kind);
    return *name ? name : "bytes";
}

uint64_t alignUp(uint64_t v, uint64_t a) {
    return a > 1 ? (v + a - 1) / a * a : v;
}

/// Largest power of two (up to 128) that divides `offset`.
uint64_t alignmentOfOffset(uint64_t offset) {
    uint64_t a = 1;
    while (a < 128 && offset % (a * 2) == 0)
        a *= 2;
    return a;
}

class Builder {
public:
    explicit Builder(ElementLayout& out) : m_out(out) {}

    /// Adds the rows of a member of type `t` at `offset` named `name`.
    void member(const Type* t, const std::string& name, uint64_t offset, bool inPacked) {
        t = t->canonical();
        if (t->isRecord() && t->complete) {
            record(t, name, offset);
            return;
        }
        if (t->isArray() && t->element && t->count > 0 && t->count <= 64) {
            const Type* e = t->element->canonical();
            for (uint32_t i = 0; i < t->count; ++i)
                member(e, name + "[" + std::to_string(i) + "]", offset + i * e->size, inPacked);
            return;
        }
        LayoutField f;
        f.name = name;
        f.offset = offset;
        f.size = t->size;
        f.type = t->name;
        if (t->isVector()) {
            f.scalar = scalarName(t->element->canonical());
            f.components = t->count;
        } else if (t->isScalar()) {
            f.scalar = scalarName(t);
        } else {
            f.scalar = "bytes";
        }
        if (inPacked && t->align > 1 && offset % t->align != 0)
            f.note = "packed: offset " + std::to_string(offset) + " is not a multiple of " +
                     t->name + "'s alignment " + std::to_string(t->align);
        m_out.fields.push_back(std::move(f));
    }

    /// Adds the rows of record `r` at `base`, its members prefixed with `prefix.`.
    void record(const Type* r, const std::string& prefix, uint64_t base) {
        const std::string dot = prefix.empty() ? std::string() : prefix + ".";
        uint64_t end = 0; // bytes of the record covered so far
        uint64_t natural = 1;
        for (const Field& f : r->fields) {
            const Type* t = f.type->canonical();
            natural = std::max(natural, t->align);
            if (r->kind == TypeKind::Struct && f.offset > end) {
                const uint64_t expected = r->packed ? end : alignUp(end, t->align);
                std::string why = f.offset > expected
                                      ? "from an aligned attribute (" + f.name +
                                            " at a multiple of " +
                                            std::to_string(alignmentOfOffset(f.offset)) + ")"
                                      : "natural alignment of " + t->name + " (" +
                                            std::to_string(t->align) + " bytes)";
                padding(base + end, f.offset - end, why);
            }
            member(t, dot + f.name, base + f.offset, r->packed);
            end = std::max(end, f.offset + t->size);
        }
        // Tail padding: up to the natural size (a multiple of the largest member alignment),
        // then what an aligned(N) attribute on the record adds.
        const uint64_t naturalSize = std::min(r->size, r->packed ? end : alignUp(end, natural));
        if (naturalSize > end)
            padding(base + end, naturalSize - end,
                    "tail, natural alignment (sizeof is a multiple of " + std::to_string(natural) +
                        ")");
        if (r->size > std::max(end, naturalSize))
            padding(base + std::max(end, naturalSize), r->size - std::max(end, naturalSize),
                    "tail, from aligned(" + std::to_string(r->align) + ")");
    }

    void padding(uint64_t offset, uint64_t size, const std::string& why) {
        LayoutField f;
        f.offset = offset;
        f.size = size;
        f.scalar = "bytes";
        f.padding = true;
        f.note = why;
        m_out.fields.push_back(std::move(f));
    }

private:
    ElementLayout& m_out;
};

} // namespace

std::shared_ptr<const ElementLayout> ElementLayout::of(const Type* type) {
    if (!type) return nullptr;
    const Type* t = type->canonical();
    if (t->isVoid() || t->isFunction() || t->size == 0 || (t->isRecord() && !t->complete))
        return nullptr;
    auto out = std::make_shared<ElementLayout>();
    out->typeName = type->name;
    out->size = t->size;
    out->align = t->align;
    out->record = t->isRecord();
    out->packed = t->packed;
    Builder b(*out);
    if (out->record)
        b.record(t, "", 0);
    else
        b.member(t, "", 0, false);
    return out;
}

std::shared_ptr<const ElementLayout> ElementLayout::ofScalar(const std::string& name,
                                                             uint64_t size) {
    auto out = std::make_shared<ElementLayout>();
    out->typeName = name;
    out->size = out->align = size;
    LayoutField f;
    f.size = size;
    f.type = f.scalar = name;
    out->fields.push_back(std::move(f));
    return out;
}

} // namespace clstep::debug
