// Sema: statements, initializers.
#include "frontend/Program.h"
#include "frontend/Sema.h"

namespace clstep {

using namespace ast;

void Sema::checkCondition(ExprPtr& e) {
    checkExpr(e);
    decay(e);
    if (e->type.type && !e->type->canonical()->isScalar())
        error(DiagnosticKind::InvalidCondition, e->range,
              "condition has type '" + e->type->name + "'; a scalar is required (OpenCL C 6.3)");
}

void Sema::checkDeclStmt(DeclStmt* s) {
    for (DeclPtr& d : s->decls) {
        switch (d->kind) {
        case DeclKind::Var:
            checkVar(static_cast<VarDecl*>(d.get()), false);
            break;
        case DeclKind::Typedef:
            checkTypedef(static_cast<TypedefDecl*>(d.get()));
            break;
        case DeclKind::Function:
            error(DiagnosticKind::NestedFunction, d->nameRange,
                  "function declarations inside functions are not supported");
            break;
        default:
            declareTop(d.get());
            break;
        }
    }
}

void Sema::checkStmt(Stmt* s) {
    if (!s) return;
    switch (s->kind) {
    case StmtKind::Compound: {
        pushScope();
        ++m_blockDepth;
        for (StmtPtr& c : static_cast<CompoundStmt*>(s)->body)
            checkStmt(c.get());
        --m_blockDepth;
        popScope();
        break;
    }
    case StmtKind::Decl:
        checkDeclStmt(static_cast<DeclStmt*>(s));
        break;
    case StmtKind::Expr: {
        auto* e = static_cast<ExprStmt*>(s);
        checkExpr(e->expr);
        break;
    }
    case StmtKind::If: {
        auto* i = static_cast<IfStmt*>(s);
        checkCondition(i->cond);
        pushScope();
        ++m_blockDepth;
        checkStmt(i->thenStmt.get());
        checkStmt(i->elseStmt.get());
        --m_blockDepth;
        popScope();
        break;
    }
    case StmtKind::While: {
        auto* w = static_cast<WhileStmt*>(s);
        checkCondition(w->cond);
        ++m_loopDepth;
        ++m_blockDepth;
        checkStmt(w->body.get());
        --m_blockDepth;
        --m_loopDepth;
        break;
    }
    case StmtKind::DoWhile: {
        auto* w = static_cast<DoWhileStmt*>(s);
        ++m_loopDepth;
        ++m_blockDepth;
        checkStmt(w->body.get());
        --m_blockDepth;
        --m_loopDepth;
        checkCondition(w->cond);
        break;
    }
    case StmtKind::For: {
        auto* f = static_cast<ForStmt*>(s);
        pushScope();
        ++m_blockDepth;
        checkStmt(f->init.get());
        if (f->cond) checkCondition(f->cond);
        if (f->inc) checkExpr(f->inc);
        ++m_loopDepth;
        checkStmt(f->body.get());
        --m_loopDepth;
        --m_blockDepth;
        popScope();
        break;
    }
    case StmtKind::Switch: {
        auto* w = static_cast<SwitchStmt*>(s);
        checkExpr(w->cond);
        decay(w->cond);
        if (!w->cond->type->canonical()->isInteger())
            error(DiagnosticKind::SwitchCondition, w->cond->range,
                  "switch condition must be an integer");
        else
            implicitCast(w->cond, QualType{m_types.scalar(TypeKind::Long)});
        ++m_switchDepth;
        ++m_blockDepth;
        m_switchLabels.emplace_back();
        checkStmt(w->body.get());
        m_switchLabels.pop_back();
        --m_blockDepth;
        --m_switchDepth;
        break;
    }
    case StmtKind::Case: {
        auto* c = static_cast<CaseStmt*>(s);
        checkExpr(c->value);
        auto v = evalIntConstant(c->value.get());
        if (!v)
            error(DiagnosticKind::CaseNotConstant, c->value->range,
                  "case label is not an integer constant");
        else
            c->constant = *v;
        if (!m_switchDepth)
            error(DiagnosticKind::CaseOutsideSwitch, s->range, "'case' outside of a switch");
        if (v && !m_switchLabels.empty()) {
            auto [it, added] = m_switchLabels.back().cases.emplace(*v, c->value->range);
            if (!added)
                error(DiagnosticKind::DuplicateCase, c->value->range,
                      "duplicate case value " + std::to_string(*v) +
                          " in this switch (C99 6.8.4.2)",
                      {{it->second, "previous case " + std::to_string(*v) + " here"}});
        }
        checkStmt(c->sub.get());
        break;
    }
    case StmtKind::Default: {
        if (!m_switchDepth)
            error(DiagnosticKind::CaseOutsideSwitch, s->range, "'default' outside of a switch");
        if (!m_switchLabels.empty()) {
            std::optional<SourceRange>& previous = m_switchLabels.back().defaultLabel;
            if (previous)
                error(DiagnosticKind::DuplicateCase, s->range,
                      "multiple default labels in one switch (C99 6.8.4.2)",
                      {{*previous, "previous default label here"}});
            else
                previous = s->range;
        }
        checkStmt(static_cast<DefaultStmt*>(s)->sub.get());
        break;
    }
    case StmtKind::Break:
        if (!m_loopDepth && !m_switchDepth)
            error(DiagnosticKind::BreakOutsideLoop, s->range,
                  "'break' outside of a loop or switch");
        break;
    case StmtKind::Continue:
        if (!m_loopDepth)
            error(DiagnosticKind::ContinueOutsideLoop, s->range, "'continue' outside of a loop");
        break;
    case StmtKind::Return: {
        auto* r = static_cast<ReturnStmt*>(s);
        QualType ret = m_function && m_function->type.type ? m_function->type->pointee : QualType{};
        if (r->value) {
            checkExpr(r->value);
            if (ret.type && ret->isVoid()) {
                if (!r->value->type->isVoid())
                    error(DiagnosticKind::ReturnValueInVoid, r->value->range,
                          "void function '" + m_function->name + "' should not return a value");
            } else if (ret.type) {
                std::optional<RelatedLocation> note;
                const TypeSyntax* rt = m_function->returnType.get();
                if (rt && rt->kind == TypeSyntax::Kind::Pointer && rt->inner &&
                    rt->inner->quals.spaceRange.valid())
                    note =
                        RelatedLocation{rt->inner->quals.spaceRange,
                                        "'" + m_function->name +
                                            "' is declared to return a "
                                            "pointer to " +
                                            addressSpaceName(ret->canonical()->isPointer()
                                                                 ? ret->canonical()->pointee.space
                                                                 : AddressSpace::None) +
                                            " here"};
                convertForAssignment(r->value, ret, "return", std::move(note));
            }
        } else if (ret.type && !ret->isVoid()) {
            error(DiagnosticKind::ReturnMissingValue, s->range,
                  "non-void function '" + m_function->name + "' must return a value");
        }
        break;
    }
    case StmtKind::Goto:
        m_gotos.push_back(static_cast<GotoStmt*>(s));
        break;
    case StmtKind::Label: {
        auto* l = static_cast<LabelStmt*>(s);
        if (m_labels.count(l->label))
            error(DiagnosticKind::DuplicateLabel, s->range,
                  "redefinition of label '" + l->label + "'");
        m_labels[l->label] = l;
        checkStmt(l->sub.get());
        break;
    }
    case StmtKind::Null:
        break;
    }
}

void Sema::checkInitializer(ExprPtr& init, QualType target,
                            std::optional<RelatedLocation> targetNote) {
    if (!init || !target.type) return;
    if (init->kind == ExprKind::InitList) {
        checkInitList(static_cast<InitListExpr*>(init.get()), target);
        return;
    }
    const Type* t = target->canonical();
    if (t->isArray() && init->kind == ExprKind::StringLiteral) {
        checkExpr(init);
        const Type* st = init->type->canonical();
        if (t->count == 0)
            init->type.type = m_types.array(t->element, st->count);
        else
            init->type.type = target.type;
        return;
    }
    checkExpr(init);
    if (t->isArray()) {
        error(DiagnosticKind::ArrayInitializer, init->range,
              "array must be initialized with a brace-enclosed list");
        return;
    }
    QualType unqual = target;
    unqual.space = AddressSpace::None;
    unqual.isConst = false;
    convertForAssignment(init, unqual, "initialization", std::move(targetNote));
}

void Sema::checkInitList(InitListExpr* list, QualType target) {
    list->type = QualType{target.type};
    if (!target.type) return;
    const Type* t = target->canonical();
    uint64_t index = 0, maxIndex = 0;
    // C99 6.7.8p2 makes an initializer beyond the object a constraint violation; like clang,
    // clstep warns for arrays, structs and scalars and ignores the rest of the list, later
    // designators included (vectors: error).
    auto dropExcess = [&](size_t& i, const InitElement& el, const char* what) {
        warning(DiagnosticKind::ExcessInitializers, el.value->range,
                std::string("excess elements in ") + what + " initializer: ignored");
        list->elements.erase(list->elements.begin() + static_cast<std::ptrdiff_t>(i),
                             list->elements.end());
    };
    for (size_t i = 0; i < list->elements.size();) {
        InitElement& el = list->elements[i];
        QualType elemType;
        if (!el.designators.empty()) {
            Designator& d = el.designators.front();
            if (!d.field.empty()) {
                const Field* f = t->isRecord() ? t->findField(d.field) : nullptr;
                if (!f) {
                    error(DiagnosticKind::NoMember, d.range,
                          "no member named '" + d.field + "' in '" + t->name + "'");
                    ++i;
                    continue;
                }
                index = static_cast<uint64_t>(f - t->fields.data());
            } else if (d.index) {
                checkExpr(d.index);
                auto v = evalIntConstant(d.index.get());
                if (!v || *v < 0) {
                    error(DiagnosticKind::DesignatorNotConstant, d.range,
                          "array designator must be a non-negative constant");
                    ++i;
                    continue;
                }
                index = static_cast<uint64_t>(*v);
            }
        }
        if (t->isArray())
            elemType = QualType{t->element};
        else if (t->isRecord()) {
            if (index >= t->fields.size()) {
                dropExcess(i, el, "struct");
                continue;
            }
            elemType = t->fields[index].type;
            elemType.space = AddressSpace::None;
        } else if (t->isVector())
            elemType = QualType{t->element};
        else
            elemType = QualType{t};
        if (t->isArray() && t->count && index >= t->count) {
            dropExcess(i, el, "array");
            continue;
        }
        if (!t->isArray() && !t->isRecord() && !t->isVector() && index > 0) {
            dropExcess(i, el, "scalar");
            continue;
        }
        if (t->isVector() && index >= t->count) {
            error(DiagnosticKind::ExcessInitializers, el.value->range,
                  "excess elements in vector initializer");
            break;
        }
        checkInitializer(el.value, elemType);
        ++index;
        ++i;
        maxIndex = std::max(maxIndex, index);
    }
    if (t->isArray() && t->count == 0) list->type = QualType{m_types.array(t->element, maxIndex)};
}

} // namespace clstep
