#pragma once

#include "common/SourceManager.h"
#include "frontend/PreprocessedSource.h"

#include <string>
#include <vector>

namespace clstep {

/// Options of the OpenCL C preprocessor, as given by build options (`-D`, `-I`,
/// `-cl-std=`) and by the simulated device.
struct PreprocessorOptions {
    std::vector<std::string> defines; ///< "NAME" or "NAME=VALUE" (from -D)
    /// The front end's own definitions, "NAME=VALUE" or "NAME(A,B)=VALUE" (well-formed, no
    /// newline; defined as tokens before `defines`, without Wave's per-definition parser).
    std::vector<std::string> predefined;
    std::vector<std::string> includeDirs; ///< searched after the including file's directory
    int clVersion = 120;                  ///< 100, 110, 120, 200 or 300 (sets __OPENCL_C_VERSION__)
    bool deviceLittleEndian = true;       ///< defines __ENDIAN_LITTLE__ when true
};

/// Runs the C preprocessor (Boost.Wave, C99 mode with variadic macros) over an OpenCL C file.
///
/// Predefined macros: `__OPENCL_VERSION__` and `__OPENCL_C_VERSION__` (= clVersion),
/// `CL_VERSION_1_0` ... `CL_VERSION_3_0`, `__ENDIAN_LITTLE__` (little-endian device only),
/// `__IMAGE_SUPPORT__` (1: the device supports images), `__kernel_exec(X, typen)` and
/// `kernel_exec(X, typen)`, the extension macros `cl_khr_fp64`, `cl_khr_fp16`,
/// `cl_khr_{global,local}_int32_{base,extended}_atomics`, `cl_khr_int64_{base,extended}_atomics`,
/// `cl_khr_byte_addressable_store`, `cl_khr_3d_image_writes` (all 1; from 2.0 also the
/// memory_order/memory_scope values; never `cl_khr_subgroups`, which requires independent
/// forward progress of sub-groups: `__opencl_c_subgroups` instead), the OpenCL C 3.0 feature
/// macros of openClFeatures() (frontend/OpenClFeatures.h) from their version on, and C's
/// `__FILE__`, `__LINE__`, `__STDC__`, `__STDC_VERSION__`, `__DATE__`, `__TIME__`. Not defined:
/// `__FAST_RELAXED_MATH__`, `__OPENCL_CPP_VERSION__`, `FP_FAST_FMA*`. Then
/// options.predefined, then options.defines.
///
/// `#include "x"` is looked up next to the including file, then in `includeDirs`;
/// `#include <x>` in `includeDirs` only. A file already registered in `sources` under the
/// looked-up path (an unsaved editor buffer) is used instead of the one on disk; every
/// included file is registered in `sources`. `#pragma once` and include guards are honoured.
///
/// `#pragma OPENCL EXTENSION name : enable|disable` (also as `_Pragma("...")`) is recorded in
/// PreprocessedSource::extensionPragmas; all pragmas are removed from the output. `#line N
/// "name"` sets the presumed line and file name that `__LINE__` and `__FILE__` give from the
/// next line of its file on (C99 6.10.4; `#line 0` is a warning and ignored, a malformed one an
/// error), but positions (diagnostics, the source map) always refer to the real files; GNU
/// line markers (`# N "name"`) are accepted and ignored.
///
/// Directives inside the arguments of a macro call (`F(1,\n#ifdef X\n 2\n#else\n 3\n#endif\n)`,
/// undefined in C99 6.10.3p11) are processed where they stand, as clang and GCC do:
/// conditionals select their group, `#define`/`#undef` take effect, `#error`/`#warning` are
/// reported, other directives there are an error (see ArgumentDirectiveFilter).
///
/// Source map: code outside macros keeps its line numbers (and columns) until the first
/// `#include`; tokens produced by a macro map to the macro's use (the macro name) and tokens
/// of its arguments to where they are written, so diagnostics point at the user's code.
///
/// Never throws: problems (missing include, malformed directive, `#error`, invalid characters,
/// unterminated comments or literals, runaway nesting or macro expansion, ...) become
/// Diagnostics of kind "preprocessor" at the original file:line:col, and preprocessing goes
/// on where Wave can. Hostile input is bounded: it stops after 100 errors, and deeply nested
/// `#if` expressions and macro calls or exponential macro expansions are cut short.
/// Runs on a helper thread with a large stack; concurrent calls are serialised.
class Preprocessor {
public:
    /// Preprocesses file `fileId` (already registered in `sources`). Returns the text for the
    /// parser, its map back to the original files, diagnostics and extension pragmas.
    static PreprocessedSource run(SourceManager& sources, uint32_t fileId,
                                  const PreprocessorOptions& options);
};

} // namespace clstep
