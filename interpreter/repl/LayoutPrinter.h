#pragma once

#include "common/SourceManager.h"
#include "core/Type.h"
#include "repl/ReplResult.h"
#include "repl/ReplState.h"

#include <string>

namespace clstep::repl {

/// `:layout TYPE`: the size and alignment of a type, and for structs, unions and vectors
/// every member's offset and size with the padding between them, a byte map, and whether
/// the type is `packed` or raised by `aligned(n)`:
///
///     A: struct, 16 bytes, alignment 16, aligned(16)
///       offset  size
///            0     1  char a
///            1     3  (padding)
///            4     4  int b
///            8     8  (padding at the end)
///       bytes: a...bbbb........
///
/// TYPE may also be an expression (`:layout v`): its type is shown.
class LayoutPrinter {
public:
    LayoutPrinter(const ReplState& state, const SourceManager& sources, uint32_t origin)
        : m_state(state), m_sources(sources), m_origin(origin) {}

    /// Resolves `text` as a type (or an expression) in the context of the state.
    ReplResult layout(const std::string& text) const;
    /// The layout of `type`, titled `label`.
    static std::string describe(const QualType& type, const std::string& label);

private:
    const ReplState& m_state;
    const SourceManager& m_sources;
    uint32_t m_origin;
};

} // namespace clstep::repl
