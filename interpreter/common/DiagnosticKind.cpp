#include "common/DiagnosticKind.h"

#include <algorithm>
#include <array>
#include <vector>

namespace clstep {
namespace {

// The one table of diagnostic kinds: row i describes the kind with enum value i
// (tests/common/tst_diagnostickind.cpp checks the order, docs/kinds.md is printed from it).
constexpr DiagnosticKindInfo kKinds[] = {
    {DiagnosticKind::IoError, "io-error", Severity::Error, "build",
     "a source or included file cannot be read"},
    {DiagnosticKind::Preprocessor, "preprocessor", Severity::Error, "build",
     "the preprocessor refused a directive or macro (#error, an unterminated #if, a bad -D); "
     "#warning is a warning of this kind"},
    {DiagnosticKind::SyntaxError, "syntax-error", Severity::Error, "build",
     "the parser found text that is not OpenCL C (a missing ';', an unknown type name, a keyword "
     "used as a name)"},
    {DiagnosticKind::NestingTooDeep, "nesting-too-deep", Severity::Error, "build",
     "brackets nested more than 256 levels, or an expression nested more than 10000 operators "
     "deep"},
    {DiagnosticKind::TooManyErrors, "too-many-errors", Severity::Note, "build",
     "the parser stopped reporting after too many syntax errors"},
    {DiagnosticKind::InternalError, "internal-error", Severity::Error, "build",
     "the parser itself failed: a clstep bug"},
    {DiagnosticKind::AddressSpaceMismatch, "address-space-mismatch", Severity::Error, "sema",
     "a pointer converted between address spaces without a cast (6.5, 6.5.5)"},
    {DiagnosticKind::AddressSpaceCast, "address-space-cast", Severity::Error, "sema",
     "a cast between pointers to disjoint address spaces (6.5, 6.5.5)"},
    {DiagnosticKind::ToAddressSpaceArgument, "to-address-space-argument", Severity::Error, "sema",
     "to_global/to_local/to_private given something other than a generic pointer (2.0 6.13.9)"},
    {DiagnosticKind::GenericBeforeCl20, "generic-before-cl20", Severity::Error, "sema",
     "the generic address space used before OpenCL C 2.0 (6.5.5)"},
    {DiagnosticKind::LocalVariableScope, "local-variable-scope", Severity::Error, "sema",
     "a __local variable declared outside the outermost scope of a kernel (6.5.2)"},
    {DiagnosticKind::LocalVariableInitializer, "local-variable-initializer", Severity::Error,
     "sema", "a __local variable with an initializer (6.5.2)"},
    {DiagnosticKind::ConstantVariableUninitialized, "constant-variable-uninitialized",
     Severity::Error, "sema", "a __constant variable without an initializer (6.5.3)"},
    {DiagnosticKind::ConstantInitializerNotConstant, "constant-initializer-not-constant",
     Severity::Error, "sema",
     "a __constant variable initialized with something that is not a compile-time constant "
     "(6.5.3)"},
    {DiagnosticKind::ConstantVariableScope, "constant-variable-scope", Severity::Error, "sema",
     "a __constant variable declared inside a block or a non-kernel function (6.5.3)"},
    {DiagnosticKind::ConstantWrite, "constant-write", Severity::Error, "sema, runtime",
     "a write into __constant memory, which is read-only (6.5.3)"},
    {DiagnosticKind::ProgramScopeAddressSpace, "program-scope-address-space", Severity::Error,
     "sema",
     "a program-scope variable in an address space the language version does not allow there "
     "(6.5)"},
    {DiagnosticKind::GlobalInitializerNotConstant, "global-initializer-not-constant",
     Severity::Error, "sema",
     "a program-scope variable initialized with something that is not a compile-time constant (C99 "
     "6.7.8)"},
    {DiagnosticKind::StaticLocalVariable, "static-local-variable", Severity::Error, "sema",
     "a static variable inside a function before OpenCL C 2.0 (6.8)"},
    {DiagnosticKind::AutomaticVariableAddressSpace, "automatic-variable-address-space",
     Severity::Error, "sema",
     "a variable inside a function qualified __global, __constant or generic (6.5)"},
    {DiagnosticKind::ParameterAddressSpace, "parameter-address-space", Severity::Error, "sema",
     "a function parameter qualified with an address space other than __private (6.5)"},
    {DiagnosticKind::ReturnAddressSpace, "return-address-space", Severity::Error, "sema",
     "a function return type with an address space qualifier (6.5)"},
    {DiagnosticKind::FieldAddressSpace, "field-address-space", Severity::Error, "sema",
     "a struct or union member with an address space qualifier (6.5)"},
    {DiagnosticKind::ImageAddressSpace, "image-address-space", Severity::Error, "sema",
     "an image parameter qualified with an address space (6.9.b)"},
    {DiagnosticKind::KernelReturnType, "kernel-return-type", Severity::Error, "sema",
     "a kernel function that does not return void (6.9.j)"},
    {DiagnosticKind::KernelStatic, "kernel-static", Severity::Error, "sema",
     "a kernel function declared static (6.8)"},
    {DiagnosticKind::KernelMain, "kernel-main", Severity::Error, "sema",
     "a kernel function named main"},
    {DiagnosticKind::KernelPointerParameterSpace, "kernel-pointer-parameter-space", Severity::Error,
     "sema",
     "a kernel pointer parameter that does not point to __global, __local or __constant (6.9.a)"},
    {DiagnosticKind::KernelPointerToPointer, "kernel-pointer-to-pointer", Severity::Error, "sema",
     "a kernel parameter that is a pointer to a pointer before OpenCL C 2.0 (6.9.a)"},
    {DiagnosticKind::KernelParameterType, "kernel-parameter-type", Severity::Error, "sema",
     "a kernel parameter of a type whose size may differ between host and device: bool, size_t, "
     "event_t, ... (6.9.k)"},
    {DiagnosticKind::KernelAttribute, "kernel-attribute", Severity::Error, "sema",
     "a kernel-only attribute such as reqd_work_group_size on a non-kernel function (6.7.2)"},
    {DiagnosticKind::KernelCall, "kernel-call", Severity::Warning, "sema",
     "a kernel function called from another function"},
    {DiagnosticKind::FunctionPointer, "function-pointer", Severity::Error, "sema",
     "a pointer to a function (6.9.a)"},
    {DiagnosticKind::VariadicFunction, "variadic-function", Severity::Error, "sema",
     "a variadic function other than printf (6.9.e)"},
    {DiagnosticKind::VariableLengthArray, "variable-length-array", Severity::Error, "sema",
     "an array whose size is not a compile-time constant (6.9.d)"},
    {DiagnosticKind::BitField, "bit-field", Severity::Error, "sema",
     "a struct or union bit-field (6.9.c)"},
    {DiagnosticKind::Recursion, "recursion", Severity::Error, "sema",
     "a function that calls itself, directly or through others (6.9.i)"},
    {DiagnosticKind::ReservedIdentifier, "reserved-identifier", Severity::Error, "sema",
     "a reserved OpenCL C name used as an identifier (6.5)"},
    {DiagnosticKind::AtomicOperator, "atomic-operator", Severity::Error, "sema",
     "a C operator other than a plain read applied to an atomic type (2.0 6.13.11.6)"},
    {DiagnosticKind::VectorScalarRank, "vector-scalar-rank", Severity::Error, "sema",
     "a scalar operand of greater rank than a vector operand's element type (6.2.6)"},
    {DiagnosticKind::AmbiguousBuiltinCall, "ambiguous-builtin-call", Severity::Error, "sema",
     "a builtin call that two or more overloads match equally well (6.12)"},
    {DiagnosticKind::NoMatchingBuiltin, "no-matching-builtin", Severity::Error, "sema",
     "a builtin call that no overload takes (6.12)"},
    {DiagnosticKind::InvalidSwizzle, "invalid-swizzle", Severity::Error, "sema",
     "a vector component selection that names no component of the vector (6.1.7)"},
    {DiagnosticKind::RgbaComponents, "rgba-components", Severity::Warning, "sema",
     "the component names r, g, b, a before OpenCL C 3.0 (6.1.7)"},
    {DiagnosticKind::DuplicateCase, "duplicate-case", Severity::Error, "sema",
     "a case value or default label repeated in one switch (C99 6.8.4.2)"},
    {DiagnosticKind::Redefinition, "redefinition", Severity::Error, "sema",
     "a name declared twice in the same scope (C99 6.7)"},
    {DiagnosticKind::UnsupportedStorageClass, "unsupported-storage-class", Severity::Error, "sema",
     "a storage-class specifier OpenCL C does not have: register, auto, extern in a function "
     "(6.9)"},
    {DiagnosticKind::InvalidCast, "invalid-cast", Severity::Error, "sema",
     "a cast between types that do not convert, such as a pointer and a float (C99 6.5.4)"},
    {DiagnosticKind::InvalidOperands, "invalid-operands", Severity::Error, "sema",
     "operands an operator does not take (C99 6.5)"},
    {DiagnosticKind::ExcessInitializers, "excess-initializers", Severity::Warning, "sema",
     "more initializer values than the object has elements (an error for a vector literal) (C99 "
     "6.7.8)"},
    {DiagnosticKind::AlignedNotPowerOfTwo, "aligned-not-power-of-two", Severity::Error, "sema",
     "an aligned attribute whose alignment is not a power of two (6.11.1)"},
    {DiagnosticKind::PackedTypedef, "packed-typedef", Severity::Warning, "sema",
     "a packed attribute on a typedef, which is ignored (6.11.1)"},
    {DiagnosticKind::EndianArgument, "endian-argument", Severity::Error, "sema",
     "an endian attribute whose argument is not host or device (1.1 6.10.3)"},
    {DiagnosticKind::UnknownAttribute, "unknown-attribute", Severity::Warning, "sema",
     "an attribute clstep does not know, which is ignored (6.11)"},
    {DiagnosticKind::AttributeArguments, "attribute-arguments", Severity::Error, "sema",
     "an attribute given the wrong number or kind of arguments (6.7.2)"},
    {DiagnosticKind::IgnoredAttribute, "ignored-attribute", Severity::Warning, "sema",
     "an attribute repeated with other arguments, which is ignored (6.7.2)"},
    {DiagnosticKind::UndeclaredIdentifier, "undeclared-identifier", Severity::Error, "sema",
     "a name that no declaration in scope introduces"},
    {DiagnosticKind::UndeclaredFunction, "undeclared-function", Severity::Error, "sema",
     "a call of a function that is not declared, or a builtin of a later language version"},
    {DiagnosticKind::UndeclaredLabel, "undeclared-label", Severity::Error, "sema",
     "a goto to a label that the function does not define"},
    {DiagnosticKind::DuplicateLabel, "duplicate-label", Severity::Error, "sema",
     "a label defined twice in one function"},
    {DiagnosticKind::UnknownType, "unknown-type", Severity::Error, "sema",
     "a type name that names no type"},
    {DiagnosticKind::IncompleteType, "incomplete-type", Severity::Error, "sema",
     "an object of a struct or union type that is declared but not defined"},
    {DiagnosticKind::IncompleteArray, "incomplete-array", Severity::Error, "sema",
     "an array without a size that no initializer completes"},
    {DiagnosticKind::SizeofIncomplete, "sizeof-incomplete", Severity::Error, "sema",
     "sizeof or alignof of an incomplete type"},
    {DiagnosticKind::VoidVariable, "void-variable", Severity::Error, "sema",
     "a variable of type void"},
    {DiagnosticKind::ArraySize, "array-size", Severity::Error, "sema",
     "an array size that is not a positive integer constant"},
    {DiagnosticKind::ArrayInitializer, "array-initializer", Severity::Error, "sema",
     "an array initialized with something other than a brace list or a string"},
    {DiagnosticKind::DesignatorNotConstant, "designator-not-constant", Severity::Error, "sema",
     "an array designator in an initializer that is not an integer constant"},
    {DiagnosticKind::UnexpectedInitializerList, "unexpected-initializer-list", Severity::Error,
     "sema", "a brace list where an expression is expected"},
    {DiagnosticKind::VectorLiteralElement, "vector-literal-element", Severity::Error, "sema",
     "a vector literal element that is not a scalar or vector of the element type (6.1.6)"},
    {DiagnosticKind::VectorLiteralSize, "vector-literal-size", Severity::Error, "sema",
     "a vector literal whose elements do not add up to its component count (6.1.6)"},
    {DiagnosticKind::VectorTypeMismatch, "vector-type-mismatch", Severity::Error, "sema",
     "operands that are vectors of different types or widths (6.3)"},
    {DiagnosticKind::IncompatibleTypes, "incompatible-types", Severity::Error, "sema",
     "a value converted to a type it does not convert to (assignment, argument, return, "
     "initializer)"},
    {DiagnosticKind::DiscardsConst, "discards-const", Severity::Warning, "sema",
     "a conversion that drops a const qualifier from a pointer's pointee"},
    {DiagnosticKind::NotAssignable, "not-assignable", Severity::Error, "sema",
     "an assignment to something that is not an lvalue"},
    {DiagnosticKind::ConstWrite, "const-write", Severity::Error, "sema",
     "an assignment to a const object"},
    {DiagnosticKind::NotAValue, "not-a-value", Severity::Error, "sema",
     "a name used as a value that is not a variable or function (a type name, for instance)"},
    {DiagnosticKind::NotAFunction, "not-a-function", Severity::Error, "sema",
     "a call of something that is not a function"},
    {DiagnosticKind::ArgumentCount, "argument-count", Severity::Error, "sema",
     "a call with more or fewer arguments than the function has parameters"},
    {DiagnosticKind::NestedFunction, "nested-function", Severity::Error, "sema",
     "a function defined inside another function"},
    {DiagnosticKind::MemberAccess, "member-access", Severity::Error, "sema",
     "'.' or '->' on something that is not a struct, union or pointer to one"},
    {DiagnosticKind::NoMember, "no-member", Severity::Error, "sema",
     "a member name that the struct or union does not have"},
    {DiagnosticKind::SubscriptNotPointer, "subscript-not-pointer", Severity::Error, "sema",
     "a subscript applied to something that is not an array, pointer or vector"},
    {DiagnosticKind::SubscriptNotInteger, "subscript-not-integer", Severity::Error, "sema",
     "a subscript that is not an integer"},
    {DiagnosticKind::DerefNonPointer, "deref-non-pointer", Severity::Error, "sema",
     "'*' applied to something that is not a pointer"},
    {DiagnosticKind::DerefVoid, "deref-void", Severity::Error, "sema",
     "'*' applied to a pointer to void"},
    {DiagnosticKind::AddressOfRvalue, "address-of-rvalue", Severity::Error, "sema",
     "'&' applied to a value that has no address"},
    {DiagnosticKind::AddressOfVectorComponent, "address-of-vector-component", Severity::Error,
     "sema", "'&' applied to a vector component (6.1.7)"},
    {DiagnosticKind::VecStepType, "vec-step-type", Severity::Error, "sema",
     "vec_step applied to something that is not a scalar or vector type (6.12.12)"},
    {DiagnosticKind::InvalidCondition, "invalid-condition", Severity::Error, "sema",
     "a condition that is not a scalar"},
    {DiagnosticKind::SwitchCondition, "switch-condition", Severity::Error, "sema",
     "a switch on a value that is not an integer"},
    {DiagnosticKind::CaseNotConstant, "case-not-constant", Severity::Error, "sema",
     "a case label that is not an integer constant"},
    {DiagnosticKind::CaseOutsideSwitch, "case-outside-switch", Severity::Error, "sema",
     "a case or default label outside a switch"},
    {DiagnosticKind::BreakOutsideLoop, "break-outside-loop", Severity::Error, "sema",
     "a break outside a loop or switch"},
    {DiagnosticKind::ContinueOutsideLoop, "continue-outside-loop", Severity::Error, "sema",
     "a continue outside a loop"},
    {DiagnosticKind::ReturnMissingValue, "return-missing-value", Severity::Error, "sema",
     "a return without a value in a function that returns one"},
    {DiagnosticKind::ReturnValueInVoid, "return-value-in-void", Severity::Error, "sema",
     "a return with a value in a void function"},
    {DiagnosticKind::NotConstant, "not-constant", Severity::Error, "sema",
     "an expression that must be an integer constant and is not"},
    {DiagnosticKind::LaunchFile, "launch-file", Severity::Error, "launch",
     "a .sim launch file or argument that cannot be read or does not fit the kernel"},
    {DiagnosticKind::Launch, "launch", Severity::Error, "runtime",
     "the arguments or NDRange do not fit the kernel, or the memory they need exceeds the "
     "device's"},
    {DiagnosticKind::LaunchStopped, "launch-stopped", Severity::Error, "platform",
     "a launch through the OpenCL platform stopped before its end (a work-item in error, a step "
     "limit)"},
    {DiagnosticKind::Suppressions, "suppressions", Severity::Error, "launch",
     "a suppressions file line that is not a rule"},
    {DiagnosticKind::DataRace, "data-race", Severity::Error, "checks",
     "two conflicting accesses to one byte of __local or __global memory that nothing orders"},
    {DiagnosticKind::BenignRace, "benign-race", Severity::Warning, "checks",
     "a race whose write stores the bytes already there (an error with --strict-races)"},
    {DiagnosticKind::UninitializedRead, "uninitialized-read", Severity::Warning, "checks",
     "a read of bytes never written, in __private, __local or a noinit buffer"},
    {DiagnosticKind::EndianConversion, "endian-conversion", Severity::Note, "checks",
     "a load or store through an endian(host) pointer converted bytes (big-endian device only)"},
    {DiagnosticKind::BarrierDivergence, "barrier-divergence", Severity::Error, "runtime",
     "the work-items of a group did not all reach the same barrier or wait_group_events (6.12.8, "
     "6.12.10)"},
    {DiagnosticKind::AsyncCopyDivergence, "async-copy-divergence", Severity::Error, "checks",
     "an async copy not made alike by all work-items of the group (6.12.10)"},
    {DiagnosticKind::InvalidWaitEvent, "invalid-wait-event", Severity::Error, "checks",
     "wait_group_events on an event that no async copy returned (6.12.10)"},
    {DiagnosticKind::UnwaitedEvent, "unwaited-event", Severity::Error, "checks",
     "an async copy that no work-item waited for before the kernel ended (6.12.10)"},
    {DiagnosticKind::OutOfBounds, "out-of-bounds", Severity::Error, "runtime",
     "an access outside its buffer, or through an address that names no buffer"},
    {DiagnosticKind::ArrayIndex, "array-index", Severity::Error, "runtime",
     "an index outside a fixed-size array that stays inside its buffer (a struct member, an inner "
     "dimension)"},
    {DiagnosticKind::NullDereference, "null-dereference", Severity::Error, "runtime",
     "an access through the null pointer"},
    {DiagnosticKind::DanglingPointer, "dangling-pointer", Severity::Error, "runtime",
     "an access to a variable whose scope (function frame) has ended"},
    {DiagnosticKind::ReadOnlyWrite, "read-only-write", Severity::Error, "runtime",
     "a write to a buffer the launch marked ro"},
    {DiagnosticKind::WriteOnlyRead, "write-only-read", Severity::Error, "runtime",
     "a read of a buffer the launch marked wo"},
    {DiagnosticKind::MisalignedAccess, "misaligned-access", Severity::Error, "runtime",
     "a scalar or vector access at an address that is not a multiple of its alignment"},
    {DiagnosticKind::DivisionByZero, "division-by-zero", Severity::Error, "runtime",
     "an integer division or remainder by zero"},
    {DiagnosticKind::StepLimit, "step-limit", Severity::Error, "runtime",
     "a work-item ran more statements than the step limit (--max-steps)"},
    {DiagnosticKind::CallDepth, "call-depth", Severity::Error, "runtime",
     "calls nested deeper than the call-depth limit"},
    {DiagnosticKind::AllocationTooLarge, "allocation-too-large", Severity::Error, "runtime",
     "an allocation larger than the limit, or the host's memory ran out while a work-item ran"},
    {DiagnosticKind::UndefinedFunction, "undefined-function", Severity::Error, "runtime",
     "a call of a function that is declared but never defined"},
    {DiagnosticKind::PrintfFormat, "printf-format", Severity::Error, "builtins",
     "a printf format that does not fit its arguments (6.15.14)"},
    {DiagnosticKind::InvalidMemoryOrder, "invalid-memory-order", Severity::Error, "builtins",
     "a 2.0 atomic with a memory order or scope the spec makes undefined (2.0 6.13.11)"},
    {DiagnosticKind::InvalidArgument, "invalid-argument", Severity::Error, "builtins",
     "a work-group or sub-group broadcast from a work-item that is not in the group"},
    {DiagnosticKind::ImageUndefined, "image-undefined", Severity::Error, "builtins",
     "an image read or write the spec leaves undefined (an invalid sampler, a function that does "
     "not fit the channel type)"},
    {DiagnosticKind::Internal, "internal", Severity::Error, "runtime",
     "an exception out of the interpreter inside a work-item: a clstep bug"},
};

constexpr bool inEnumOrder() {
    for (size_t i = 0; i < std::size(kKinds); ++i)
        if (static_cast<size_t>(kKinds[i].kind) != i) return false;
    return true;
}
static_assert(inEnumOrder(), "kKinds must list the kinds in the order of enum DiagnosticKind");

std::string folded(std::string_view s) {
    std::string out;
    for (char c : s)
        out += c == '_' ? '-' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// Levenshtein distance, for the "did you mean" of an unknown name.
size_t editDistance(std::string_view a, std::string_view b) {
    std::vector<size_t> row(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j)
        row[j] = j;
    for (size_t i = 1; i <= a.size(); ++i) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= b.size(); ++j) {
            size_t up = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diag = up;
        }
    }
    return row[b.size()];
}

} // namespace

std::span<const DiagnosticKindInfo> DiagnosticKinds::all() {
    return kKinds;
}

const DiagnosticKindInfo& DiagnosticKinds::info(DiagnosticKind kind) {
    return kKinds[static_cast<size_t>(kind)];
}

const char* DiagnosticKinds::name(DiagnosticKind kind) {
    return info(kind).name.data(); // every name is a string literal
}

std::optional<DiagnosticKind> DiagnosticKinds::fromName(std::string_view name, std::string& error) {
    for (const DiagnosticKindInfo& k : kKinds)
        if (k.name == name) return k.kind;
    const std::string key = folded(name);
    const DiagnosticKindInfo* best = nullptr;
    size_t bestDistance = 3; // at most 2 edits away
    for (const DiagnosticKindInfo& k : kKinds) {
        size_t d = editDistance(key, k.name);
        if (d < bestDistance) {
            bestDistance = d;
            best = &k;
        }
    }
    error = "'" + std::string(name) + "' is not a diagnostic kind";
    const bool ruleIdForm = !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
    });
    if (!ruleIdForm)
        error += ": a kind is written as in a report's [KIND] (lower-case letters, digits and "
                 "'-', e.g. " +
                 std::string(best ? best->name : "data-race") + ")";
    else if (best)
        error += ": did you mean '" + std::string(best->name) + "'? (clstep-cli kinds lists them)";
    else
        error += " (clstep-cli kinds lists them)";
    return std::nullopt;
}

} // namespace clstep
