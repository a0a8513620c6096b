// AstBuilder: declarators, parameters, type names, attributes and initializers.
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
