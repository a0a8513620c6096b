// Sema: functions and variables, including the kernel-signature and variable address-space
// rules of OpenCL C 6.5 and 6.9.
#include "frontend/Program.h"
#include "frontend/Sema.h"

namespace clstep {

using namespace ast;

namespace {

bool isNamedSpace(AddressSpace s) {
    return s == AddressSpace::Global || s == AddressSpace::Local || s == AddressSpace::Constant;
}

bool isImageType(const Type* t) {
    const Type* c = t->canonical();
    return c->kind == TypeKind::Opaque && c->name.rfind("image", 0) == 0;
}

} // namespace

void Sema::checkWorkGroupAttributes(FunctionDecl* f) {
    bool seen = false;
    for (const Attribute& a : f->attrs) {
        if (a.name != "reqd_work_group_size" && a.name != "work_group_size_hint") continue;
        if (!f->isKernel) {
            error(DiagnosticKind::KernelAttribute, a.range,
                  "'" + a.name + "' can only be applied to a kernel function (OpenCL C 6.7.2)");
            continue;
        }
        if (a.name != "reqd_work_group_size" || a.args.size() != 3) continue;
        std::array<uint64_t, 3> sizes{};
        for (size_t i = 0; i < 3; ++i) {
            auto v = attributeInt(a, i);
            if (!v || *v <= 0) return; // reported by checkAttributes
            sizes[i] = static_cast<uint64_t>(*v);
        }
        if (seen && sizes != f->reqdWorkGroupSize) {
            warning(DiagnosticKind::IgnoredAttribute, a.range,
                    "'reqd_work_group_size' is already applied with other sizes; ignored");
            continue;
        }
        seen = true;
        f->reqdWorkGroupSize = sizes;
    }
}

void Sema::checkFunction(FunctionDecl* f) {
    checkAttributes(f->attrs, false);
    checkWorkGroupAttributes(f);
    QualType ret = resolveType(f->returnType.get());
    if (ret.space != AddressSpace::None) {
        error(DiagnosticKind::ReturnAddressSpace,
              f->returnType->quals.spaceRange.valid() ? f->returnType->quals.spaceRange
                                                      : f->returnType->range,
              "the return type of a function cannot have an address space qualifier "
              "(OpenCL C 6.5)");
        ret.space = AddressSpace::None;
    }
    if (f->variadic && f->name != "printf")
        error(DiagnosticKind::VariadicFunction, f->nameRange,
              "variadic functions are not supported in OpenCL C (6.9.e)");

    // Parameters: resolved in a scope of their own, which the body shares.
    pushScope();
    uint32_t slot = 0;
    std::vector<QualType> params;
    for (auto& p : f->params) {
        checkAttributes(p->attrs, false);
        QualType t = resolveType(p->typeSyntax.get(), true);
        applyEndian(t, p->attrs);
        if (t.type && (t->isFunction() || isFunctionPointer(t.type))) {
            error(DiagnosticKind::FunctionPointer, p->nameRange.valid() ? p->nameRange : p->range,
                  "pointers to functions are not allowed in OpenCL C (6.9.a)");
            m_rejected.insert(p.get());
        }
        if (isNamedSpace(t.space)) {
            SourceRange q = objectQualifierRange(p->typeSyntax.get());
            if (!q.valid()) q = p->range;
            std::string name = p->name.empty() ? "<unnamed>" : p->name;
            if (t.type && isImageType(t.type))
                error(DiagnosticKind::ImageAddressSpace, q,
                      "image parameter '" + name + "' cannot be qualified " +
                          addressSpaceName(t.space) +
                          ": image objects are always in __global and take no address space "
                          "qualifier (OpenCL C 6.9.b)");
            else
                error(DiagnosticKind::ParameterAddressSpace, q,
                      "parameter '" + name + "' cannot be qualified " + addressSpaceName(t.space) +
                          ": function arguments are always in __private (OpenCL C 6.5)");
        }
        t.space = AddressSpace::Private;
        p->type = t;
        p->slot = slot++;
        params.push_back(t);
        if (t.type && t->isVoid() && f->params.size() == 1 && p->name.empty()) {
            params.clear();
            slot = 0;
            break;
        }
        declareName(p.get());
    }
    if (params.empty() && !f->params.empty() && f->params.front()->type.type &&
        f->params.front()->type->isVoid())
        f->params.clear();
    f->type = QualType{m_types.function(ret, params, f->variadic)};

    // Link prototypes and definitions.
    auto prev = m_functions.find(f->name);
    if (prev != m_functions.end()) {
        FunctionDecl* p = prev->second;
        if (f->body && p->body)
            error(DiagnosticKind::Redefinition, f->nameRange,
                  "redefinition of function '" + f->name + "'",
                  {{p->nameRange, "previous definition is here"}});
        if (f->body) {
            p->definition = f;
            prev->second = f;
        } else {
            f->definition = p->body ? p : nullptr;
        }
    } else {
        m_functions[f->name] = f;
    }
    m_scopes.front().names[f->name] = f;

    if (f->isKernel) checkKernelSignature(f);

    if (f->body) {
        FunctionDecl* saved = m_function;
        m_function = f;
        m_nextSlot = slot;
        const bool savedOpen = m_frameSlotsOpen;
        m_frameSlotsOpen = true;
        m_labels.clear();
        m_gotos.clear();
        m_blockDepth = 0;
        for (StmtPtr& s : f->body->body)
            checkStmt(s.get());
        for (GotoStmt* g : m_gotos) {
            auto it = m_labels.find(g->label);
            if (it == m_labels.end())
                error(DiagnosticKind::UndeclaredLabel, g->range,
                      "use of undeclared label '" + g->label + "'");
            else
                g->target = it->second;
        }
        f->frameSlots = m_nextSlot;
        m_frameSlotsOpen = savedOpen;
        m_function = saved;
        if (f->isKernel) m_program.kernels.push_back(f);
        m_calls[f]; // make sure every definition is a call-graph node
    }
    popScope();
}

bool Sema::checkVarAddressSpace(VarDecl* v, QualType& t, bool programScope) {
    const bool cl2 = m_clVersion >= 200;
    // Drawn on the qualifier when one was written, else on the name.
    const SourceRange q = objectQualifierRange(v->typeSyntax.get());
    const SourceRange at = q.valid() ? q : v->nameRange;
    const std::string name = "'" + v->name + "'";
    if (v->storage == StorageClass::Auto || v->storage == StorageClass::Register) {
        // Spec 6.9 (1.x) and 6.11 (2.0, 3.0): auto and register are not supported.
        error(DiagnosticKind::UnsupportedStorageClass,
              v->storageRange.valid() ? v->storageRange : v->nameRange,
              std::string("the '") + (v->storage == StorageClass::Auto ? "auto" : "register") +
                  "' storage-class specifier is not supported in OpenCL C (6.9)");
    }
    if (!programScope && v->storage == StorageClass::Static && !cl2) {
        // Spec 6.8 (1.x): `static` is only for program-scope variables and functions.
        error(DiagnosticKind::StaticLocalVariable,
              v->storageRange.valid() ? v->storageRange : v->nameRange,
              "static variable " + name +
                  " cannot be declared inside a function before OpenCL C 2.0 (6.8)");
        if (t.space == AddressSpace::None) t.space = AddressSpace::Global;
        return false;
    }
    if (v->isProgramScope) {
        // Spec 6.12.14.1: a program-scope sampler is declared `const sampler_t` (or in
        // __constant): it is in the __constant address space either way.
        if (t.space == AddressSpace::None && t.isConst && t.type == m_types.builtin("sampler_t"))
            t.space = AddressSpace::Constant;
        // Spec 6.5: program-scope (and 2.0 static) variables are __constant in 1.x and
        // __global (the default) or __constant in 2.0.
        const char* where = programScope ? "program scope variable " : "static variable ";
        if (t.space == AddressSpace::None && cl2) t.space = AddressSpace::Global;
        if (!cl2 && t.space != AddressSpace::Constant) {
            error(DiagnosticKind::ProgramScopeAddressSpace, at,
                  where + name + " must be declared in the __constant address space " +
                      "in OpenCL C 1.x (6.5)" +
                      (t.space == AddressSpace::None
                           ? ""
                           : std::string(", not ") + addressSpaceName(t.space)));
            t.space = AddressSpace::Constant;
            return false;
        }
        if (cl2 && t.space != AddressSpace::Constant && t.space != AddressSpace::Global) {
            error(DiagnosticKind::ProgramScopeAddressSpace, at,
                  where + name + " must be in __global or __constant, not " +
                      addressSpaceName(t.space) + " (OpenCL C 2.0, 6.5)");
            t.space = AddressSpace::Global;
            return false;
        }
        return true;
    }
    const bool kernelScope = m_function && m_function->isKernel && m_blockDepth == 0;
    switch (t.space) {
    case AddressSpace::Local:
        // Spec 6.5.2: only at the outermost scope of a kernel, never initialized.
        if (!m_function || !m_function->isKernel)
            error(DiagnosticKind::LocalVariableScope, at,
                  "__local variable " + name +
                      " cannot be declared in a non-kernel function: __local variables belong "
                      "to the outermost scope of a kernel (OpenCL C 6.5.2)");
        else if (!kernelScope)
            error(DiagnosticKind::LocalVariableScope, at,
                  "__local variable " + name +
                      " must be declared at the outermost scope of the kernel, not in a "
                      "nested block (OpenCL C 6.5.2)");
        if (v->init)
            error(DiagnosticKind::LocalVariableInitializer, initializerRange(v),
                  "__local variable " + name + " cannot have an initializer (OpenCL C 6.5.2)",
                  {{v->nameRange, name + " declared __local here"}});
        return true;
    case AddressSpace::Constant:
        // Spec 6.5.3: program scope or the outermost scope of a kernel.
        if (!kernelScope) {
            error(DiagnosticKind::ConstantVariableScope, at,
                  "__constant variable " + name + " can only be declared at program scope " +
                      "or at the outermost scope of a kernel (OpenCL C 6.5.3)");
            return false;
        }
        return true;
    case AddressSpace::Global:
        error(DiagnosticKind::AutomaticVariableAddressSpace, at,
              "variable " + name +
                  " cannot be declared __global inside a function: variables inside functions "
                  "are __private (OpenCL C 6.5)");
        t.space = AddressSpace::Private;
        return false;
    case AddressSpace::Generic:
        error(DiagnosticKind::AutomaticVariableAddressSpace, at,
              "variable " + name +
                  " cannot be declared in the generic address space: it only qualifies "
                  "pointees (OpenCL C 6.5.5)");
        t.space = AddressSpace::Private;
        return false;
    default:
        t.space = AddressSpace::Private;
        return true;
    }
}

void Sema::checkVar(VarDecl* v, bool programScope) {
    checkAttributes(v->attrs, false);
    v->isProgramScope = programScope || v->storage == StorageClass::Static;
    QualType t = resolveType(v->typeSyntax.get());
    bool packed = false;
    uint64_t align = attrAlign(v->attrs, &packed, nullptr);
    applyEndian(t, v->attrs);
    if (t.type && (t->isFunction() || isFunctionPointer(t.type))) {
        error(DiagnosticKind::FunctionPointer, v->nameRange.valid() ? v->nameRange : v->range,
              "pointers to functions are not allowed in OpenCL C (6.9.a)");
        v->type = QualType{m_types.scalar(TypeKind::Int), AddressSpace::Private};
        v->init.reset();
        v->slot = m_nextSlot++;
        m_rejected.insert(v);
        declareName(v);
        return;
    }
    if (t.type && t->isVoid()) {
        error(DiagnosticKind::VoidVariable, v->nameRange,
              "variable '" + v->name + "' has type void");
        t.type = m_types.scalar(TypeKind::Int);
    }

    bool spaceOk = checkVarAddressSpace(v, t, programScope);
    if (spaceOk && t.space == AddressSpace::Constant && !v->init &&
        v->storage != StorageClass::Extern)
        error(DiagnosticKind::ConstantVariableUninitialized, v->nameRange,
              "__constant variable '" + v->name + "' must be initialized (OpenCL C 6.5.3)");
    v->type = t;
    v->align = align ? std::max<uint64_t>(align, t.type ? t->align : 1) : (t.type ? t->align : 1);
    // A program-scope variable declared again (extern, or a tentative definition) is the same
    // object (C99 6.2.2p2 and 6.9.2: external linkage): it shares the first declaration's slot,
    // and the slot's VarDecl is the one with the initializer. clLinkProgram joins the compiled
    // sources, so a declaration may repeat its type under a second, identical anonymous struct:
    // types of the same size are accepted, as C99 6.2.7p1 does across translation units.
    VarDecl* previous = nullptr;
    if (programScope && !m_scopes.empty()) {
        auto found = m_scopes.front().names.find(v->name);
        if (found != m_scopes.front().names.end() && found->second->kind == DeclKind::Var)
            previous = static_cast<VarDecl*>(found->second);
        if (previous &&
            (!previous->isProgramScope || previous->slot >= m_program.programVars.size() ||
             m_program.programVars[previous->slot]->name != v->name))
            previous = nullptr; // e.g. a rejected declaration (function pointer)
    }
    if (previous && m_program.programVars[previous->slot]->init && v->init) {
        previous = m_program.programVars[previous->slot];
        error(DiagnosticKind::Redefinition, v->nameRange,
              "redefinition of '" + v->name + "' (C99 6.9.2)",
              {{previous->nameRange, "previous definition of '" + v->name + "' here"}});
        previous = nullptr;
    } else if (previous && t.type && previous->type.type &&
               ((t->canonical()->size && previous->type->canonical()->size &&
                 t->canonical()->size != previous->type->canonical()->size) ||
                t.space != previous->type.space)) {
        error(DiagnosticKind::Redefinition, v->nameRange,
              "conflicting types for '" + v->name + "' (C99 6.7p4)",
              {{previous->nameRange, "previous declaration of '" + v->name + "' here"}});
        previous = nullptr;
    }
    if (previous) {
        v->slot = previous->slot;
        // the definition: the initialized declaration, else the first of complete type
        if (v->init || (t.type && t->canonical()->size && !previous->type->canonical()->size))
            m_program.programVars[v->slot] = v;
    } else if (v->isProgramScope) {
        v->slot = static_cast<uint32_t>(m_program.programVars.size());
        m_program.programVars.push_back(v);
    } else {
        v->slot = m_nextSlot++;
    }
    // The name is in scope from the end of its declarator, so also in its own initializer
    // (C99 6.2.1p7: `int x = x + 1;` reads the indeterminate x).
    declareName(v);
    if (v->init) {
        checkInitializer(v->init, t, declPointerNote(v));
        // Array of unknown size takes its size from the initializer.
        if (t.type && t->canonical()->isArray() && t->canonical()->count == 0) {
            if (v->init->type.type && v->init->type->canonical()->isArray())
                v->type.type = v->init->type.type;
        }
        if (spaceOk && t.space == AddressSpace::Constant && !isConstantInitializer(v->init.get()))
            error(DiagnosticKind::ConstantInitializerNotConstant, v->init->range,
                  "__constant variable '" + v->name +
                      "' must be initialized with a compile-time constant (OpenCL C 6.5.3)");
        if (spaceOk && v->isProgramScope && t.space == AddressSpace::Global &&
            !isConstantInitializer(v->init.get()))
            error(DiagnosticKind::GlobalInitializerNotConstant, v->init->range,
                  "program scope variable '" + v->name +
                      "' must be initialized with a compile-time constant (C99 6.7.8)");
    }
    if (v->type.type && v->type->canonical()->isArray() && v->type->canonical()->count == 0 &&
        !v->isProgramScope)
        error(DiagnosticKind::IncompleteArray, v->nameRange, "array '" + v->name + "' has no size");
}

} // namespace clstep
