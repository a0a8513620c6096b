// Sema: turning TypeSyntax into semantic types, with layouts and attributes
// (spec 6.1, 6.11.1 aligned/packed, endian attribute of OpenCL 1.0/1.1).
#include "frontend/Program.h"
#include "frontend/Sema.h"

#include <cctype>
#include <set>

namespace clstep {

using namespace ast;

namespace {
const std::set<std::string> kKnownAttributes = {"aligned",
                                                "packed",
                                                "endian",
                                                "reqd_work_group_size",
                                                "work_group_size_hint",
                                                "vec_type_hint",
                                                "nosvm",
                                                "always_inline",
                                                "noinline",
                                                "unused",
                                                "const",
                                                "pure",
                                                "overloadable",
                                                "opencl_unroll_hint",
                                                "deprecated",
                                                "used",
                                                "weak",
                                                "may_alias"};
}

void Sema::checkAttributes(const std::vector<Attribute>& attrs, bool) {
    for (const Attribute& a : attrs) {
        if (!kKnownAttributes.count(a.name)) {
            warning(DiagnosticKind::UnknownAttribute, a.range,
                    "unknown attribute '" + a.name + "' ignored");
            continue;
        }
        if (a.name == "aligned" && !a.args.empty()) {
            auto v = attributeInt(a, 0);
            if (!v || *v <= 0 || (*v & (*v - 1)) != 0)
                error(DiagnosticKind::AlignedNotPowerOfTwo, a.range,
                      "the alignment given to 'aligned' must be a power of two (OpenCL C 6.11.1)");
        }
        if (a.name == "endian" && a.identifierArg != "host" && a.identifierArg != "device")
            error(DiagnosticKind::EndianArgument, a.range, "'endian' takes 'host' or 'device'");
        if (a.name == "reqd_work_group_size" || a.name == "work_group_size_hint") {
            if (a.args.size() != 3) {
                error(DiagnosticKind::AttributeArguments, a.range,
                      "'" + a.name + "' takes three sizes");
                continue;
            }
            for (size_t i = 0; i < 3; ++i) {
                auto v = attributeInt(a, i);
                if (!v || *v <= 0)
                    error(DiagnosticKind::AttributeArguments,
                          a.args[i] ? a.args[i]->range : a.range,
                          "size " + std::to_string(i + 1) + " of '" + a.name +
                              "' must be an integer constant greater than 0 (OpenCL C 6.7.2)");
            }
        }
    }
}

void Sema::applyEndian(QualType& t, const std::vector<Attribute>& attrs) {
    Endian endian = Endian::Device;
    bool written = false;
    for (const Attribute& a : attrs)
        if (a.name == "endian" && (a.identifierArg == "host" || a.identifierArg == "device")) {
            endian = a.identifierArg == "host" ? Endian::Host : Endian::Device;
            written = true;
        }
    if (!written || !t.type) return;
    if (t->canonical()->isPointer()) {
        // `float4 *p __attribute__((endian(host)))`: the data p points to is host-endian.
        QualType pointee = t->canonical()->pointee;
        pointee.endian = endian;
        t.type = m_types.pointer(pointee);
    } else {
        t.endian = endian;
    }
}

bool Sema::isFunctionPointer(const Type* t) {
    for (t = t ? t->canonical() : nullptr; t;) {
        if (t->isPointer()) {
            const Type* p = t->pointee.type ? t->pointee->canonical() : nullptr;
            if (p && p->isFunction()) return true;
            t = p;
        } else if (t->isArray()) {
            t = t->element ? t->element->canonical() : nullptr;
        } else {
            return false;
        }
    }
    return false;
}

SourceRange Sema::returnTypeRange(const FunctionDecl* f) const {
    const TypeSyntax* ts = f->returnType.get();
    if (!ts) return f->nameRange;
    SourceRange r = ts->range;
    for (const TypeSyntax* t = ts; t; t = t->inner.get()) {
        if (t->range.valid()) {
            if (!r.valid() || t->range.begin < r.begin) r.begin = t->range.begin;
            if (!r.valid() || r.end < t->range.end) r.end = t->range.end;
        }
        if (t->kind != TypeSyntax::Kind::Pointer) break;
    }
    if (!r.valid()) return f->nameRange;
    // Skip leading declaration specifiers that are not part of the type.
    static const char* const kSkip[] = {"__kernel", "kernel",   "static",   "extern",
                                        "inline",   "__inline", "_Noreturn"};
    std::string_view line = m_program.sources.lineText(r.begin.file, r.begin.line);
    size_t col = r.begin.column - 1;
    const size_t stop = r.end.line == r.begin.line ? r.end.column - 1 : line.size();
    auto isIdent = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    for (bool moved = true; moved && col < stop;) {
        moved = false;
        while (col < stop && std::isspace(static_cast<unsigned char>(line[col])))
            ++col;
        size_t end = col;
        while (end < stop && isIdent(line[end]))
            ++end;
        std::string_view word = line.substr(col, end - col);
        if (word == "__attribute__" || word == "__attribute") {
            size_t depth = 0;
            for (; end < stop; ++end) {
                if (line[end] == '(')
                    ++depth;
                else if (line[end] == ')' && depth && --depth == 0)
                    break;
            }
            if (end < stop) {
                col = end + 1;
                moved = true;
            }
            continue;
        }
        for (const char* k : kSkip)
            if (word == k) {
                col = end;
                moved = true;
            }
    }
    while (col < stop && std::isspace(static_cast<unsigned char>(line[col])))
        ++col;
    if (col < stop) r.begin.column = static_cast<uint32_t>(col + 1);
    return r;
}

SourceRange Sema::initializerRange(const VarDecl* v) const {
    if (!v->init) return v->range;
    SourceRange r = v->init->range;
    // Walk back from the initializer to the `=` (skipping blanks, possibly across lines).
    SourceLocation at = r.begin;
    const uint32_t stopLine = v->nameRange.valid() ? v->nameRange.begin.line : at.line;
    for (uint32_t line = at.line; line >= stopLine && line > 0; --line) {
        std::string_view text = m_program.sources.lineText(at.file, line);
        size_t col = line == at.line ? std::min<size_t>(at.column - 1, text.size()) : text.size();
        while (col > 0) {
            char c = text[col - 1];
            if (c == '=') {
                r.begin = SourceLocation{at.file, line, static_cast<uint32_t>(col)};
                return r;
            }
            if (c != ' ' && c != '\t') return r;
            --col;
        }
    }
    return r;
}

std::optional<int64_t> Sema::attributeInt(const Attribute& a, size_t index) {
    if (index >= a.args.size() || !a.args[index]) return std::nullopt;
    // Attribute arguments are checked on first use: sizeof/alignof/vec_step get their values
    // from Sema, so aligned(sizeof(float)) needs the check before it can be evaluated.
    ExprPtr& e = const_cast<ExprPtr&>(a.args[index]);
    if (!e->type.type) checkExpr(e);
    return evalIntConstant(e.get());
}

uint64_t Sema::attrAlign(const std::vector<Attribute>& attrs, bool* packed, Endian* endian) {
    uint64_t align = 0;
    for (const Attribute& a : attrs) {
        if (a.name == "aligned") {
            if (a.args.empty()) {
                align = std::max<uint64_t>(align, 128); // largest alignment of any type (long16)
            } else if (auto v = attributeInt(a, 0); v && *v > 0 && !(*v & (*v - 1))) {
                align = std::max<uint64_t>(align, static_cast<uint64_t>(*v));
            }
        } else if (a.name == "packed" && packed) {
            *packed = true;
        } else if (a.name == "endian" && endian) {
            *endian = a.identifierArg == "host" ? Endian::Host : Endian::Device;
        }
    }
    return align;
}

QualType Sema::resolveType(const TypeSyntax* ts, bool forParam) {
    QualType q;
    if (!ts) {
        q.type = m_types.scalar(TypeKind::Int);
        return q;
    }
    q.space = ts->quals.space;
    q.isConst = ts->quals.isConst;
    q.isVolatile = ts->quals.isVolatile;
    q.isRestrict = ts->quals.isRestrict;
    if (q.space == AddressSpace::Generic && m_clVersion < 200)
        error(DiagnosticKind::GenericBeforeCl20, ts->quals.spaceRange,
              "the generic address space is only available in OpenCL C 2.0 and later (6.5.5)");
    switch (ts->kind) {
    case TypeSyntax::Kind::Builtin:
        q.type = m_types.builtin(ts->name);
        if (!q.type) {
            error(DiagnosticKind::UnknownType, ts->range, "unknown type name '" + ts->name + "'");
            q.type = m_types.scalar(TypeKind::Int);
        }
        break;
    case TypeSyntax::Kind::TypedefName: {
        Decl* d = lookup(ts->name);
        if (!d || d->kind != DeclKind::Typedef) {
            error(DiagnosticKind::UnknownType, ts->range, "unknown type name '" + ts->name + "'");
            q.type = m_types.scalar(TypeKind::Int);
        } else {
            QualType under = static_cast<TypedefDecl*>(d)->type;
            q.type = under.type;
            if (q.space == AddressSpace::None) q.space = under.space;
            q.isConst |= under.isConst;
            q.isVolatile |= under.isVolatile;
        }
        break;
    }
    case TypeSyntax::Kind::Record:
        q.type = resolveRecord(ts);
        break;
    case TypeSyntax::Kind::Enum:
        q.type = resolveEnum(ts);
        break;
    case TypeSyntax::Kind::Pointer: {
        QualType pointee = resolveType(ts->inner.get());
        if (pointee.space == AddressSpace::None)
            pointee.space = m_clVersion >= 200 ? AddressSpace::Generic : AddressSpace::Private;
        bool packed = false;
        Endian endian = Endian::Device;
        attrAlign(ts->attrs, &packed, &endian);
        if (endian == Endian::Host) pointee.endian = Endian::Host;
        q.type = m_types.pointer(pointee);
        break;
    }
    case TypeSyntax::Kind::Array: {
        QualType elem = resolveType(ts->inner.get());
        uint64_t count = 0;
        if (ts->arraySize) {
            checkExpr(const_cast<TypeSyntax*>(ts)->arraySize);
            auto n = evalIntConstant(ts->arraySize.get());
            if (!n) {
                error(DiagnosticKind::VariableLengthArray, ts->arraySize->range,
                      "variable length arrays are not supported in OpenCL C (6.9.d)");
                count = 1;
            } else if (*n <= 0) {
                error(DiagnosticKind::ArraySize, ts->arraySize->range,
                      "array size must be positive");
                count = 1;
            } else {
                count = static_cast<uint64_t>(*n);
                // The size in bytes must fit in 64 bits (size_t) and the element count in the
                // 32 bits Type::count holds; otherwise the size would wrap (to 0 for 1L << 61).
                uint64_t bytes = 0;
                const uint64_t elemBytes = elem.type ? elem.type->canonical()->size : 0;
                if (__builtin_mul_overflow(count, elemBytes, &bytes)) {
                    error(DiagnosticKind::ArraySize, ts->arraySize->range,
                          "array size " + std::to_string(count) + " times the element size " +
                              std::to_string(elemBytes) + " overflows 64 bits");
                    count = 1;
                } else if (count > UINT32_MAX) {
                    error(DiagnosticKind::ArraySize, ts->arraySize->range,
                          "array size " + std::to_string(count) +
                              " exceeds the largest supported count of " +
                              std::to_string(UINT32_MAX) + " elements (" + std::to_string(bytes) +
                              " bytes)");
                    count = 1;
                }
            }
        }
        if (forParam) {
            if (elem.space == AddressSpace::None)
                elem.space = m_clVersion >= 200 ? AddressSpace::Generic : AddressSpace::Private;
            q.type = m_types.pointer(elem);
            return q;
        }
        q.type = m_types.array(elem.type, count);
        // qualifiers of the element apply to the array object
        if (q.space == AddressSpace::None) q.space = elem.space;
        q.isConst |= elem.isConst;
        q.isVolatile |= elem.isVolatile;
        break;
    }
    case TypeSyntax::Kind::Function: {
        QualType ret = resolveType(ts->inner.get());
        std::vector<QualType> params;
        for (auto& p : ts->params)
            params.push_back(resolveType(p->typeSyntax.get(), true));
        if (params.size() == 1 && params[0].type && params[0]->isVoid()) params.clear();
        q.type = m_types.function(ret, params, ts->variadic);
        break;
    }
    }
    return q;
}

Type* Sema::resolveRecord(const TypeSyntax* ts) {
    RecordDecl* rd = ts->record;
    std::string tag = ts->name;
    std::string display =
        std::string(ts->isUnion ? "union " : "struct ") + (tag.empty() ? "<anonymous>" : tag);
    if (rd && rd->type) return const_cast<Type*>(rd->type);
    Type* rec = nullptr;
    if (!tag.empty()) {
        if (rd && rd->isDefinition) {
            auto& tags = m_scopes.back().tags;
            auto it = tags.find(tag);
            if (it != tags.end() && !it->second->complete) rec = it->second;
        } else {
            for (auto it = m_scopes.rbegin(); it != m_scopes.rend() && !rec; ++it) {
                auto f = it->tags.find(tag);
                if (f != it->tags.end()) rec = f->second;
            }
        }
    }
    if (!rec) {
        rec = m_types.newRecord(ts->isUnion, display);
        if (!tag.empty()) m_scopes.back().tags[tag] = rec;
    }
    if (rd) {
        rd->type = rec;
        if (rd->isDefinition) completeRecord(rec, rd);
    }
    return rec;
}

void Sema::completeRecord(Type* rec, RecordDecl* rd) {
    std::vector<TypeContext::MemberLayoutInput> members;
    for (auto& f : rd->fields) {
        checkAttributes(f->attrs, false);
        if (f->bitWidth)
            error(DiagnosticKind::BitField, f->bitWidth->range,
                  "bit-fields are not supported in OpenCL C (6.9.c)");
        TypeContext::MemberLayoutInput m;
        m.name = f->name;
        m.type = resolveType(f->typeSyntax.get());
        if (m.type.type && !m.type->complete && m.type->isRecord()) {
            error(DiagnosticKind::IncompleteType, f->range,
                  "field '" + f->name + "' has incomplete type");
            m.type.type = m_types.scalar(TypeKind::Int);
        }
        if (m.type.space != AddressSpace::None) {
            SourceRange q = objectQualifierRange(f->typeSyntax.get());
            error(DiagnosticKind::FieldAddressSpace, q.valid() ? q : f->range,
                  "member '" + f->name + "' cannot have an address space qualifier: " +
                      "struct and union members take the address space of the whole object " +
                      "(OpenCL C 6.5)");
        }
        if (m.type.type && isFunctionPointer(m.type.type))
            error(DiagnosticKind::FunctionPointer, f->nameRange.valid() ? f->nameRange : f->range,
                  "pointers to functions are not allowed in OpenCL C (6.9.a)");
        m.alignAttr = attrAlign(f->attrs, &m.packed, nullptr);
        members.push_back(std::move(m));
    }
    checkAttributes(rd->attrs, false);
    bool packed = false;
    uint64_t align = attrAlign(rd->attrs, &packed, nullptr);
    m_types.layoutRecord(rec, members, packed, align);
    // C11 6.7.2.1p13: the members of an anonymous struct or union member are members of the
    // enclosing record (at the anonymous member's offset plus their own).
    rec->promotedFields.clear();
    for (const Field& f : rec->fields) {
        if (!f.name.empty() || !f.type.type || !f.type->canonical()->isRecord()) continue;
        const Type* inner = f.type->canonical();
        auto promote = [&](const Field& g) {
            Field p = g;
            p.offset += f.offset;
            rec->promotedFields.push_back(p);
        };
        for (const Field& g : inner->fields)
            if (!g.name.empty()) promote(g);
        for (const Field& g : inner->promotedFields)
            promote(g);
    }
}

const Type* Sema::resolveEnum(const TypeSyntax* ts) {
    EnumDecl* ed = ts->enumDecl;
    if (ed && ed->isDefinition) {
        int64_t next = 0;
        for (auto& c : ed->constants) {
            if (c->value) {
                checkExpr(c->value);
                auto v = evalIntConstant(c->value.get());
                if (!v)
                    error(DiagnosticKind::NotConstant, c->value->range,
                          "enumerator value is not a constant");
                else
                    next = *v;
            }
            c->constant = next++;
            declareName(c.get());
        }
        if (!ed->name.empty()) m_scopes.back().enumTags[ed->name] = ed;
    }
    return m_types.scalar(TypeKind::Int); // enums are int-sized (all values fit in int)
}

} // namespace clstep
