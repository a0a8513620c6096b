#pragma once

#include "builtins/BuiltinCall.h"
#include "core/Type.h"
#include "core/Value.h"

#include <string>
#include <vector>

namespace clstep {

class TypeContext;
class BuiltinEnv;

/// The resolved signature of one builtin call: Sema converts each argument to `params[i]`
/// (inserting implicit conversions) and gives the call type `result`.
struct BuiltinSignature {
    QualType result;
    std::vector<QualType> params;
};

/// Chooses an overload: given the argument types of a call, fills `sig` and returns true if
/// this builtin accepts them (spec 6.12 gentype rules: e.g. `fmax(float4, float)` accepts a
/// scalar second argument). Returns false otherwise (Sema then tries the next overload and
/// finally reports "no matching overload").
using BuiltinResolveFn = bool (*)(TypeContext& types, const std::vector<QualType>& args,
                                  BuiltinSignature& sig);

/// Runs a builtin. `call` gives the resolved types (`call.type` is the result type and
/// `call.argTypes[i]` the converted argument types); `args` are the evaluated arguments
/// already converted to the signature's parameter types; the result goes to `result`.
using BuiltinImplFn = void (*)(BuiltinEnv& env, const BuiltinCall& call, const Value* args,
                               Value& result);

/// Properties the interpreter and Sema need to know about a builtin.
enum BuiltinFlags : unsigned {
    BuiltinNone = 0,
    BuiltinIsBarrier = 1,        ///< may suspend the work-item (barrier, wait_group_events)
    BuiltinIsWorkItemFn = 2,     ///< work-item function (get_global_id...)
    BuiltinConstFold = 4,        ///< pure: no memory access, no ids
    BuiltinWorkGroupBarrier = 8, ///< barrier / work_group_barrier: BuiltinEnv::barrier(arg 0)
};

/// One builtin function overload family entry.
struct BuiltinDef {
    std::string name;
    BuiltinResolveFn resolve = nullptr;
    BuiltinImplFn impl = nullptr;
    unsigned flags = BuiltinNone;
    /// For `size_t f(uint dimindx)` work-item functions (spec 6.12.1): the BuiltinEnv query
    /// that `impl` performs, so the interpreter can call it without building Values.
    uint64_t (BuiltinEnv::*dimQuery)(uint32_t) const = nullptr;
};

} // namespace clstep
