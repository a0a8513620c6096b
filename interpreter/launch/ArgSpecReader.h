#pragma once

#include "common/Diagnostic.h"
#include "launch/KernelSignature.h"
#include "launch/LaunchConfig.h"
#include "launch/PngImage.h"
#include "launch/SimReader.h"

#include <cstdint>
#include <filesystem>
#include <istream>
#include <string>
#include <vector>

namespace clstep::launch {

/// Reads one argument specification (`spec.source`) into `spec`: the rules of
/// oclgrind-kernel's Simulation::parseArgument (src/kernel/Simulation.cpp) with its messages,
/// plus clstep's `file=`, `image=`, `format=` and `png=` extensions. This is the engine behind
/// ArgParser::read(); see ArgParser for the two-pass (unbound, then bound) reading.
///
/// The header tokens and their consistency rules are in ArgSpecReader.cpp; the readers of the
/// argument's contents (values, `fill=`, `range=`, `file=`, `png=`) in ArgSpecValues.cpp.
/// Every problem is one Diagnostic of kind "launch-file" at the exact source range, whose
/// message ends with "(argument N: name)"; nothing is thrown (host memory exhaustion while
/// filling a huge argument is reported as "Out of host memory for N bytes ...").
class ArgSpecReader {
public:
    /// Reads into `spec` (its `source`, `sourceFile`, `baseDir` and budget are kept, the rest
    /// is rebuilt) for kernel argument `index` (0-based) and parameter `param` (nullptr while
    /// unbound); diagnostics are appended to `diags`.
    ArgSpecReader(KernelArgSpec& spec, uint32_t index, const KernelParamInfo* param,
                  std::vector<Diagnostic>& diags)
        : m_spec(spec), m_index(index), m_param(param), m_diags(diags),
          m_reader(spec.source, spec.sourceFile) {}

    /// Reads the header, checks it and reads the contents. True on success, with
    /// `consumedEnd` just after the last thing read (the header's '>' or the last value);
    /// false after reporting one error.
    bool run(SourceLocation& consumedEnd);

private:
    // ---- the header (ArgSpecReader.cpp) ----
    /// Clears everything but the source fields of `m_spec`.
    void resetSpec();
    /// "argument N: name" (ArgParser::argumentLabel).
    std::string label() const;
    /// Appends a "launch-file" diagnostic and returns it (for notes).
    Diagnostic& report(Severity severity, SourceRange range, std::string message);
    /// An oclgrind "throw": message, then the argument in parentheses. Returns false.
    bool fail(SourceRange range, const std::string& message);
    /// Reads `<...>` and each of its tokens (headerToken()).
    bool readHeader();
    /// True unless the bound parameter is neither a buffer nor an image.
    bool onlyForBuffers() const;
    /// True unless the bound parameter is not a `__global` buffer.
    bool onlyForGlobal() const;
    /// Applies one header token (type name, dump, fill=, file=, hex, noinit, null, range=,
    /// ro, wo, image=, png=, format=, size=).
    bool headerToken(const std::string& token, SourceRange range);
    /// The rules between header tokens (null alone, one initializer, size divisible by the
    /// element type, the size limit ArgParser::kMaxArgumentBytes).
    bool checkHeader();
    /// True if the bound parameter is an image type.
    bool isImageParam() const;
    /// image=... (clstep extension): the image object from the sizes, format and the
    /// parameter's image type; its bytes become `size`. Errors are reported at the header.
    bool checkImageHeader();

    // ---- the contents (ArgSpecValues.cpp) ----
    /// The path a `file=` name stands for: relative names are relative to `baseDir`.
    std::filesystem::path filePath() const;
    /// `file=NAME` without `size=`: the argument is the whole file.
    bool fileSizeAsArgumentSize();
    /// Reads the first `size` bytes of the `file=` file: a missing or unreadable file, or one
    /// shorter than `size`, is an error at the `file=` token; a longer one is a warning.
    bool readFile();
    /// png=FILE (clstep extension): decodes the file once the parameter is known (an image
    /// parameter; unbound, only the header is read). Without image=, a 1D or 2D image takes
    /// the picture's size. Errors are reported at the png= token.
    bool readPng();
    /// The texels of a png= image argument, converted to its format.
    bool readPngTexels();
    /// Reads the contents the header asks for: null, noinit, fill=, range=, file=, png=, or
    /// `size / element size` values after the header.
    bool readData();
    /// A scalar argument's size must equal its parameter type's size.
    bool checkScalarSize();
    /// Unbound reading of a typeless header: keeps the value tokens for bind() to convert.
    void collectTokens();
    /// Sets `in`'s base to 16 for a `hex` header, else 10.
    void setHexFormat(std::istream& in) const;
    /// fill=VALUE of element type T repeated over `size` bytes.
    template <typename T>
    bool readFill();
    /// range=START:INC:END of element type T; must produce exactly `size` bytes.
    template <typename T>
    bool readRange();
    /// `size / sizeof(T)` values of element type T after the header.
    template <typename T>
    bool readValues();
    /// Reports the end of the input before `count` values were read (`found` given).
    bool missingValues(uint64_t found, uint64_t count);
    /// Adds "needs N values of type T (size=S), M given" to the last diagnostic.
    void addCountNote(uint64_t found, uint64_t count);

    KernelArgSpec& m_spec;
    uint32_t m_index;
    const KernelParamInfo* m_param;
    std::vector<Diagnostic>& m_diags;
    SimReader m_reader;
    bool m_null = false;
    SourceLocation m_consumedEnd;
    SourceRange m_typeRange, m_dumpRange, m_fillRange, m_noinitRange, m_nullRange, m_rangeRange,
        m_sizeRange, m_imageRange, m_formatRange, m_fileRange, m_pngRange;
    PngImage m_png;
    bool m_pngLoaded = false;
};

} // namespace clstep::launch
