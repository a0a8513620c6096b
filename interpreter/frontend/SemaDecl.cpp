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

/// Name of a builtin typedef that kernels may not take (spec 6.9.k), or "" if allowed.
std::string forbiddenKernelScalar(const Type* t) {
    static const char* names[] = {"size_t", "ptrdiff_t", "intptr_t", "uintptr_t", "event_t"};
    for (const char* n : names)
        if (t->name == n) return n;
    if (t->canonical()->kind == TypeKind::Bool) return "bool";
    if (t->canonical()->kind == TypeKind::Half) return "half";
    return "";
}

std::string forbiddenInStruct(const Type* t) {
    const Type* c = t->canonical();
    if (c->isPointer()) return "a pointer";
    if (c->isArray()) return forbiddenInStruct(c->element);
    if (c->isRecord()) {
        for (const Field& f : c->fields) {
            std::string why = forbiddenInStruct(f.type.type);
            if (!why.empty()) return why;
        }
        return "";
    }
    std::string n = forbiddenKernelScalar(t);
    return n.empty() ? "" : "'" + n + "'";
}

} // namespace

void Sema::checkFunction(FunctionDecl* f) {
    checkAttributes(f->attrs, false);
    QualType ret = resolveType(f->returnType.get());
    if (ret.space != AddressSpace::None) {
        error("return-address-space", f->returnType->quals.spaceRange.valid()
                                          ? f->returnType->quals.spaceRange
                                          : f->returnType->range,
              "the return type of a function cannot have an address space qualifier "
              "(OpenCL C 6.5)");
        ret.space = AddressSpace::None;
    }
    if (f->variadic && f->name != "printf")
        error("variadic-function", f->nameRange,
              "variadic functions are not supported in OpenCL C (6.9.e)");

    // Parameters: resolved in a scope of their own, which the body shares.
    pushScope();
    uint32_t slot = 0;
    std::vector<QualType> params;
    for (auto& p : f->params) {
        checkAttributes(p->attrs, false);
        QualType t = resolveType(p->typeSyntax.get(), true);
        if (t.type && t->isFunction()) {
            error("function-pointer", p->range, "function pointers are not supported (OpenCL C 6.9.a)");
        }
        if (isNamedSpace(t.space)) {
            error("parameter-address-space",
                  p->typeSyntax->quals.spaceRange.valid() ? p->typeSyntax->quals.spaceRange : p->range,
                  std::string("parameter '") + p->name + "' cannot be qualified " +
                      addressSpaceName(t.space) +
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
            error("redefinition", f->nameRange, "redefinition of function '" + f->name + "'",
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

    if (f->isKernel) {
        if (!ret.type || !ret->isVoid())
            error("kernel-return-type", f->returnType->range,
                  "a kernel function must return void (OpenCL C 6.9.i)");
        if (f->storage == StorageClass::Static)
            error("kernel-static", f->storageRange,
                  "a kernel function cannot be declared static (OpenCL C 6.8)");
        if (f->name == "main")
            error("kernel-main", f->nameRange, "a kernel function cannot be called 'main' (OpenCL C 6.9)");
        for (auto& p : f->params) {
            const Type* t = p->type.type;
            if (!t) continue;
            const Type* c = t->canonical();
            if (c->isPointer()) {
                AddressSpace s = c->pointee.space;
                if (s == AddressSpace::Private || s == AddressSpace::None || s == AddressSpace::Generic) {
                    error("kernel-pointer-parameter-space", p->range,
                          "pointer parameter '" + p->name +
                              "' of a kernel must point to __global, __local or __constant "
                              "(OpenCL C 6.9.a)");
                }
                if (c->pointee.type && c->pointee->canonical()->isPointer())
                    error("kernel-pointer-to-pointer", p->range,
                          "kernel parameter '" + p->name +
                              "' cannot be a pointer to a pointer (OpenCL C 6.9.a)");
                else if (c->pointee.type && c->pointee->canonical()->isRecord()) {
                    std::string why = forbiddenInStruct(c->pointee.type);
                    (void)why; // structs behind pointers may hold anything the host laid out
                }
                continue;
            }
            std::string bad = forbiddenKernelScalar(t);
            if (!bad.empty()) {
                error("kernel-parameter-type", p->range,
                      "kernel parameter '" + p->name + "' cannot have type '" + bad +
                          "' (OpenCL C 6.9.k)");
            } else if (c->isRecord()) {
                std::string why = forbiddenInStruct(t);
                if (!why.empty())
                    error("kernel-parameter-type", p->range,
                          "kernel parameter '" + p->name + "' is a struct containing " + why +
                              ", which kernels cannot take (OpenCL C 6.9.k)");
            }
            if (c->kind == TypeKind::Opaque && c->name.rfind("image", 0) == 0 &&
                p->typeSyntax->quals.space != AddressSpace::None &&
                p->typeSyntax->quals.space != AddressSpace::Global)
                error("image-address-space", p->typeSyntax->quals.spaceRange,
                      "image objects are always in __global (OpenCL C 6.5)");
        }
    }

    if (f->body) {
        FunctionDecl* saved = m_function;
        m_function = f;
        m_nextSlot = slot;
        m_labels.clear();
        m_gotos.clear();
        m_blockDepth = 0;
        for (StmtPtr& s : f->body->body) checkStmt(s.get());
        for (GotoStmt* g : m_gotos) {
            auto it = m_labels.find(g->label);
            if (it == m_labels.end())
                error("undeclared-label", g->range, "use of undeclared label '" + g->label + "'");
            else
                g->target = it->second;
        }
        f->frameSlots = m_nextSlot;
        m_function = saved;
        if (f->isKernel) m_program.kernels.push_back(f);
        m_calls[f]; // make sure every definition is a call-graph node
    }
    popScope();
}

void Sema::checkVar(VarDecl* v, bool programScope) {
    checkAttributes(v->attrs, false);
    v->isProgramScope = programScope || v->storage == StorageClass::Static;
    QualType t = resolveType(v->typeSyntax.get());
    SourceRange spaceRange = v->typeSyntax ? v->typeSyntax->quals.spaceRange : SourceRange{};
    if (!spaceRange.valid()) {
        // the qualifier may sit at the innermost (specifier) level
        const TypeSyntax* ts = v->typeSyntax.get();
        while (ts && ts->inner && ts->kind == TypeSyntax::Kind::Array) ts = ts->inner.get();
        if (ts) spaceRange = ts->quals.spaceRange;
    }
    if (!spaceRange.valid()) spaceRange = v->nameRange;
    bool packed = false;
    Endian endian = Endian::Device;
    uint64_t align = attrAlign(v->attrs, &packed, &endian);
    if (endian == Endian::Host && t.type && t->canonical()->isPointer()) {
        QualType pointee = t->canonical()->pointee;
        pointee.endian = Endian::Host;
        t.type = m_types.pointer(pointee);
    }
    if (t.type && t->isFunction()) {
        error("function-pointer", v->range, "function pointers are not supported (OpenCL C 6.9.a)");
        return;
    }
    if (t.type && t->isVoid()) {
        error("void-variable", v->nameRange, "variable '" + v->name + "' has type void");
        t.type = m_types.scalar(TypeKind::Int);
    }

    bool cl2 = m_clVersion >= 200;
    if (v->isProgramScope) {
        if (t.space == AddressSpace::None) {
            if (cl2) t.space = AddressSpace::Global;
            else if (t.isConst && programScope) t.space = AddressSpace::Constant;
        }
        if (!cl2 && t.space != AddressSpace::Constant) {
            error("program-scope-address-space", v->nameRange,
                  std::string(programScope ? "program scope" : "static") + " variable '" +
                      v->name + "' must be declared in the __constant address space "
                      "in OpenCL C 1.x (6.5)");
            t.space = AddressSpace::Constant;
        } else if (cl2 && t.space != AddressSpace::Constant && t.space != AddressSpace::Global) {
            error("program-scope-address-space", spaceRange,
                  "program scope variable '" + v->name +
                      "' must be in __global or __constant (OpenCL C 2.0, 6.5)");
            t.space = AddressSpace::Global;
        }
    } else {
        if (t.space == AddressSpace::Local) {
            if (!m_function || !m_function->isKernel)
                error("local-variable-scope", spaceRange,
                      "__local variable '" + v->name +
                          "' can only be declared at the outermost scope of a kernel function "
                          "(OpenCL C 6.5.2)");
            else if (m_blockDepth > 0)
                error("local-variable-scope", spaceRange,
                      "__local variable '" + v->name +
                          "' must be declared at the outermost scope of the kernel, not in a "
                          "nested block (OpenCL C 6.5.2)");
            if (v->init)
                error("local-variable-initializer", v->init->range,
                      "__local variable '" + v->name + "' cannot have an initializer (OpenCL C 6.5.2)",
                      {{v->nameRange, "'" + v->name + "' declared __local here"}});
        } else if (t.space == AddressSpace::Global) {
            error("automatic-variable-address-space", spaceRange,
                  "automatic variable '" + v->name +
                      "' cannot be declared __global: variables inside functions are __private "
                      "(OpenCL C 6.5)");
            t.space = AddressSpace::Private;
        } else if (t.space == AddressSpace::Constant) {
            if (!m_function || !m_function->isKernel || m_blockDepth > 0 || cl2) {
                error("automatic-variable-address-space", spaceRange,
                      "automatic variable '" + v->name +
                          "' cannot be declared __constant (OpenCL C 6.5.3)");
                t.space = AddressSpace::Private;
            }
        } else if (t.space == AddressSpace::Generic) {
            error("automatic-variable-address-space", spaceRange,
                  "variables cannot be declared in the generic address space (OpenCL C 6.5.5)");
            t.space = AddressSpace::Private;
        } else {
            t.space = AddressSpace::Private;
        }
    }
    if (t.space == AddressSpace::Constant && !v->init) {
        error("constant-variable-uninitialized", v->nameRange,
              "__constant variable '" + v->name + "' must be initialized (OpenCL C 6.5.3)");
    }
    v->type = t;
    v->align = align ? std::max<uint64_t>(align, t.type ? t->align : 1) : (t.type ? t->align : 1);
    if (v->init) {
        checkInitializer(v->init, t, v->range);
        // Array of unknown size takes its size from the initializer.
        if (t.type && t->canonical()->isArray() && t->canonical()->count == 0) {
            if (v->init->type.type && v->init->type->canonical()->isArray())
                v->type.type = v->init->type.type;
        }
        if (t.space == AddressSpace::Constant && !isConstantInitializer(v->init.get()))
            error("constant-initializer-not-constant", v->init->range,
                  "__constant variable '" + v->name +
                      "' must be initialized with a compile-time constant (OpenCL C 6.5.3)");
        if (v->isProgramScope && t.space == AddressSpace::Global && !isConstantInitializer(v->init.get()))
            error("global-initializer-not-constant", v->init->range,
                  "program scope variable '" + v->name + "' needs a constant initializer");
    }
    if (v->type.type && v->type->canonical()->isArray() && v->type->canonical()->count == 0 &&
        !v->isProgramScope)
        error("incomplete-array", v->nameRange, "array '" + v->name + "' has no size");
    if (v->isProgramScope) {
        v->slot = static_cast<uint32_t>(m_program.programVars.size());
        m_program.programVars.push_back(v);
    } else {
        v->slot = m_nextSlot++;
    }
    declareName(v);
}

} // namespace clstep
