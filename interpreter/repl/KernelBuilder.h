#pragma once

#include "core/AddressSpace.h"
#include "repl/ReplState.h"
#include "repl/SyntheticSource.h"

#include <cstdint>
#include <set>
#include <string>

namespace clstep::repl {

/// How an entry's text is placed into the synthetic program.
enum class EntryForm {
    None,            ///< no entry: the program chunks and (optionally) the kernel only
    TopLevel,        ///< at program scope, after the chunks or in place of one
    Statement,       ///< at the outermost scope of the entry kernel's body
    ExpressionProbe, ///< `(entry);` in the kernel body, to learn its type
    ExpressionStore, ///< `*(__global T *)__clstep_value = (entry);`
    ExpressionBytes, ///< the bytes of the lvalue `entry` copied to `__clstep_value`
};

/// What KernelBuilder should generate around one entry.
struct EntryPlan {
    std::string text;
    uint32_t origin = 0;
    EntryForm form = EntryForm::None;
    bool withKernel = true; ///< generate the entry kernel `__clstep_entry`
    int replaceChunk = -1;  ///< TopLevel: index of the chunk the entry replaces (-1: append)
    /// Kept variables the entry declares itself: not loaded before it, stored after it.
    std::set<std::string> fresh;
    /// ExpressionStore: the pointer type the value is stored through ("__global float4 *").
    std::string valuePointer;
    /// ExpressionBytes: address space of the lvalue and the number of bytes to copy.
    AddressSpace valueSpace = AddressSpace::Private;
    uint64_t valueSize = 0;
};

/// Generates the synthetic programs of the scratchpad. An entry kernel looks like
///
///     __kernel void __clstep_entry(__global uchar *__clstep_state, __global uchar *__clstep_value)
///     { if (get_global_id(0) != 3 || get_global_id(1) != 0 || get_global_id(2) != 0) return;
///     float4 v = *(__global float4 *)(__clstep_state + 0);    // kept variables, loaded
///     <the entry, verbatim>
///     *(__global float4 *)(__clstep_state + 0) = v;            // and stored back
///     }
///
/// Only the selected work-item runs the entry; the others return at once.
class KernelBuilder {
public:
    static constexpr const char* kKernelName = "__clstep_entry";
    /// Builds the program for `plan` from the chunks and variables of `state` (whose
    /// variables must have been laid out with ReplState::layout()).
    static SyntheticSource build(const ReplState& state, const EntryPlan& plan);
    /// A bound on the statements the generated loads and stores of `state`'s variables
    /// execute, added to the step limit so that an entry gets the whole limit itself.
    static uint64_t overheadSteps(const ReplState& state);

private:
    static std::string helpers();
    static std::string load(const PersistentVariable& v);
    static std::string store(const PersistentVariable& v);
};

} // namespace clstep::repl
