// Sema: the kernel signature rules of OpenCL C 6.8 and 6.9 (return type, storage class,
// name, parameter types and the address spaces their pointers point to).
#include "frontend/Program.h"
#include "frontend/Sema.h"

namespace clstep {

using namespace ast;

namespace {

bool isNamedSpace(AddressSpace s) {
    return s == AddressSpace::Global || s == AddressSpace::Local || s == AddressSpace::Constant;
}

/// Name of a type that kernels may not take by value (spec 6.9.k: bool, half, size_t,
/// ptrdiff_t, intptr_t, uintptr_t; spec 6.9.l/6.12.10: event_t), or "" if allowed.
/// The scalar type name if `t` may not be a kernel parameter (6.9.k), else "". `half` is
/// allowed with cl_khr_fp16 enabled (`fp16`).
std::string forbiddenKernelScalar(const Type* t, bool fp16) {
    static const char* names[] = {"size_t", "ptrdiff_t", "intptr_t", "uintptr_t", "event_t"};
    for (const char* n : names)
        if (t->name == n) return n;
    if (t->canonical()->kind == TypeKind::Bool) return "bool";
    if (t->canonical()->kind == TypeKind::Half && !fp16) return "half";
    return "";
}

/// True if `#pragma OPENCL EXTENSION cl_khr_fp16 : enable` (or `all : enable`) is the program's
/// last word on cl_khr_fp16 (9.1: the extension's types are then usable, kernel arguments
/// included, as in clang).
bool fp16Enabled(const std::vector<std::string>& pragmas) {
    bool on = false;
    for (const std::string& p : pragmas) {
        if (p.rfind("cl_khr_fp16 ", 0) == 0 || p.rfind("all ", 0) == 0)
            on = p.size() >= 6 && p.compare(p.size() - 6, 6, "enable") == 0;
    }
    return on;
}

/// Why a struct/union cannot be a kernel parameter (a pointer or a forbidden scalar in any
/// member, nested records and arrays included), or "" if it can. `path` collects the member
/// names leading to the offending one ("in.n").
std::string forbiddenInRecord(const Type* t, std::string& path, bool fp16) {
    const Type* c = t->canonical();
    if (c->isPointer()) return "a pointer";
    if (c->isArray()) return forbiddenInRecord(c->element, path, fp16);
    if (c->isRecord()) {
        for (const Field& f : c->fields) {
            if (!f.type.type) continue;
            std::string inner;
            std::string why = forbiddenInRecord(f.type.type, inner, fp16);
            if (!why.empty()) {
                path = f.name + (inner.empty() ? "" : "." + inner);
                return why;
            }
        }
        return "";
    }
    std::string n = forbiddenKernelScalar(t, fp16);
    return n.empty() ? "" : "'" + n + "'";
}

bool isImageType(const Type* t) {
    const Type* c = t->canonical();
    return c->kind == TypeKind::Opaque && c->name.rfind("image", 0) == 0;
}

} // namespace

void Sema::checkKernelSignature(FunctionDecl* f) {
    const Type* ft = f->type.type;
    QualType ret = ft ? ft->pointee : QualType{};
    if (!ret.type || !ret->isVoid())
        error(DiagnosticKind::KernelReturnType, returnTypeRange(f),
              "a kernel function must return void (OpenCL C 6.9.j)");
    if (f->storage == StorageClass::Static)
        error(DiagnosticKind::KernelStatic,
              f->storageRange.valid() ? f->storageRange : f->nameRange,
              "a kernel function cannot be declared static (OpenCL C 6.8)");
    if (f->name == "main")
        error(DiagnosticKind::KernelMain, f->nameRange,
              "a kernel function cannot be called 'main': main is the host program's entry point");

    for (auto& p : f->params) {
        const Type* t = p->type.type;
        if (!t) continue;
        const Type* c = t->canonical();
        SourceRange at = p->nameRange.valid() ? p->nameRange : p->range;
        std::string name = p->name.empty() ? "<unnamed>" : p->name;
        if (c->isPointer()) {
            // Every level must point to a named space (spec 6.9.a; 2.0 allows pointers to
            // pointers, 1.x does not).
            const Type* level = c;
            bool outer = true;
            while (level && level->isPointer()) {
                AddressSpace s = level->pointee.space;
                if (!isNamedSpace(s)) {
                    error(DiagnosticKind::KernelPointerParameterSpace, at,
                          std::string(outer ? "pointer" : "inner pointer of") + " parameter '" +
                              name + "' of a kernel must " + (outer ? "" : "also ") +
                              "point to __global, __local or __constant, not " +
                              (s == AddressSpace::Generic ? "the generic address space"
                                                          : "__private") +
                              " (OpenCL C 6.9.a)");
                    break;
                }
                const Type* inner = level->pointee.type ? level->pointee->canonical() : nullptr;
                if (inner && inner->isPointer() && m_clVersion < 200) {
                    error(DiagnosticKind::KernelPointerToPointer, at,
                          "kernel parameter '" + name +
                              "' cannot be a pointer to a pointer before OpenCL C 2.0 (6.9.a)");
                    break;
                }
                level = inner;
                outer = false;
            }
            continue;
        }
        if (isImageType(t)) continue; // qualifiers were checked with the other parameters
        const bool fp16 = fp16Enabled(m_program.extensionPragmas);
        std::string bad = forbiddenKernelScalar(t, fp16);
        if (!bad.empty()) {
            error(DiagnosticKind::KernelParameterType, at,
                  "kernel parameter '" + name + "' cannot have type '" + bad +
                      "': its size may differ between host and device (OpenCL C 6.9.k)");
        } else if (c->isRecord()) {
            std::string path;
            std::string why = forbiddenInRecord(t, path, fp16);
            if (!why.empty())
                error(DiagnosticKind::KernelParameterType, at,
                      "kernel parameter '" + name + "' of type '" + t->name + "' contains " + why +
                          " (member '" + path +
                          "'), which kernels cannot take by value (OpenCL C 6.9.k)");
        }
    }
}

} // namespace clstep
