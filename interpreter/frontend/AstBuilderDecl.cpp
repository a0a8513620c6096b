// AstBuilder: declarations, declaration specifiers, records and enums.
#include "core/ScalarTypes.h"
#include "frontend/AstBuilder.h"

#include <set>

namespace clstep {

using namespace ast;

namespace {

bool isVectorName(const std::string& name) {
    size_t digits = name.size();
    while (digits > 0 && name[digits - 1] >= '0' && name[digits - 1] <= '9')
        --digits;
    if (digits == name.size() || digits == 0) return false;
    static const std::set<std::string> elements = [] {
        std::set<std::string> names;
        for (const ScalarTypeInfo& t : vectorElementTypes())
            names.insert(t.name);
        return names;
    }();
    static const std::set<std::string> widths = {"2", "3", "4", "8", "16"};
    return elements.count(name.substr(0, digits)) && widths.count(name.substr(digits));
}

} // namespace

bool AstBuilder::isVectorType(const TypeSyntax* ts) const {
    if (!ts) return false;
    if (ts->kind == TypeSyntax::Kind::TypedefName) return m_vectorTypedefs.count(ts->name) > 0;
    return ts->kind == TypeSyntax::Kind::Builtin && isVectorName(ts->name);
}

// ---------------------------------------------------------------------------------------
// Declarations
// ---------------------------------------------------------------------------------------

void AstBuilder::buildDeclaration(P::DeclarationSpecifiersContext* specsCtx,
                                  P::InitDeclaratorListContext* list, bool programScope,
                                  DeclList& out) {
    Specifiers specs = buildSpecifiers(specsCtx, out, true);
    std::vector<P::InitDeclaratorContext*> inits;
    if (list) inits = list->initDeclarator();
    if (inits.empty()) {
        // `struct S;` / `enum E;`: a forward declaration.
        if (P::TypeKeywordSpecifierContext* tag = specs.tagReference) {
            if (auto* su = tag->structOrUnionSpecifier()) {
                auto rd = std::make_unique<RecordDecl>();
                rd->name = text(su->Identifier());
                rd->nameRange = range(su->Identifier() ? su->Identifier()->getSymbol() : nullptr);
                rd->range = range(su);
                rd->isUnion = su->Union() != nullptr;
                for (auto* a : su->attributeSpecifier())
                    appendAttributes(a, rd->attrs);
                out.push_back(std::move(rd));
            } else if (auto* en = tag->enumSpecifier()) {
                auto ed = std::make_unique<EnumDecl>();
                ed->name = text(en->Identifier());
                ed->nameRange = range(en->Identifier() ? en->Identifier()->getSymbol() : nullptr);
                ed->range = range(en);
                out.push_back(std::move(ed));
            }
        }
        if (specs.isKernel) error(specs.kernelRange, "'__kernel' can only be applied to functions");
        return;
    }

    for (P::InitDeclaratorContext* init : inits) {
        if (!init || !init->declarator()) continue;
        Declarator d = buildDeclarator(init->declarator(), specs.base, out);
        if (d.name.empty()) continue; // error recovery left no identifier
        SourceRange r = range(init);
        if (specs.storage == StorageClass::Typedef) {
            auto td = std::make_unique<TypedefDecl>();
            td->name = d.name;
            td->nameRange = d.nameRange;
            td->range = r;
            td->typeSyntax = d.type;
            appendAttributes(specs.attrs, td->attrs);
            appendAttributes(d.attrs, td->attrs);
            if (init->initializer())
                error(range(init->initializer()), "a typedef cannot have an initializer");
            if (isVectorType(d.type.get()))
                m_vectorTypedefs.insert(d.name);
            else
                m_vectorTypedefs.erase(d.name);
            if (specs.isKernel)
                error(specs.kernelRange, "'__kernel' can only be applied to functions");
            out.push_back(std::move(td));
        } else if (d.type && d.type->kind == TypeSyntax::Kind::Function) {
            if (init->initializer())
                error(range(init->initializer()),
                      "function '" + d.name + "' cannot have an initializer");
            out.push_back(
                buildFunction(specs, std::move(d), SourceRange{specs.range.begin, r.end}));
        } else {
            auto v = std::make_unique<VarDecl>();
            v->name = d.name;
            v->nameRange = d.nameRange;
            v->range = r;
            v->typeSyntax = d.type;
            v->storage = specs.storage;
            v->storageRange = specs.storageRange;
            v->specifierRange = specs.range;
            appendAttributes(specs.attrs, v->attrs);
            appendAttributes(d.attrs, v->attrs);
            v->init = buildInitializer(init->initializer());
            v->isProgramScope = programScope;
            if (specs.isKernel)
                error(specs.kernelRange, "'__kernel' can only be applied to functions");
            out.push_back(std::move(v));
        }
    }
}

std::unique_ptr<FunctionDecl> AstBuilder::buildFunction(const Specifiers& specs, Declarator&& d,
                                                        SourceRange range) {
    auto f = std::make_unique<FunctionDecl>();
    f->name = d.name;
    f->nameRange = d.nameRange;
    f->range = range;
    f->returnType = d.type->inner;
    f->params = std::move(d.type->params);
    f->variadic = d.type->variadic;
    f->isKernel = specs.isKernel;
    f->kernelRange = specs.kernelRange;
    f->isInline = specs.isInline;
    f->storage = specs.storage;
    f->storageRange = specs.storageRange;
    appendAttributes(specs.attrs, f->attrs);
    appendAttributes(d.attrs, f->attrs);
    return f;
}

// ---------------------------------------------------------------------------------------
// Specifiers
// ---------------------------------------------------------------------------------------

AstBuilder::Specifiers AstBuilder::buildSpecifiers(P::DeclarationSpecifiersContext* ctx,
                                                   DeclList& sink, bool allowStorage) {
    Specifiers s;
    auto ts = std::make_shared<TypeSyntax>();
    s.base = ts;
    ts->kind = TypeSyntax::Kind::Builtin;
    ts->name = "int";
    if (!ctx) return s;
    s.range = range(ctx);
    ts->range = s.range;

    std::vector<antlr4::Token*> keywords;
    bool haveOtherType = false;
    RecordDecl* lastRecord = nullptr; // attributes right after `struct S {...}` belong to S
    for (antlr4::tree::ParseTree* child : ctx->children) {
        if (auto* n = dynamic_cast<P::NonTypeSpecifierContext*>(child)) {
            if (auto* a = n->attributeSpecifier()) {
                if (lastRecord)
                    appendAttributes(a, lastRecord->attrs);
                else
                    s.attrs.push_back(a);
                continue;
            }
            lastRecord = nullptr;
            if (auto* sc = n->storageClassSpecifier()) {
                StorageClass c = sc->Typedef()  ? StorageClass::Typedef
                                 : sc->Extern() ? StorageClass::Extern
                                 : sc->Static() ? StorageClass::Static
                                 : sc->Auto()   ? StorageClass::Auto
                                                : StorageClass::Register;
                if (!allowStorage)
                    error(range(sc),
                          "storage class '" + text(sc->getStart()) + "' is not allowed here");
                else if (s.storage != StorageClass::None)
                    error(range(sc), "multiple storage classes in declaration specifiers");
                else {
                    s.storage = c;
                    s.storageRange = range(sc);
                }
            } else if (auto* q = n->typeQualifier()) {
                addQualifier(q, ts->quals);
            } else if (auto* fs = n->functionSpecifier()) {
                if (!allowStorage) {
                    std::string msg(1, '\'');
                    msg += text(fs->getStart());
                    msg += "' is not allowed here";
                    error(range(fs), std::move(msg));
                } else if (fs->Inline()) {
                    s.isInline = true;
                } else if (fs->Kernel()) {
                    s.isKernel = true;
                    s.kernelRange = range(fs);
                }
            }
        } else if (auto* t = dynamic_cast<P::TypedefNameContext*>(child)) {
            lastRecord = nullptr;
            haveOtherType = true;
            ts->kind = TypeSyntax::Kind::TypedefName;
            ts->name = text(t->Identifier());
        } else if (auto* k = dynamic_cast<P::TypeKeywordSpecifierContext*>(child)) {
            lastRecord = nullptr;
            if (auto* su = k->structOrUnionSpecifier()) {
                if (haveOtherType) error(range(k), "cannot combine with previous type specifier");
                haveOtherType = true;
                lastRecord = buildRecord(su, sink, *ts);
                if (!su->LeftBrace()) s.tagReference = k;
            } else if (auto* en = k->enumSpecifier()) {
                if (haveOtherType) error(range(k), "cannot combine with previous type specifier");
                haveOtherType = true;
                buildEnum(en, sink, *ts);
                if (!en->LeftBrace()) s.tagReference = k;
            } else {
                keywords.push_back(k->getStart());
            }
        }
    }
    if (haveOtherType) {
        if (!keywords.empty())
            error(range(keywords.front()),
                  "cannot combine '" + text(keywords.front()) + "' with a previous type specifier");
    } else if (!keywords.empty()) {
        ts->kind = TypeSyntax::Kind::Builtin;
        ts->name = builtinTypeName(keywords);
    }
    if (s.tagReference && (keywords.size() || ts->kind == TypeSyntax::Kind::TypedefName))
        s.tagReference = nullptr;
    return s;
}

std::string AstBuilder::builtinTypeName(const std::vector<antlr4::Token*>& keywords) {
    int nVoid = 0, nChar = 0, nShort = 0, nInt = 0, nLong = 0, nFloat = 0, nDouble = 0, nHalf = 0,
        nBool = 0, nSigned = 0, nUnsigned = 0, nBuiltin = 0;
    std::string builtin, written;
    for (antlr4::Token* t : keywords) {
        if (!written.empty()) written += ' ';
        written += text(t);
        switch (t->getType()) {
        case P::Void:
            ++nVoid;
            break;
        case P::Char:
            ++nChar;
            break;
        case P::Short:
            ++nShort;
            break;
        case P::Int:
            ++nInt;
            break;
        case P::Long:
            ++nLong;
            break;
        case P::Float:
            ++nFloat;
            break;
        case P::Double:
            ++nDouble;
            break;
        case P::Half:
            ++nHalf;
            break;
        case P::Bool:
            ++nBool;
            break;
        case P::Signed:
            ++nSigned;
            break;
        case P::Unsigned:
            ++nUnsigned;
            break;
        default:
            ++nBuiltin;
            builtin = text(t);
            break;
        }
    }
    SourceRange all = range(keywords.front(), keywords.back());
    auto invalid = [&]() {
        error(all, "invalid combination of type specifiers '" + written + "'");
        return std::string("int");
    };
    const size_t n = keywords.size();
    const bool isUnsigned = nUnsigned > 0;
    if (nSigned + nUnsigned > 1) return invalid();
    if (nBuiltin) return n == 1 ? builtin : invalid();
    if (nVoid) return n == 1 ? "void" : invalid();
    if (nBool) return n == 1 ? "bool" : invalid();
    if (nHalf) return n == 1 ? "half" : invalid();
    if (nFloat) return n == 1 ? "float" : invalid();
    if (nDouble) {
        if (n == 2 && nLong == 1) {
            error(all, "'long double' is not supported in OpenCL C");
            return "double";
        }
        return n == 1 ? "double" : invalid();
    }
    if (nChar)
        return (n == static_cast<size_t>(1 + nSigned + nUnsigned)) ? (isUnsigned ? "uchar" : "char")
                                                                   : invalid();
    if (nInt > 1) return invalid();
    if (nShort) {
        return (nShort == 1 && !nLong) ? (isUnsigned ? "ushort" : "short") : invalid();
    }
    if (nLong) return nLong <= 2 ? (isUnsigned ? "ulong" : "long") : invalid();
    return isUnsigned ? "uint" : "int";
}

void AstBuilder::addQualifier(P::TypeQualifierContext* q, TypeQualifiers& quals) {
    if (q->Const()) quals.isConst = true;
    if (q->Volatile()) quals.isVolatile = true;
    if (q->Restrict()) quals.isRestrict = true;
    if (auto* as = q->addressSpaceQualifier()) {
        AddressSpace space = as->Global()     ? AddressSpace::Global
                             : as->Local()    ? AddressSpace::Local
                             : as->Constant() ? AddressSpace::Constant
                             : as->Private()  ? AddressSpace::Private
                                              : AddressSpace::Generic;
        if (quals.space != AddressSpace::None && quals.space != space) {
            error(range(as), "multiple address space qualifiers ('" +
                                 std::string(addressSpaceName(quals.space)) + "' and '" +
                                 addressSpaceName(space) + "')");
        } else {
            quals.space = space;
            quals.spaceRange = range(as);
        }
    }
    if (auto* ac = q->accessQualifier()) {
        AccessQualifier access = ac->ReadOnly()    ? AccessQualifier::ReadOnly
                                 : ac->WriteOnly() ? AccessQualifier::WriteOnly
                                                   : AccessQualifier::ReadWrite;
        if (quals.access != AccessQualifier::None && quals.access != access) {
            error(range(ac), "multiple access qualifiers");
        } else {
            quals.access = access;
            quals.accessRange = range(ac);
        }
    }
}

RecordDecl* AstBuilder::buildRecord(P::StructOrUnionSpecifierContext* ctx, DeclList& sink,
                                    TypeSyntax& ts) {
    ts.kind = TypeSyntax::Kind::Record;
    ts.isUnion = ctx->Union() != nullptr;
    ts.name = text(ctx->Identifier());
    ts.record = nullptr;
    if (!ctx->LeftBrace()) return nullptr;

    auto rd = std::make_unique<RecordDecl>();
    rd->name = ts.name;
    if (ctx->Identifier()) rd->nameRange = range(ctx->Identifier()->getSymbol());
    rd->range = range(ctx);
    rd->isUnion = ts.isUnion;
    rd->isDefinition = true;
    for (auto* a : ctx->attributeSpecifier())
        appendAttributes(a, rd->attrs);
    for (P::StructDeclarationContext* sd : ctx->structDeclaration()) {
        Specifiers fs = buildSpecifiers(sd->declarationSpecifiers(), sink, false);
        std::vector<P::StructDeclaratorContext*> decls = sd->structDeclarator();
        if (decls.empty()) {
            // C11 anonymous struct/union member.
            if (fs.base->kind == TypeSyntax::Kind::Record) {
                auto fd = std::make_unique<FieldDecl>();
                fd->range = range(sd);
                fd->typeSyntax = fs.base;
                appendAttributes(fs.attrs, fd->attrs);
                rd->fields.push_back(std::move(fd));
            }
            continue;
        }
        for (P::StructDeclaratorContext* sdc : decls) {
            auto fd = std::make_unique<FieldDecl>();
            fd->range = range(sdc);
            if (sdc->declarator()) {
                Declarator d = buildDeclarator(sdc->declarator(), fs.base, sink);
                fd->name = d.name;
                fd->nameRange = d.nameRange;
                fd->typeSyntax = d.type;
                appendAttributes(fs.attrs, fd->attrs);
                appendAttributes(d.attrs, fd->attrs);
            } else {
                fd->typeSyntax = fs.base;
                appendAttributes(fs.attrs, fd->attrs);
            }
            if (sdc->constantExpression()) fd->bitWidth = buildConstant(sdc->constantExpression());
            rd->fields.push_back(std::move(fd));
        }
    }
    RecordDecl* raw = rd.get();
    ts.record = raw;
    sink.push_back(std::move(rd));
    return raw;
}

EnumDecl* AstBuilder::buildEnum(P::EnumSpecifierContext* ctx, DeclList& sink, TypeSyntax& ts) {
    ts.kind = TypeSyntax::Kind::Enum;
    ts.name = text(ctx->Identifier());
    ts.enumDecl = nullptr;
    for (auto* a : ctx->attributeSpecifier())
        appendAttributes(a, ts.attrs);
    if (!ctx->LeftBrace()) return nullptr;
    auto ed = std::make_unique<EnumDecl>();
    ed->name = ts.name;
    if (ctx->Identifier()) ed->nameRange = range(ctx->Identifier()->getSymbol());
    ed->range = range(ctx);
    ed->isDefinition = true;
    for (P::EnumeratorContext* e : ctx->enumerator()) {
        if (!e->Identifier()) continue;
        auto c = std::make_unique<EnumConstantDecl>();
        c->name = text(e->Identifier());
        c->nameRange = range(e->Identifier()->getSymbol());
        c->range = range(e);
        if (e->constantExpression()) c->value = buildConstant(e->constantExpression());
        ed->constants.push_back(std::move(c));
    }
    EnumDecl* raw = ed.get();
    ts.enumDecl = raw;
    sink.push_back(std::move(ed));
    return raw;
}

} // namespace clstep
