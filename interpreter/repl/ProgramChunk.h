#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace clstep::repl {

/// One accepted program-scope entry (typedefs, structs, functions, kernels, `__constant`
/// data, `#define`s) of the accumulated program, with the names it declares ("f",
/// "struct S", "#N") so that a later entry declaring the same name replaces it in place.
struct ProgramChunk {
    uint32_t origin = 0; ///< Repl::sources() id of the entry's text
    std::string text;
    std::vector<std::string> names;
};

} // namespace clstep::repl
