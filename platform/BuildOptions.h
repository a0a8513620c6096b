#pragma once

#include "frontend/CompileOptions.h"

#include <optional>
#include <string>

namespace clstep::ocl {

/// Parses a clBuildProgram / clCompileProgram options string (spec 5.8.6): `-D NAME[=VALUE]`
/// and `-DNAME`, `-I DIR` and `-IDIR`, `-cl-std=CLx.y`, `-w`, `-Werror`, and the other `-cl-*`
/// optimization / math / kernel-arg-info flags and `-g`, `-O*` (accepted; they do not change
/// the interpreter's exact semantics). Quotes group words. Returns nullopt for anything else
/// (the caller answers CL_INVALID_BUILD_OPTIONS), with the reason in `error`.
std::optional<CompileOptions> parseBuildOptions(const std::string& text, bool deviceLittleEndian,
                                                std::string& error);

} // namespace clstep::ocl
