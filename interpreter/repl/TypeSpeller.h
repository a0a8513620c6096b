#pragma once

#include "core/Type.h"

#include <optional>
#include <string>

namespace clstep::repl {

/// Writes semantic types back as OpenCL C source, so the scratchpad can re-declare a kept
/// variable in the next synthetic kernel (`float4 v`, `__global int *p`, `S s[4]`) and cast
/// to a pointer to it (`__global float4 *`). Named types keep their spelling (typedef names,
/// `struct S`); a type that cannot be written (an anonymous struct without a typedef, a
/// function type) gives nullopt.
class TypeSpeller {
public:
    /// A declaration of `name` with type `type` (no initializer, no `;`). The object's own
    /// address space is written only when it is named and not `__private`.
    static std::optional<std::string> declaration(const QualType& type, const std::string& name);
    /// The type as a cast or `sizeof` operand ("float4", "__global int *", "S[4]").
    static std::optional<std::string> typeName(const QualType& type);
    /// "__global T *" for a pointer into `space` pointing at `type` (its top-level const
    /// kept only when `keepConst`).
    static std::optional<std::string> pointerTo(const QualType& type, AddressSpace space,
                                                bool keepConst);
    /// The type as shown to the user: its spelling without the object's `__private`.
    static std::string display(const QualType& type);

private:
    static bool spell(const QualType& type, const std::string& inner, std::string& out);
};

} // namespace clstep::repl
