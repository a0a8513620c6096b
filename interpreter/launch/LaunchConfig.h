#pragma once

#include "builtins/ImageObject.h"
#include "common/SourceRange.h"
#include "core/Type.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace clstep::launch {

/// The element type of a .sim argument header: a scalar kind of the one scalar type table
/// (core/ScalarTypes.h), one of those isElementType() accepts: `char uchar short ushort int
/// uint long ulong float double`, exactly Oclgrind's list (no bool, no half). The type says how
/// the values after the header are read and how a `dump` prints the final bytes; it does not
/// have to match the kernel parameter's type.
using ElementType = TypeKind;

/// True when scalar kind `k` is an element type (char ... double, but half).
constexpr bool isElementType(TypeKind k) {
    return k >= TypeKind::Char && k <= TypeKind::Double && k != TypeKind::Half;
}

/// Size of one element in bytes (1, 2, 4 or 8).
size_t elementSize(ElementType t);

/// The header token for `t` ("char", "uchar", ... "double").
std::string_view elementTypeName(ElementType t);

/// The element type named exactly `name` (a header token), or nullopt.
std::optional<ElementType> elementTypeFromName(std::string_view name);

/// Oclgrind's default element type for a parameter whose OpenCL type name (as
/// clGetKernelArgInfo(CL_KERNEL_ARG_TYPE_NAME) spells it, e.g. "float4*", "uint*", "int",
/// "void*") is `typeName`: the first of char, uchar, short, ushort, int, uint, long, ulong,
/// float, double that is a prefix of it, or uchar for "void*"; nullopt otherwise (Oclgrind
/// then fails with "Invalid default kernel argument type"). C spellings are accepted too:
/// leading const/volatile/restrict are skipped and "unsigned int" reads as "uint".
std::optional<ElementType> defaultElementType(std::string_view typeName);

/// Reads an NDRange size list as front ends take it on a command line: one to three sizes
/// (work-items), plain decimal digits, separated by ',' or 'x' ("16", "16,4", "16x4x2").
/// Fills `out` (missing dimensions are 1) and `dims` (1..3). False for anything else: an
/// empty part, a sign ("-1" is not 2^64-1), a value over 2^64-1, a fourth size.
bool parseSizeList(std::string_view text, std::array<uint64_t, 3>& out, uint32_t& dims);

/// What a kernel argument turned out to be once bound to the kernel's parameter list.
enum class ArgKind : uint8_t {
    Unbound, ///< parsed, but not bound to a kernel parameter yet (kind unknown)
    Buffer,  ///< __global or __constant pointer: a buffer of `size` bytes is allocated
    Local,   ///< __local pointer: `size` bytes of local memory per work-group, no contents
    Scalar,  ///< passed by value (private): `bytes` are the argument's value
    Null,    ///< `<null>`: a NULL __global/__constant pointer
    Image,   ///< image parameter (clstep extension `image=WxH format=ORDER/TYPE`, see README)
};

/// One line (or the tail of one line) of .sim text that belongs to an argument specification,
/// kept so that the specification can be re-read once the kernel's parameters are known.
struct SpecLine {
    uint32_t line = 0;   ///< 1-based line number in the file
    uint32_t column = 1; ///< 1-based byte column of text[0]
    std::string text;    ///< the text with any `#` comment removed
    std::string comment; ///< the removed comment, starting with '#' ("" if none)
};

/// One `<...>` argument specification of a .sim file (or of a CLI `--arg`), with its values.
///
/// SimParser/ArgParser fill in what the text says; binding to the kernel's parameter
/// (SimParser::bind, ArgParser::bind) sets `kind`, `name`, the default `type` and `bytes`.
struct KernelArgSpec {
    ArgKind kind = ArgKind::Unbound;
    /// Name of the kernel parameter this binds to ("" while unbound).
    std::string name;
    /// The type token written in the header, if any.
    std::optional<ElementType> writtenType;
    /// Effective element type: `writtenType`, else the parameter's default once bound.
    std::optional<ElementType> type;
    /// `size=N`: size in bytes (0 for `null`). Valid only if `sizeGiven` or kind is Null.
    uint64_t size = 0;
    bool sizeGiven = false;
    std::string fill;  ///< text after `fill=` ("" if absent)
    std::string range; ///< text after `range=` (START:INC:END, "" if absent)
    /// `file=NAME` (clstep extension; oclgrind-kernel 21.10 rejects it): the initial bytes
    /// are the first `size` bytes of this binary file, as written ("" if absent). A relative
    /// name is relative to `baseDir`. Without `size=`, the size is the file's size.
    std::string file;
    bool noinit = false;
    bool dump = false;
    bool hex = false;
    bool readOnly = false;  ///< `ro`
    bool writeOnly = false; ///< `wo`
    /// Image arguments (clstep extension): `image=W[xH[xD]]` sizes in texels as written
    /// (for array images the last one is the layer count), empty for other arguments;
    /// `format=ORDER/TYPE` (default CL_RGBA/CL_UNORM_INT8). Once bound, `image` is the
    /// image object the run creates (its byteSize() is `size`).
    std::vector<uint64_t> imageSize;
    image::Format imageFormat;
    image::Object image;
    /// `png=FILE` (clstep extension, image arguments): the texels come from this PNG file
    /// (launch/PngImage.h), as written; relative paths are resolved against `baseDir`.
    std::string png;
    /// The directory relative file names of the specification (`file=`, `png=`) are resolved
    /// against: the .sim file's directory ("" for the working directory, CLI `--arg`).
    std::string baseDir;
    /// True when `bytes` holds the argument's initial contents: exactly `size` bytes, elements
    /// in host (little-endian) order. False for noinit, Local, Null and not-yet-typed args.
    /// A Scalar's `size` may exceed the parameter's size (a warning): like oclgrind-kernel,
    /// pass only the parameter's first bytes.
    bool contentsKnown = false;
    std::vector<uint8_t> bytes;
    /// Bytes of `fill=`/`range=` contents this argument may materialize (set by
    /// SimParser::bind from LaunchConfig::memoryBudgetBytes). A larger argument keeps its
    /// `size` but not its bytes (`overBudget`): the launch is refused before the run
    /// allocates anything (KernelRun's global-memory check names every buffer and the total).
    uint64_t contentsBudget = UINT64_MAX;
    bool overBudget = false; ///< `size` exceeded `contentsBudget`: `bytes` stays empty
    /// The values after the header as written, one whitespace-separated token each.
    std::vector<std::string> valueTokens;
    /// The `<...>` header, from '<' to one past the last '>'.
    SourceRange headerRange;

    // The specification's text, for binding later.
    std::vector<SpecLine> source;   ///< from the '<' to just before the next header (or EOF)
    uint32_t sourceFile = 0;        ///< SourceManager id of `source` (0 if none)
    SourceLocation sourceEnd;       ///< where `source` stops: the next '<' or the end of the text
    bool sourceEndIsHeader = false; ///< true if another argument header starts at `sourceEnd`
    /// True for a specification read on its own (ArgParser::parse: CLI `--arg`, REPL), where
    /// anything after its values is an error; false for one of a .sim file.
    bool standalone = false;
};

/// An NDRange launch as described by an Oclgrind `.sim` file (or built by the CLI).
struct LaunchConfig {
    /// Path of the .sim file ("" if the launch was not read from a file).
    std::string simPath;
    uint32_t fileId = 0; ///< SourceManager id of the .sim text (0 if none)
    /// The kernel file as written in the .sim file.
    std::string kernelFileAsWritten;
    /// The kernel file, resolved relative to the directory of `simPath` (oclgrind-kernel opens
    /// it relative to its working directory; its own tests run from the .sim's directory).
    std::string kernelFile;
    std::string kernelName;
    /// Global size (NDRange) in work-items per dimension.
    std::array<uint64_t, 3> globalSize{1, 1, 1};
    /// Work-group size in work-items per dimension (meaningful if `localSizeGiven`).
    std::array<uint64_t, 3> localSize{1, 1, 1};
    /// False when the implementation should choose the work-group size (CLI without -l, or the
    /// `# clstep: local-size auto` directive). A .sim file always states a local size.
    bool localSizeGiven = true;
    /// Number of dimensions (1-3). oclgrind-kernel always launches 3; `# clstep: work-dim N`
    /// lowers it (dimensions >= N must then have size 1).
    uint32_t workDim = 3;
    /// Global work offset (`# clstep: global-offset X Y Z`); oclgrind-kernel has none.
    std::optional<std::array<uint64_t, 3>> globalOffset;
    /// Debugger settings saved with the launch (`# clstep: device-endian big|little`,
    /// `# clstep: schedule NAME [SEED]`, `# clstep: checks LIST|none`, LIST a comma list of
    /// races, uninitialized, endian, uniform-writes, strict-races, async-copies). Unset: the
    /// defaults (little-endian, in-order, the default checks); oclgrind-kernel ignores them.
    std::optional<bool> deviceBigEndian;
    std::optional<std::string> schedule;
    uint64_t scheduleSeed = 1;
    std::optional<std::vector<std::string>> checks;
    /// `# clstep: sub-group-size N` (1..1024 work-items; RunOptions::subGroupSize, clstep-cli
    /// run --sub-group-size): the debugger's sub-group size for this launch (default 32).
    std::optional<uint32_t> subGroupSize;
    /// `# clstep: build-options TEXT` (the rest of the line): clBuildProgram options (API spec
    /// 5.6.4: -D, -I, -cl-std, the -cl-* flags) that every front end applies when it builds
    /// the kernel of this launch, before its own (`run -b`, the GUI). Checked when the file is
    /// read ("Invalid clstep directive: ..." at the directive); recorded by `exec --record`.
    std::optional<std::string> buildOptions;
    /// `# clstep: pin-local NAME[,NAME...]`: `__local` arguments whose size stays as written
    /// under every work-group size of a sweep (`clstep-cli sweep`, docs/sweep.md); the others
    /// keep their bytes per work-item.
    std::vector<std::string> pinnedLocals;
    /// One specification per kernel argument, in parameter order.
    std::vector<KernelArgSpec> args;
    /// True once SimParser::bind succeeded for every argument.
    bool argsBound = false;

    /// Where the .sim text ends (for "Unexpected EOF" diagnostics).
    SourceLocation textEnd;
    SourceRange kernelFileRange;
    SourceRange kernelNameRange;
    SourceRange globalSizeRange;
    SourceRange localSizeRange;
    /// The device's global memory in bytes (RunOptions::globalMemoryBytes): buffer
    /// contents beyond it in total are not built while binding (see
    /// KernelArgSpec::contentsBudget), so a launch that cannot run fails at once instead of
    /// filling gigabytes first. UINT64_MAX: no budget.
    uint64_t memoryBudgetBytes = UINT64_MAX;
};

} // namespace clstep::launch
