#include "repl/RuleExplainer.h"

#include <map>

namespace clstep::repl {

std::string RuleExplainer::explain(const std::string& kind) {
    static const std::map<std::string, std::string> table = {
        {"address-space-mismatch",
         "OpenCL C 1.2 §6.5: a pointer's address space is part of its type; __global, __local, "
         "__constant and __private memories are disjoint, so a pointer cannot silently move "
         "between them"},
        {"address-space-cast",
         "OpenCL C 1.2 §6.5: even an explicit cast cannot turn a pointer into one memory into a "
         "pointer "
         "into another (2.0 §6.5.5 allows casts through the generic space only)"},
        {"generic-before-cl20",
         "OpenCL C 2.0 §6.5.5: the generic address space does not exist before 2.0 (:std CL2.0)"},
        {"local-variable-scope", "OpenCL C 1.2 §6.5.2: __local variables are allocated once per "
                                 "work-group, so they may only be "
                                 "declared at the outermost scope of a kernel"},
        {"local-variable-initializer",
         "OpenCL C 1.2 §6.5.2: __local memory is shared by the whole work-group and has no initial "
         "value; "
         "declare it, then have the work-items write it (followed by a barrier)"},
        {"constant-variable-uninitialized", "OpenCL C 1.2 §6.5.3: __constant memory is read-only "
                                            "for kernels, so its value must be given "
                                            "where it is declared"},
        {"constant-initializer-not-constant", "OpenCL C 1.2 §6.5.3: __constant data is filled "
                                              "before any work-item runs, so its initializer "
                                              "must be a compile-time constant"},
        {"constant-variable-scope", "OpenCL C 1.2 §6.5.3: __constant variables live at program "
                                    "scope (or the outermost scope of "
                                    "a kernel)"},
        {"constant-write", "OpenCL C 1.2 §6.5.3: __constant memory is read-only while kernels run"},
        {"program-scope-address-space", "OpenCL C 1.2 §6.5: before 2.0 a program-scope variable "
                                        "must be __constant; 2.0 also allows "
                                        "__global (:std CL2.0)"},
        {"global-initializer-not-constant", "C99 §6.7.8: a program-scope variable is initialized "
                                            "before the kernel runs, so its initializer "
                                            "must be a constant"},
        {"static-local-variable",
         "OpenCL C 1.2 §6.8: static variables inside functions arrive with OpenCL C 2.0"},
        {"automatic-variable-address-space", "OpenCL C 1.2 §6.5: variables inside a function are "
                                             "__private (or __local at kernel scope); "
                                             "__global memory is only reached through pointers"},
        {"parameter-address-space",
         "OpenCL C 1.2 §6.5: function arguments are always passed in __private memory"},
        {"return-address-space",
         "OpenCL C 1.2 §6.5: a returned value is a __private value; it has no address space"},
        {"field-address-space",
         "OpenCL C 1.2 §6.5: a struct member lives wherever the whole struct lives"},
        {"kernel-return-type",
         "OpenCL C 1.2 §6.9.j: kernels return nothing; they write results to memory"},
        {"kernel-pointer-parameter-space", "OpenCL C 1.2 §6.9.a: the host can only hand a kernel "
                                           "__global, __constant or __local memory"},
        {"kernel-parameter-type",
         "OpenCL C 1.2 §6.9.k: host and device may disagree on the size of this type"},
        {"function-pointer",
         "OpenCL C 1.2 §6.9.a: there are no function pointers on OpenCL devices"},
        {"variable-length-array", "OpenCL C 1.2 §6.9.d: array sizes must be known at compile time"},
        {"recursion",
         "OpenCL C 1.2 §6.9.i: work-items have small fixed stacks, so recursion is not allowed"},
        {"bit-field", "OpenCL C 1.2 §6.9.c: bit-fields are not supported"},
        {"aligned-not-power-of-two", "OpenCL C 1.2 §6.11.1: alignments are powers of two"},
    };
    auto it = table.find(kind);
    return it == table.end() ? std::string() : it->second;
}

} // namespace clstep::repl
