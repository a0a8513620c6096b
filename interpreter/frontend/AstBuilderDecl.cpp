// AstBuilder: declarations, declarators, types, attributes and initializers.
#include "frontend/AstBuilder.h"

#include <set>

namespace clstep {

using namespace ast;

namespace {

/// Attributes whose single identifier argument is an expression (an enum constant), not a
/// keyword like `host`.
const std::set<std::string> kExpressionAttributes = {"aligned",
                                                     "reqd_work_group_size",
                                                     "work_group_size_hint",
                                                     "opencl_unroll_hint",
                                                     "intel_reqd_sub_group_size",
                                                     "max_work_group_size",
                                                     "alloc_size"};

/// `__aligned__` -> `aligned`.
std::string attributeName(std::string name) {
    if (name.size() > 4 && name.compare(0, 2, "__") == 0 &&
        name.compare(name.size() - 2, 2, "__") == 0)
        return name.substr(2, name.size() - 4);
    return name;
}

bool isVectorName(const std::string& name) {
    size_t digits = name.size();
    while (digits > 0 && name[digits - 1] >= '0' && name[digits - 1] <= '9')
        --digits;
    if (digits == name.size() || digits == 0) return false;
    static const std::set<std::string> elements = {"char",  "uchar",  "short", "ushort",
                                                   "int",   "uint",   "long",  "ulong",
                                                   "float", "double", "half"};
    static const std::set<std::string> widths = {"2", "3", "4", "8", "16"};
    return elements.count(name.substr(0, digits)) && widths.count(name.substr(digits));
}

} // namespace

std::string AstBuilder::spelling(antlr4::ParserRuleContext* ctx) const {
    std::string out;
    if (!ctx || !ctx->getStart() || !ctx->getStop()) return out;
    // Walk the terminal nodes of the subtree in order (iteratively).
    std::vector<antlr4::tree::ParseTree*> stack{ctx};
    while (!stack.empty()) {
        antlr4::tree::ParseTree* n = stack.back();
        stack.pop_back();
        if (auto* t = dynamic_cast<antlr4::tree::TerminalNode*>(n)) {
            if (!out.empty()) out += ' ';
            out += text(t->getSymbol());
            continue;
        }
        for (size_t i = n->children.size(); i-- > 0;)
            stack.push_back(n->children[i]);
    }
    return out;
}

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
                    error(range(fs), "'" + text(fs->getStart()) + "' is not allowed here");
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

// ---------------------------------------------------------------------------------------
// Declarators
// ---------------------------------------------------------------------------------------

AstBuilder::Declarator AstBuilder::buildDeclarator(P::DeclaratorContext* ctx, TypeSyntaxPtr t,
                                                   DeclList& sink) {
    Declarator out;
    // C declarators read inside out: pointers, then suffixes (right to left), then the
    // parenthesized inner declarator with the type built so far as its base.
    while (ctx) {
        for (P::PointerContext* p : ctx->pointer())
            t = applyPointer(p, t);
        for (auto* a : ctx->attributeSpecifier())
            out.attrs.push_back(a);
        P::DirectDeclaratorContext* dd = ctx->directDeclarator();
        if (!dd) break;
        std::vector<P::DeclaratorSuffixContext*> suffixes = dd->declaratorSuffix();
        for (size_t i = suffixes.size(); i-- > 0;)
            t = applySuffix(suffixes[i], t, sink);
        if (dd->Identifier()) {
            out.name = text(dd->Identifier());
            out.nameRange = range(dd->Identifier()->getSymbol());
            break;
        }
        for (auto* a : dd->attributeSpecifier())
            out.attrs.push_back(a);
        ctx = dd->declarator();
    }
    out.type = t;
    return out;
}

TypeSyntaxPtr AstBuilder::buildAbstractDeclarator(P::AbstractDeclaratorContext* ctx,
                                                  TypeSyntaxPtr t, DeclList& sink) {
    while (ctx) {
        for (P::PointerContext* p : ctx->pointer())
            t = applyPointer(p, t);
        for (auto* a : ctx->attributeSpecifier())
            appendAttributes(a, t->attrs);
        P::DirectAbstractDeclaratorContext* dad = ctx->directAbstractDeclarator();
        if (!dad) break;
        std::vector<P::DeclaratorSuffixContext*> suffixes = dad->declaratorSuffix();
        for (size_t i = suffixes.size(); i-- > 0;)
            t = applySuffix(suffixes[i], t, sink);
        ctx = dad->abstractDeclarator();
    }
    return t;
}

TypeSyntaxPtr AstBuilder::applyPointer(P::PointerContext* ctx, TypeSyntaxPtr inner) {
    auto ts = std::make_shared<TypeSyntax>();
    ts->kind = TypeSyntax::Kind::Pointer;
    ts->range = range(ctx);
    ts->inner = std::move(inner);
    for (antlr4::tree::ParseTree* child : ctx->children) {
        if (auto* q = dynamic_cast<P::TypeQualifierContext*>(child))
            addQualifier(q, ts->quals);
        else if (auto* a = dynamic_cast<P::AttributeSpecifierContext*>(child))
            appendAttributes(a, ts->attrs);
    }
    return ts;
}

TypeSyntaxPtr AstBuilder::applySuffix(P::DeclaratorSuffixContext* ctx, TypeSyntaxPtr inner,
                                      DeclList& sink) {
    auto ts = std::make_shared<TypeSyntax>();
    ts->range = range(ctx);
    ts->inner = std::move(inner);
    if (ctx->LeftBracket()) {
        ts->kind = TypeSyntax::Kind::Array;
        if (ctx->assignmentExpression())
            ts->arraySize = buildAssignment(ctx->assignmentExpression());
        return ts;
    }
    ts->kind = TypeSyntax::Kind::Function;
    if (P::ParameterTypeListContext* ptl = ctx->parameterTypeList()) {
        if (ptl->parameterList())
            for (P::ParameterDeclarationContext* pd : ptl->parameterList()->parameterDeclaration())
                if (pd) ts->params.push_back(buildParam(pd, sink));
        ts->variadic = ptl->Ellipsis() != nullptr;
    }
    // `(void)` declares no parameters.
    if (ts->params.size() == 1 && !ts->variadic && ts->params[0]->name.empty()) {
        const TypeSyntax* p = ts->params[0]->typeSyntax.get();
        if (p && p->kind == TypeSyntax::Kind::Builtin && p->name == "void") ts->params.clear();
    }
    return ts;
}

std::unique_ptr<ParamDecl> AstBuilder::buildParam(P::ParameterDeclarationContext* ctx,
                                                  DeclList& sink) {
    auto p = std::make_unique<ParamDecl>();
    p->range = range(ctx);
    Specifiers s = buildSpecifiers(ctx->declarationSpecifiers(), sink, true);
    if (s.storage != StorageClass::None && s.storage != StorageClass::Register)
        error(s.storageRange, "invalid storage class for a parameter");
    if (s.isKernel) error(s.kernelRange, "'__kernel' can only be applied to functions");
    appendAttributes(s.attrs, p->attrs);
    if (ctx->declarator()) {
        Declarator d = buildDeclarator(ctx->declarator(), s.base, sink);
        p->name = d.name;
        p->nameRange = d.nameRange;
        p->typeSyntax = d.type;
        appendAttributes(d.attrs, p->attrs);
    } else if (ctx->abstractDeclarator()) {
        p->typeSyntax = buildAbstractDeclarator(ctx->abstractDeclarator(), s.base, sink);
    } else {
        p->typeSyntax = s.base;
    }
    return p;
}

TypeSyntaxPtr AstBuilder::buildTypeName(P::TypeNameContext* ctx) {
    DeclList local;
    DeclList& sink = m_hoist ? *m_hoist : local;
    Specifiers s = buildSpecifiers(ctx ? ctx->declarationSpecifiers() : nullptr, sink, false);
    appendAttributes(s.attrs, s.base->attrs);
    TypeSyntaxPtr t = s.base;
    if (ctx && ctx->abstractDeclarator())
        t = buildAbstractDeclarator(ctx->abstractDeclarator(), t, sink);
    return t;
}

// ---------------------------------------------------------------------------------------
// Attributes and initializers
// ---------------------------------------------------------------------------------------

void AstBuilder::appendAttributes(const std::vector<P::AttributeSpecifierContext*>& ctxs,
                                  std::vector<Attribute>& out) {
    for (auto* c : ctxs)
        appendAttributes(c, out);
}

void AstBuilder::appendAttributes(P::AttributeSpecifierContext* ctx, std::vector<Attribute>& out) {
    if (!ctx) return;
    for (P::AttributeItemContext* item : ctx->attributeItem()) {
        if (!item || !item->attributeName()) continue;
        Attribute a;
        a.name = attributeName(text(item->attributeName()->getStart()));
        a.range = range(item);
        if (P::AttributeArgumentsContext* args = item->attributeArguments()) {
            if (args->typeName()) {
                TypeSyntaxPtr t = buildTypeName(args->typeName());
                bool simple = (t->kind == TypeSyntax::Kind::Builtin ||
                               t->kind == TypeSyntax::Kind::TypedefName);
                a.identifierArg = simple ? t->name : spelling(args->typeName());
            } else {
                std::vector<P::AssignmentExpressionContext*> exprs = args->assignmentExpression();
                for (auto* e : exprs) {
                    ExprPtr x = buildAssignment(e);
                    if (exprs.size() == 1 && x && x->kind == ExprKind::Name &&
                        !kExpressionAttributes.count(a.name))
                        a.identifierArg = static_cast<NameExpr*>(x.get())->name;
                    else
                        a.args.push_back(std::move(x));
                }
            }
        }
        out.push_back(std::move(a));
    }
}

ExprPtr AstBuilder::buildInitializer(P::InitializerContext* ctx) {
    if (!ctx) return nullptr;
    if (ctx->braceInitializer()) return buildBraceInitializer(ctx->braceInitializer());
    return buildAssignment(ctx->assignmentExpression());
}

std::unique_ptr<InitListExpr> AstBuilder::buildBraceInitializer(P::BraceInitializerContext* ctx) {
    if (!ctx) return nullptr;
    auto list = std::make_unique<InitListExpr>();
    list->range = range(ctx);
    if (P::InitializerListContext* il = ctx->initializerList()) {
        for (P::DesignatedInitializerContext* di : il->designatedInitializer()) {
            if (!di) continue;
            InitElement el;
            for (P::DesignatorContext* d : di->designator()) {
                Designator des;
                des.range = range(d);
                if (d->Identifier())
                    des.field = text(d->Identifier());
                else
                    des.index = buildConstant(d->constantExpression());
                el.designators.push_back(std::move(des));
            }
            el.value = buildInitializer(di->initializer());
            list->elements.push_back(std::move(el));
        }
    }
    return list;
}

} // namespace clstep
