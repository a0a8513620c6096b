#include "repl/RuleExplainer.h"

#include <map>

namespace clstep::repl {

std::string RuleExplainer::explain(DiagnosticKind kind) {
    static const std::map<DiagnosticKind, std::string> table = {
        {DiagnosticKind::AddressSpaceMismatch,
         "OpenCL C 1.2 §6.5: a pointer's address space is part of its type; __global, __local, "
         "__constant and __private memories are disjoint, so a pointer cannot silently move "
         "between them"},
        {DiagnosticKind::AddressSpaceCast,
         "OpenCL C 1.2 §6.5: even an explicit cast cannot turn a pointer into one memory into a "
         "pointer "
         "into another (2.0 §6.5.5 allows casts through the generic space only)"},
        {DiagnosticKind::GenericBeforeCl20,
         "OpenCL C 2.0 §6.5.5: the generic address space does not exist before 2.0 (:std CL2.0)"},
        {DiagnosticKind::LocalVariableScope,
         "OpenCL C 1.2 §6.5.2: __local variables are allocated once per "
         "work-group, so they may only be "
         "declared at the outermost scope of a kernel"},
        {DiagnosticKind::LocalVariableInitializer,
         "OpenCL C 1.2 §6.5.2: __local memory is shared by the whole work-group and has no initial "
         "value; "
         "declare it, then have the work-items write it (followed by a barrier)"},
        {DiagnosticKind::ConstantVariableUninitialized,
         "OpenCL C 1.2 §6.5.3: __constant memory is read-only "
         "for kernels, so its value must be given "
         "where it is declared"},
        {DiagnosticKind::ConstantInitializerNotConstant,
         "OpenCL C 1.2 §6.5.3: __constant data is filled "
         "before any work-item runs, so its initializer "
         "must be a compile-time constant"},
        {DiagnosticKind::ConstantVariableScope,
         "OpenCL C 1.2 §6.5.3: __constant variables live at program "
         "scope (or the outermost scope of "
         "a kernel)"},
        {DiagnosticKind::ConstantWrite,
         "OpenCL C 1.2 §6.5.3: __constant memory is read-only while kernels run"},
        {DiagnosticKind::ProgramScopeAddressSpace,
         "OpenCL C 1.2 §6.5: before 2.0 a program-scope variable "
         "must be __constant; 2.0 also allows "
         "__global (:std CL2.0)"},
        {DiagnosticKind::GlobalInitializerNotConstant,
         "C99 §6.7.8: a program-scope variable is initialized "
         "before the kernel runs, so its initializer "
         "must be a constant"},
        {DiagnosticKind::StaticLocalVariable,
         "OpenCL C 1.2 §6.8: static variables inside functions arrive with OpenCL C 2.0"},
        {DiagnosticKind::AutomaticVariableAddressSpace,
         "OpenCL C 1.2 §6.5: variables inside a function are "
         "__private (or __local at kernel scope); "
         "__global memory is only reached through pointers"},
        {DiagnosticKind::ParameterAddressSpace,
         "OpenCL C 1.2 §6.5: function arguments are always passed in __private memory"},
        {DiagnosticKind::ReturnAddressSpace,
         "OpenCL C 1.2 §6.5: a returned value is a __private value; it has no address space"},
        {DiagnosticKind::FieldAddressSpace,
         "OpenCL C 1.2 §6.5: a struct member lives wherever the whole struct lives"},
        {DiagnosticKind::KernelReturnType,
         "OpenCL C 1.2 §6.9.j: kernels return nothing; they write results to memory"},
        {DiagnosticKind::KernelPointerParameterSpace,
         "OpenCL C 1.2 §6.9.a: the host can only hand a kernel "
         "__global, __constant or __local memory"},
        {DiagnosticKind::KernelParameterType,
         "OpenCL C 1.2 §6.9.k: host and device may disagree on the size of this type"},
        {DiagnosticKind::FunctionPointer,
         "OpenCL C 1.2 §6.9.a: there are no function pointers on OpenCL devices"},
        {DiagnosticKind::VariableLengthArray,
         "OpenCL C 1.2 §6.9.d: array sizes must be known at compile time"},
        {DiagnosticKind::Recursion,
         "OpenCL C 1.2 §6.9.i: work-items have small fixed stacks, so recursion is not allowed"},
        {DiagnosticKind::BitField, "OpenCL C 1.2 §6.9.c: bit-fields are not supported"},
        {DiagnosticKind::AlignedNotPowerOfTwo,
         "OpenCL C 1.2 §6.11.1: alignments are powers of two"},
    };
    auto it = table.find(kind);
    return it == table.end() ? std::string() : it->second;
}

} // namespace clstep::repl
