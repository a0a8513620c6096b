// Sema: operators and calls (C99 6.5, OpenCL C 6.3 operators on vectors, 6.12 builtins).
#include "builtins/BuiltinRegistry.h"
#include "frontend/Program.h"
#include "frontend/Sema.h"

namespace clstep {

using namespace ast;

const Type* Sema::arithmeticResultType(ExprPtr& l, ExprPtr& r, const SourceRange& where,
                                       const char* op) {
    const Type* a = l->type->canonical();
    const Type* b = r->type->canonical();
    if (!a->isArithmetic() || !b->isArithmetic()) {
        error(DiagnosticKind::InvalidOperands, where,
              std::string("invalid operands to '") + op + "' ('" + l->type->name + "' and '" +
                  r->type->name + "')");
        return nullptr;
    }
    const Type* result;
    if (a->isVector() || b->isVector()) {
        if (a->isVector() && b->isVector() && a != b) {
            error(DiagnosticKind::VectorTypeMismatch, where,
                  std::string("operands of '") + op + "' are different vector types ('" + a->name +
                      "' and '" + b->name + "'); convert one explicitly (OpenCL C 6.3)");
            return nullptr;
        }
        result = a->isVector() ? a : b;
        const Type* scalar = a->isVector() ? b : a;
        if (!scalar->isVector()) rejectScalarOfGreaterRank(result, scalar, where, op);
    } else {
        result = m_types.commonScalarType(a, b);
    }
    implicitCast(l, QualType{result});
    implicitCast(r, QualType{result});
    return result;
}

bool Sema::rejectAtomicOperand(const Expr* e, const SourceRange& range) {
    if (!e || !e->type.type || !e->type->atomic) return false;
    error(DiagnosticKind::AtomicOperator, range,
          "operator on atomic type '" + e->type->name +
              "' is not supported: use the atomic functions (OpenCL C 2.0 6.13.11.6)");
    return true;
}

void Sema::checkUnary(UnaryExpr* u) {
    checkExpr(u->operand);
    Expr* o = u->operand.get();
    if (u->op != UnaryOp::AddrOf && u->op != UnaryOp::Deref) rejectAtomicOperand(o, u->range);
    switch (u->op) {
    case UnaryOp::AddrOf: {
        if (o->kind == ExprKind::Member && !static_cast<MemberExpr*>(o)->swizzle.empty()) {
            error(DiagnosticKind::AddressOfVectorComponent, u->range,
                  "cannot take the address of a vector component");
        } else if (!o->isLValue) {
            error(DiagnosticKind::AddressOfRvalue, u->range,
                  "cannot take the address of an rvalue");
        }
        QualType pointee = o->type;
        if (pointee.space == AddressSpace::None) pointee.space = AddressSpace::Private;
        u->type = QualType{m_types.pointer(pointee)};
        return;
    }
    case UnaryOp::Deref: {
        decay(u->operand);
        const Type* t = u->operand->type->canonical();
        if (!t->isPointer()) {
            error(DiagnosticKind::DerefNonPointer, u->range,
                  "indirection requires a pointer operand ('" + t->name + "' invalid)");
            u->type = QualType{m_types.scalar(TypeKind::Int)};
            return;
        }
        u->type = t->pointee;
        u->isLValue = true;
        if (t->pointee.type && t->pointee->isVoid())
            error(DiagnosticKind::DerefVoid, u->range, "cannot dereference a void pointer");
        return;
    }
    case UnaryOp::PreInc:
    case UnaryOp::PreDec:
    case UnaryOp::PostInc:
    case UnaryOp::PostDec: {
        requireModifiable(o, "modify");
        const Type* t = o->type->canonical();
        if (!t->isArithmetic() && !t->isPointer())
            error(DiagnosticKind::InvalidOperands, u->range,
                  std::string("cannot increment or decrement '") + t->name + "'");
        u->type = QualType{o->type.type};
        return;
    }
    case UnaryOp::Plus:
    case UnaryOp::Minus:
    case UnaryOp::BitNot: {
        decay(u->operand);
        const Type* t = u->operand->type->canonical();
        if (!t->isArithmetic() || (u->op == UnaryOp::BitNot && !t->scalarType()->isInteger())) {
            error(DiagnosticKind::InvalidOperands, u->range,
                  std::string("invalid operand to unary '") + unaryOpSpelling(u->op) + "' ('" +
                      t->name + "')");
            u->type = QualType{m_types.scalar(TypeKind::Int)};
            return;
        }
        const Type* r = t->isVector() ? t : m_types.promote(t);
        implicitCast(u->operand, QualType{r});
        u->type = QualType{r};
        return;
    }
    case UnaryOp::LogNot: {
        decay(u->operand);
        const Type* t = u->operand->type->canonical();
        if (t->isVector()) {
            u->type =
                QualType{m_types.withElement(t, m_types.signedIntegerOfSize(t->element->size))};
        } else {
            if (!t->isScalar())
                error(DiagnosticKind::InvalidOperands, u->range, "invalid operand to '!'");
            u->type = QualType{m_types.scalar(TypeKind::Int)};
        }
        return;
    }
    }
}

void Sema::checkBinary(BinaryExpr* b) {
    checkExpr(b->lhs);
    checkExpr(b->rhs);
    if (b->op != BinaryOp::Comma && !rejectAtomicOperand(b->lhs.get(), b->range))
        rejectAtomicOperand(b->rhs.get(), b->range);
    decay(b->lhs);
    decay(b->rhs);
    const Type* a = b->lhs->type->canonical();
    const Type* c = b->rhs->type->canonical();
    const char* op = binaryOpSpelling(b->op);
    const Type* intT = m_types.scalar(TypeKind::Int);
    switch (b->op) {
    case BinaryOp::Comma:
        b->type = QualType{b->rhs->type.type};
        return;
    case BinaryOp::LogAnd:
    case BinaryOp::LogOr:
        if (a->isVector() || c->isVector()) {
            const Type* r = arithmeticResultType(b->lhs, b->rhs, b->opRange, op);
            b->type = QualType{
                r ? m_types.withElement(r, m_types.signedIntegerOfSize(r->element->size)) : intT};
        } else {
            if (!a->isScalar() || !c->isScalar())
                error(DiagnosticKind::InvalidOperands, b->opRange,
                      std::string("invalid operands to '") + op + "'");
            b->type = QualType{intT};
        }
        return;
    case BinaryOp::Add:
    case BinaryOp::Sub:
        if (a->isPointer() || c->isPointer()) {
            if (a->isPointer() && c->isPointer() && b->op == BinaryOp::Sub) {
                if (a->pointee.space != c->pointee.space)
                    error(DiagnosticKind::AddressSpaceMismatch, b->opRange,
                          std::string("subtracting a pointer to ") +
                              addressSpaceName(c->pointee.space) + " from a pointer to " +
                              addressSpaceName(a->pointee.space) +
                              ": pointers into different address spaces (OpenCL C 6.5)",
                          operandNotes(b->lhs.get(), b->rhs.get()));
                else if (a->pointee.type && c->pointee.type &&
                         a->pointee->canonical() != c->pointee->canonical())
                    error(DiagnosticKind::InvalidOperands, b->opRange,
                          "subtracting pointers to different types ('" + a->name + "' and '" +
                              c->name + "'): the pointed-to types must be compatible (C99 6.5.6)",
                          operandNotes(b->lhs.get(), b->rhs.get()));
                b->type = QualType{m_types.builtin("ptrdiff_t")};
                return;
            }
            if (a->isPointer() && c->isInteger()) {
                implicitCast(b->rhs, QualType{m_types.scalar(TypeKind::Long)});
                b->type = QualType{a};
                return;
            }
            if (c->isPointer() && a->isInteger() && b->op == BinaryOp::Add) {
                implicitCast(b->lhs, QualType{m_types.scalar(TypeKind::Long)});
                b->type = QualType{c};
                return;
            }
            error(DiagnosticKind::InvalidOperands, b->opRange,
                  std::string("invalid pointer arithmetic with '") + op + "'");
            b->type = QualType{a};
            return;
        }
        [[fallthrough]];
    case BinaryOp::Mul:
    case BinaryOp::Div: {
        const Type* r = arithmeticResultType(b->lhs, b->rhs, b->opRange, op);
        b->type = QualType{r ? r : intT};
        b->computeType = b->type;
        return;
    }
    case BinaryOp::Rem:
    case BinaryOp::BitAnd:
    case BinaryOp::BitOr:
    case BinaryOp::BitXor: {
        if (!a->scalarType()->isInteger() || !c->scalarType()->isInteger()) {
            error(DiagnosticKind::InvalidOperands, b->opRange,
                  std::string("invalid operands to '") + op + "' ('" + a->name + "' and '" +
                      c->name + "'): integer types required");
            b->type = QualType{intT};
            return;
        }
        const Type* r = arithmeticResultType(b->lhs, b->rhs, b->opRange, op);
        b->type = QualType{r ? r : intT};
        b->computeType = b->type;
        return;
    }
    case BinaryOp::Shl:
    case BinaryOp::Shr: {
        if (!a->scalarType()->isInteger() || !c->scalarType()->isInteger()) {
            error(DiagnosticKind::InvalidOperands, b->opRange,
                  std::string("invalid operands to '") + op + "': integer types required");
            b->type = QualType{intT};
            return;
        }
        const Type* r = a->isVector() ? a : m_types.promote(a);
        if (c->isVector() && !a->isVector()) {
            error(DiagnosticKind::InvalidOperands, b->opRange, "cannot shift a scalar by a vector");
        }
        implicitCast(b->lhs, QualType{r});
        implicitCast(b->rhs, QualType{c->isVector() ? r : r->scalarType()});
        b->type = QualType{r};
        return;
    }
    case BinaryOp::Lt:
    case BinaryOp::Gt:
    case BinaryOp::Le:
    case BinaryOp::Ge:
    case BinaryOp::Eq:
    case BinaryOp::Ne: {
        if (a->isPointer() || c->isPointer()) {
            if (a->isPointer() && c->isPointer()) {
                AddressSpace sa = a->pointee.space, sc = c->pointee.space;
                bool generic = m_clVersion >= 200 &&
                               ((sa == AddressSpace::Generic && sc != AddressSpace::Constant) ||
                                (sc == AddressSpace::Generic && sa != AddressSpace::Constant));
                if (sa != sc && !generic)
                    error(DiagnosticKind::AddressSpaceMismatch, b->opRange,
                          std::string("comparing a pointer to ") + addressSpaceName(sa) +
                              " with a pointer to " + addressSpaceName(sc) +
                              ": different address spaces (OpenCL C 6.5)",
                          operandNotes(b->lhs.get(), b->rhs.get()));
            } else {
                ExprPtr& other = a->isPointer() ? b->rhs : b->lhs;
                convertForAssignment(other, a->isPointer() ? b->lhs->type : b->rhs->type,
                                     "comparison");
            }
            b->type = QualType{intT};
            return;
        }
        const Type* r = arithmeticResultType(b->lhs, b->rhs, b->opRange, op);
        b->computeType = QualType{r};
        if (r && r->isVector())
            b->type =
                QualType{m_types.withElement(r, m_types.signedIntegerOfSize(r->element->size))};
        else
            b->type = QualType{intT};
        return;
    }
    default:
        b->type = QualType{intT};
    }
}

void Sema::checkAssign(AssignExpr* a) {
    checkExpr(a->lhs);
    checkExpr(a->rhs);
    rejectAtomicOperand(a->lhs.get(), a->range);
    requireModifiable(a->lhs.get(), "assign to");
    a->type = QualType{a->lhs->type.type};
    if (a->op == BinaryOp::None) {
        convertForAssignment(a->rhs, a->lhs->type, "assignment", exprPointerNote(a->lhs.get()));
        return;
    }
    decay(a->rhs);
    const Type* l = a->lhs->type->canonical();
    const Type* r = a->rhs->type->canonical();
    if (l->isPointer()) {
        if ((a->op != BinaryOp::Add && a->op != BinaryOp::Sub) || !r->isInteger())
            error(DiagnosticKind::InvalidOperands, a->opRange,
                  "invalid compound assignment to a pointer");
        implicitCast(a->rhs, QualType{m_types.scalar(TypeKind::Long)});
        a->computeType = QualType{l};
        return;
    }
    if (!l->isArithmetic() || !r->isArithmetic()) {
        error(DiagnosticKind::InvalidOperands, a->opRange,
              "invalid operands to compound assignment");
        return;
    }
    bool intOnly = a->op == BinaryOp::Rem || a->op == BinaryOp::BitAnd ||
                   a->op == BinaryOp::BitOr || a->op == BinaryOp::BitXor ||
                   a->op == BinaryOp::Shl || a->op == BinaryOp::Shr;
    if (intOnly && (!l->scalarType()->isInteger() || !r->scalarType()->isInteger())) {
        error(DiagnosticKind::InvalidOperands, a->opRange,
              "integer types required for this compound assignment");
        return;
    }
    if (r->isVector() && !l->isVector()) {
        error(DiagnosticKind::IncompatibleTypes, a->rhs->range,
              "cannot assign a vector to scalar '" + l->name + "'");
        return;
    }
    if (l->isVector() && r->isVector() && l != r) {
        error(DiagnosticKind::VectorTypeMismatch, a->opRange,
              "different vector types in compound assignment");
        return;
    }
    const Type* compute;
    if (a->op == BinaryOp::Shl || a->op == BinaryOp::Shr) {
        compute = l->isVector() ? l : m_types.promote(l);
        implicitCast(a->rhs, QualType{r->isVector() ? compute : compute->scalarType()});
    } else {
        if (l->isVector() && !r->isVector())
            rejectScalarOfGreaterRank(l, r, a->opRange, binaryOpSpelling(a->op));
        compute = l->isVector() ? l : m_types.commonScalarType(l, r);
        implicitCast(a->rhs, QualType{compute});
    }
    a->computeType = QualType{compute};
}

namespace {

/// The rank of a scalar type for OpenCL C's vector-scalar rule, ordered as clang orders it:
/// the integer types by width with the unsigned type above the signed one of its width, then
/// the floating types above every integer type (half < float < double).
int scalarRank(TypeKind k) {
    switch (k) {
    case TypeKind::Char:
        return 1;
    case TypeKind::UChar:
        return 2;
    case TypeKind::Short:
        return 3;
    case TypeKind::UShort:
        return 4;
    case TypeKind::Int:
        return 5;
    case TypeKind::UInt:
        return 6;
    case TypeKind::Long:
        return 7;
    case TypeKind::ULong:
        return 8;
    case TypeKind::Half:
        return 9;
    case TypeKind::Float:
        return 10;
    case TypeKind::Double:
        return 11;
    default:
        return 0;
    }
}

} // namespace

void Sema::rejectScalarOfGreaterRank(const Type* vector, const Type* scalar,
                                     const SourceRange& where, const char* op) {
    if (scalarRank(scalar->kind) <= scalarRank(vector->element->kind)) return;
    error(DiagnosticKind::VectorScalarRank, where,
          std::string("operands of '") + op + "': the scalar '" + scalar->name +
              "' has a greater rank than the element type of '" + vector->name +
              "'; cast the scalar to '" + vector->element->name +
              "' (OpenCL C 6.2.6, usual arithmetic conversions)");
}

void Sema::checkCall(CallExpr* c) {
    for (ExprPtr& arg : c->args)
        checkExpr(arg);
    c->type = QualType{m_types.scalar(TypeKind::Int)};
    if (c->callee->kind != ExprKind::Name) {
        error(DiagnosticKind::FunctionPointer, c->callee->range,
              "called object is not a function (function pointers are not supported)");
        return;
    }
    auto* n = static_cast<NameExpr*>(c->callee.get());
    Decl* d = lookup(n->name);
    if (!d) {
        checkBuiltinCall(c, n->name);
        return;
    }
    if (d->kind != DeclKind::Function) {
        if (m_rejected.count(d)) return; // its declaration was refused with an error already
        error(DiagnosticKind::NotAFunction, n->range, "'" + n->name + "' is not a function");
        return;
    }
    auto* f = static_cast<FunctionDecl*>(d);
    n->decl = f;
    n->type = f->type;
    c->function = f;
    const Type* ft = f->type.type;
    if (!ft) return;
    if (f->isKernel && m_function)
        warning(DiagnosticKind::KernelCall, c->range,
                "calling kernel '" + f->name + "' from another function");
    if (c->args.size() != ft->params.size() &&
        !(ft->variadic && c->args.size() > ft->params.size())) {
        error(DiagnosticKind::ArgumentCount, c->range,
              "'" + f->name + "' takes " + std::to_string(ft->params.size()) + " argument(s), " +
                  std::to_string(c->args.size()) + " given",
              {{f->nameRange, "'" + f->name + "' declared here"}});
    }
    for (size_t i = 0; i < c->args.size() && i < ft->params.size(); ++i)
        convertForAssignment(c->args[i], ft->params[i],
                             "argument " + std::to_string(i + 1) + " of '" + f->name + "'",
                             i < f->params.size() ? declPointerNote(f->params[i].get())
                                                  : std::nullopt);
    c->type = QualType{ft->pointee.type};
    if (m_function) m_calls[m_function].push_back({f, c->range});
}

bool Sema::checkAddressSpaceBuiltin(CallExpr* c, const std::string& name) {
    AddressSpace space;
    if (name == "to_global")
        space = AddressSpace::Global;
    else if (name == "to_local")
        space = AddressSpace::Local;
    else if (name == "to_private")
        space = AddressSpace::Private;
    else
        return false;
    for (ExprPtr& a : c->args)
        decay(a);
    // The result type, also given after an error so the caller sees a pointer.
    const Type* arg = c->args.size() == 1 ? c->args[0]->type->canonical() : nullptr;
    QualType pointee =
        arg && arg->isPointer() ? arg->pointee : QualType{m_types.scalar(TypeKind::Void)};
    pointee.space = space;
    c->type = QualType{m_types.pointer(pointee)};
    if (m_clVersion < 200) {
        error(DiagnosticKind::UndeclaredFunction, c->callee->range,
              "call to undeclared function '" + name +
                  "': the address space qualifier functions exist from OpenCL C 2.0 on (6.13.9)");
        return true;
    }
    if (!arg || !arg->isPointer() || arg->pointee.space == AddressSpace::Constant) {
        std::vector<RelatedLocation> notes;
        if (arg)
            if (auto n = exprPointerNote(c->args[0].get())) notes.push_back(*n);
        error(DiagnosticKind::ToAddressSpaceArgument, arg ? c->args[0]->range : c->range,
              "'" + name + "' takes one pointer into the generic address space" +
                  (arg && arg->isPointer() ? ": a pointer to __constant is not generic" : "") +
                  " (OpenCL C 2.0, 6.13.9)",
              std::move(notes));
        return true;
    }
    // Pointers to __global, __local and __private convert implicitly to generic (6.5.5).
    if (arg->pointee.space != AddressSpace::Generic) {
        QualType generic = arg->pointee;
        generic.space = AddressSpace::Generic;
        implicitCast(c->args[0], QualType{m_types.pointer(generic)});
    }
    return false; // resolved like every other builtin
}

namespace {

/// The section of the OpenCL C 2.0 specification that introduces built-in function `name`,
/// or nullptr when `name` exists in OpenCL C 1.2 too. Such functions are undeclared before
/// 2.0 (clang -cl-std=CL1.2 rejects them the same way).
const char* openCl20BuiltinSection(const std::string& name) {
    if (name == "get_global_linear_id" || name == "get_local_linear_id" ||
        name == "get_enqueued_local_size")
        return "6.13.1";
    if (name == "ctz") return "6.13.3";
    if (name == "work_group_barrier") return "6.13.8";
    if (name == "work_group_all" || name == "work_group_any" || name == "work_group_broadcast" ||
        name.starts_with("work_group_reduce_") || name.starts_with("work_group_scan_"))
        return "6.13.15";
    return nullptr;
}

} // namespace

void Sema::checkBuiltinCall(CallExpr* c, const std::string& name) {
    if (checkAddressSpaceBuiltin(c, name)) return;
    const BuiltinRegistry& reg = BuiltinRegistry::instance();
    const std::vector<int>& ids = reg.lookup(name);
    if (ids.empty()) {
        error(DiagnosticKind::UndeclaredFunction, c->callee->range,
              "call to undeclared function '" + name + "'");
        return;
    }
    // Reported, then resolved as usual so that the call has its type and the rest of the
    // expression is checked without follow-on errors.
    if (m_clVersion < 200)
        if (const char* section = openCl20BuiltinSection(name))
            error(DiagnosticKind::UndeclaredFunction, c->callee->range,
                  "call to undeclared function '" + name + "': it exists from OpenCL C 2.0 on (" +
                      section + "); build with -cl-std=CL2.0");
    for (ExprPtr& a : c->args)
        decay(a);
    std::vector<QualType> argTypes;
    for (ExprPtr& a : c->args)
        argTypes.push_back(a->type);
    for (int id : ids) {
        BuiltinSignature sig;
        if (!reg.def(id).resolve(m_types, argTypes, sig)) continue;
        ScalarOverload chosen = bestScalarOverload(ids, argTypes, sig);
        if (chosen.applies && !chosen.best) {
            std::string types;
            for (size_t i = 0; i < argTypes.size(); ++i)
                types += (i ? ", " : "") + typeToString(argTypes[i]);
            error(DiagnosticKind::AmbiguousBuiltinCall, c->range,
                  "call to '" + name + "' is ambiguous: the overloads for " + chosen.tied +
                      " match (" + types +
                      ") equally well; convert the arguments to one type (OpenCL C 6.12)");
            c->type = QualType{sig.result.type};
            return;
        }
        if (chosen.best && chosen.best != sig.params[0]->canonical()) {
            // clang's choice differs from the first overload that accepts the arguments.
            std::vector<QualType> exact(argTypes.size(), QualType{chosen.best});
            if (!reg.def(id).resolve(m_types, exact, sig)) continue;
        }
        c->builtin = id;
        static_cast<NameExpr*>(c->callee.get())->builtin = id;
        c->type = QualType{sig.result.type};
        for (size_t i = 0; i < c->args.size() && i < sig.params.size(); ++i) {
            const Type* to = sig.params[i].type ? sig.params[i]->canonical() : nullptr;
            if (to && to->isPointer() && c->args[i]->type->canonical()->isPointer())
                checkPointerConversion(c->args[i]->type, sig.params[i], c->args[i]->range,
                                       "argument " + std::to_string(i + 1) + " of '" + name + "'",
                                       false);
            implicitCast(c->args[i], sig.params[i]);
        }
        c->resolved.builtin = id;
        c->resolved.type = c->type;
        c->resolved.range = c->range;
        c->resolved.argTypes.clear();
        for (const ExprPtr& a : c->args)
            c->resolved.argTypes.push_back(a->type);
        return;
    }
    // A builtin that would accept the call if a __constant pointer argument pointed to
    // __global writes through that pointer (vstore, atomics, async copy destinations).
    for (size_t i = 0; i < argTypes.size(); ++i) {
        const Type* at = argTypes[i].type ? argTypes[i]->canonical() : nullptr;
        if (!at || !at->isPointer() || at->pointee.space != AddressSpace::Constant) continue;
        std::vector<QualType> writable = argTypes;
        QualType pointee = at->pointee;
        pointee.space = AddressSpace::Global;
        writable[i] = QualType{m_types.pointer(pointee)};
        for (int id : ids) {
            BuiltinSignature sig;
            if (!reg.def(id).resolve(m_types, writable, sig)) continue;
            std::vector<RelatedLocation> notes;
            if (auto n = exprPointerNote(c->args[i].get())) notes.push_back(*n);
            error(DiagnosticKind::ConstantWrite, c->args[i]->range,
                  "'" + name + "' writes through argument " + std::to_string(i + 1) +
                      ", a pointer to __constant memory, which is read-only (OpenCL C 6.5.3)",
                  std::move(notes));
            c->type = QualType{sig.result.type};
            return;
        }
    }
    std::string types;
    for (size_t i = 0; i < argTypes.size(); ++i)
        types += (i ? ", " : "") + typeToString(argTypes[i]);
    error(DiagnosticKind::NoMatchingBuiltin, c->range,
          "no overload of builtin '" + name + "' takes (" + types + ") (OpenCL C 6.12)");
}

} // namespace clstep
