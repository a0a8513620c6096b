#include "launch/ArgParser.h"

#include "launch/ImageArgSpec.h"
#include "launch/PngImage.h"
#include "launch/SimReader.h"

#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <type_traits>

namespace clstep::launch {

namespace {

bool isBufferSpace(ParamAddressSpace s) {
    return s == ParamAddressSpace::Global || s == ParamAddressSpace::Constant;
}

/// Calls `f(T{})` with T the C++ type oclgrind-kernel uses for element type `t`.
template <typename F>
bool visitElementType(ElementType t, F&& f) {
    switch (t) {
    case ElementType::Char:
        return f(int8_t{});
    case ElementType::UChar:
        return f(uint8_t{});
    case ElementType::Short:
        return f(int16_t{});
    case ElementType::UShort:
        return f(uint16_t{});
    case ElementType::Int:
        return f(int32_t{});
    case ElementType::UInt:
        return f(uint32_t{});
    case ElementType::Long:
        return f(int64_t{});
    case ElementType::ULong:
        return f(uint64_t{});
    case ElementType::Float:
        return f(float{});
    case ElementType::Double:
        return f(double{});
    }
    return false;
}

template <typename T>
void appendBytes(std::vector<uint8_t>& out, T value) {
    auto raw = std::bit_cast<std::array<uint8_t, sizeof(T)>>(value);
    out.insert(out.end(), raw.begin(), raw.end());
}

/// oclgrind's readValue: chars are read as int and must fit. False on a char range error.
template <typename T>
bool readValue(std::istream& in, T& value) {
    if constexpr (sizeof(T) == 1) {
        int wide = 0;
        in >> wide;
        value = static_cast<T>(wide);
        return value == wide;
    } else {
        in >> value;
        return true;
    }
}

/// `end - start + inc` computed as oclgrind does (int promotion for small types; wrapping
/// instead of undefined overflow for 32/64-bit signed types).
template <typename T>
double rangeSpan(T start, T inc, T end) {
    if constexpr (std::is_floating_point_v<T>) {
        return static_cast<double>(end - start + inc);
    } else if constexpr (sizeof(T) < sizeof(int)) {
        return static_cast<double>(int(end) - int(start) + int(inc));
    } else {
        using U = std::make_unsigned_t<T>;
        return static_cast<double>(static_cast<T>(U(end) - U(start) + U(inc)));
    }
}

template <typename T>
T rangeStep(T value, T inc) {
    if constexpr (std::is_floating_point_v<T>) {
        return value + inc;
    } else {
        using U = std::make_unsigned_t<T>;
        return static_cast<T>(U(value) + U(inc));
    }
}

/// Reads one argument specification; the rules of oclgrind's Simulation::parseArgument.
class SpecReader {
public:
    SpecReader(KernelArgSpec& spec, uint32_t index, const KernelParamInfo* param,
               std::vector<Diagnostic>& diags)
        : m_spec(spec), m_index(index), m_param(param), m_diags(diags),
          m_reader(spec.source, spec.sourceFile) {}

    bool run(SourceLocation& consumedEnd) {
        resetSpec();
        if (!readHeader() || !checkHeader() || !readData()) return false;
        consumedEnd = m_consumedEnd;
        return true;
    }

private:
    void resetSpec() {
        KernelArgSpec fresh;
        fresh.source = std::move(m_spec.source);
        fresh.sourceFile = m_spec.sourceFile;
        fresh.sourceEnd = m_spec.sourceEnd;
        fresh.sourceEndIsHeader = m_spec.sourceEndIsHeader;
        fresh.standalone = m_spec.standalone;
        fresh.baseDir = m_spec.baseDir;
        fresh.contentsBudget = m_spec.contentsBudget;
        if (m_param) fresh.name = m_param->name;
        m_spec = std::move(fresh);
    }

    std::string label() const { return ArgParser::argumentLabel(m_index, m_param); }

    Diagnostic& report(Severity severity, SourceRange range, std::string message) {
        m_diags.push_back(Diagnostic{severity, "launch-file", std::move(message), range, {}, {}});
        return m_diags.back();
    }
    /// An oclgrind "throw": message, then the argument in parentheses.
    bool fail(SourceRange range, const std::string& message) {
        report(Severity::Error, range, message + " (" + label() + ")");
        return false;
    }

    bool readHeader() {
        char open = 0;
        SourceRange where;
        switch (m_reader.get(open, &where)) {
        case SimReader::Status::Eof:
            report(Severity::Error, {m_spec.sourceEnd, m_spec.sourceEnd},
                   "Unexpected EOF when parsing " + label());
            return false;
        case SimReader::Status::Fail:
        case SimReader::Status::Ok:
            break;
        }
        if (open != '<') return fail(where, "Expected argument header <...>");

        size_t line = m_reader.lineIndex();
        size_t offset = m_reader.offset();
        std::string rest = m_reader.takeRestOfLine();
        size_t close = rest.find_last_of('>');
        if (close == std::string::npos)
            return fail({where.begin, m_reader.position()},
                        "Missing '>' at end of argument header");
        m_reader.seekInLine(offset + close + 1);
        m_spec.headerRange = {where.begin, m_reader.location(line, offset + close + 1)};
        m_consumedEnd = m_spec.headerRange.end;

        std::string header = rest.substr(0, close);
        for (size_t pos = SimReader::skipSpace(header, 0); pos < header.size();
             pos = SimReader::skipSpace(header, pos)) {
            size_t end = SimReader::tokenEnd(header, pos);
            SourceRange range{m_reader.location(line, offset + pos),
                              m_reader.location(line, offset + end)};
            if (!headerToken(header.substr(pos, end - pos), range)) return false;
            pos = end;
        }
        return true;
    }

    bool onlyForBuffers() const {
        return !m_param || isBufferSpace(m_param->addressSpace) || isImageParam();
    }
    bool onlyForGlobal() const {
        return !m_param || m_param->addressSpace == ParamAddressSpace::Global;
    }

    bool headerToken(const std::string& token, SourceRange range) {
        if (auto type = elementTypeFromName(token)) {
            if (m_spec.writtenType) return fail(range, "Argument type defined multiple times");
            m_spec.writtenType = type;
            m_typeRange = range;
        } else if (token.starts_with("dump")) {
            m_spec.dump = true;
            m_dumpRange = range;
        } else if (token.starts_with("fill")) {
            if (token.size() < 6 || token[4] != '=')
                return fail(range, "Expected =VALUE after 'fill");
            m_spec.fill = token.substr(5);
            m_fillRange = range;
        } else if (token.starts_with("file")) { // clstep extension (docs/platform.md)
            if (token.size() < 6 || token[4] != '=')
                return fail(range, "Expected =NAME after 'file'");
            m_spec.file = token.substr(5);
            m_fileRange = range;
        } else if (token == "hex") {
            m_spec.hex = true;
            m_reader.setHex(true);
        } else if (token == "noinit") {
            if (!onlyForBuffers()) return fail(range, "'noinit' only valid for buffer arguments");
            m_spec.noinit = true;
            m_noinitRange = range;
        } else if (token == "null") {
            if (!onlyForBuffers()) return fail(range, "'null' only valid for buffer arguments");
            m_null = true;
            m_nullRange = range;
        } else if (token.starts_with("range")) {
            if (token.size() < 7 || token[5] != '=')
                return fail(range, "Expected =START:INC:END after 'range");
            m_spec.range = token.substr(6);
            m_rangeRange = range;
        } else if (token == "ro" || token == "wo") {
            bool ro = token == "ro";
            if (ro ? m_spec.writeOnly : m_spec.readOnly)
                return fail(range, "'ro' and 'wo' are mutually exclusive");
            if (!onlyForGlobal())
                return fail(range, "'" + token + "' only valid for global memory buffers");
            (ro ? m_spec.readOnly : m_spec.writeOnly) = true;
        } else if (token.starts_with("image=")) { // clstep extension (README)
            std::string why = imagespec::parseSizes(token.substr(6), m_spec.imageSize);
            if (!why.empty()) return fail(range, why);
            m_imageRange = range;
        } else if (token.starts_with("png=")) { // clstep extension (README)
            if (token.size() == 4) return fail(range, "Expected a file name after 'png='");
            m_spec.png = token.substr(4);
            m_pngRange = range;
        } else if (token.starts_with("format=")) {
            auto format = imagespec::parseFormat(token.substr(7));
            if (!format)
                return fail(range, "unsupported image format '" + token.substr(7) +
                                       "': expected ORDER/TYPE such as CL_RGBA/CL_UNORM_INT8 "
                                       "with an order of R, A, RG, RA, RGBA, BGRA, ARGB, "
                                       "INTENSITY, LUMINANCE and a cl_channel_type with one "
                                       "component per channel");
            m_spec.imageFormat = *format;
            m_formatRange = range;
        } else if (token.starts_with("size")) {
            std::istringstream value(token.substr(4));
            char equals = 0;
            value >> equals;
            if (equals != '=') return fail(range, "Expected = after 'size'");
            uint64_t size = 0;
            value >> std::dec >> size;
            if (value.fail() || !value.eof()) return fail(range, "Invalid value for 'size'");
            // oclgrind's "not given" marker is size_t(-1), so size=-1 means "no size".
            m_spec.sizeGiven = size != UINT64_MAX;
            m_spec.size = m_spec.sizeGiven ? size : 0;
            m_sizeRange = range;
        } else {
            return fail(range, "Unrecognised header token '" + token + "'");
        }
        return true;
    }

    bool checkHeader() {
        if (m_null) {
            if (m_spec.sizeGiven || !m_spec.fill.empty() || !m_spec.range.empty() ||
                m_spec.noinit || m_spec.dump || !m_spec.file.empty())
                return fail(m_nullRange, "'null' not valid with other argument descriptors");
            m_spec.size = 0;
        } else if (!m_spec.png.empty() && !readPng()) {
            return false;
        } else if (!m_spec.imageSize.empty()) {
            if (!checkImageHeader()) return false;
        } else if (m_formatRange.valid() && m_spec.png.empty()) {
            return fail(m_formatRange, "'format' is only valid with 'image=WxH'");
        } else if (m_param && isImageParam()) {
            return fail(m_spec.headerRange, "an image argument needs its size in texels "
                                            "(image=WIDTHxHEIGHT)");
        } else if (!m_spec.sizeGiven && !m_spec.file.empty()) {
            if (!fileSizeAsArgumentSize()) return false;
        } else if (!m_spec.sizeGiven && m_spec.png.empty()) {
            return fail(m_spec.headerRange, "size required");
        }

        m_spec.type = m_spec.writtenType;
        if (!m_spec.type && m_param) {
            m_spec.type = defaultElementType(m_param->typeName);
            if (!m_spec.type)
                return fail(m_spec.headerRange, "Invalid default kernel argument type");
        }
        if (m_spec.type && m_spec.size % elementSize(*m_spec.type))
            return fail(m_sizeRange.valid() ? m_sizeRange : m_spec.headerRange,
                        "Initialiser type must exactly divide argument size");
        if (m_spec.dump && !onlyForBuffers())
            return fail(m_dumpRange, "'dump' only valid for memory objects");

        int initializers = 0;
        SourceRange second;
        for (SourceRange r : {m_noinitRange, m_fillRange, m_rangeRange, m_fileRange, m_pngRange})
            if (r.valid() && ++initializers == 2) second = r;
        if (initializers > 1) return fail(second, "Multiple initializers present");

        if (m_spec.size > ArgParser::kMaxArgumentBytes) {
            fail(m_sizeRange, "Failed to allocate global memory");
            m_diags.back().notes.push_back(
                {m_sizeRange, "clstep accepts at most " +
                                  std::to_string(ArgParser::kMaxArgumentBytes) +
                                  " bytes for one argument"});
            return false;
        }
        return true;
    }

    /// The path a `file=` name stands for: relative names are relative to `baseDir`.
    std::filesystem::path filePath() const {
        std::filesystem::path p(m_spec.file);
        if (p.is_relative() && !m_spec.baseDir.empty())
            p = std::filesystem::path(m_spec.baseDir) / p;
        return p;
    }

    /// `file=NAME` without `size=`: the argument is the whole file.
    bool fileSizeAsArgumentSize() {
        std::error_code ec;
        uint64_t bytes = std::filesystem::file_size(filePath(), ec);
        if (ec)
            return fail(m_fileRange, "cannot read '" + filePath().string() + "': " + ec.message());
        m_spec.size = bytes;
        m_spec.sizeGiven = true;
        return true;
    }

    /// Reads the first `size` bytes of the `file=` file: a missing or unreadable file, or one
    /// shorter than `size`, is an error at the `file=` token; a longer one is a warning.
    bool readFile() {
        std::filesystem::path path = filePath();
        std::ifstream in(path, std::ios::binary);
        std::error_code ec;
        uint64_t bytes = std::filesystem::file_size(path, ec);
        if (!in || ec)
            return fail(m_fileRange, "cannot read '" + path.string() +
                                         "': " + (ec ? ec.message() : std::string("cannot open")));
        if (bytes < m_spec.size)
            return fail(m_fileRange, "'" + path.string() + "' holds " + std::to_string(bytes) +
                                         " bytes, fewer than size=" + std::to_string(m_spec.size));
        if (bytes > m_spec.size)
            report(Severity::Warning, m_fileRange,
                   "'" + path.string() + "' holds " + std::to_string(bytes) +
                       " bytes: only the first " + std::to_string(m_spec.size) + " are used (" +
                       label() + ")");
        if (m_spec.size > m_spec.contentsBudget) {
            m_spec.overBudget = true; // the launch is refused; do not read gigabytes first
            return true;
        }
        try {
            m_spec.bytes.resize(m_spec.size);
        } catch (const std::bad_alloc&) {
            return fail(m_fileRange,
                        "Out of host memory for " + std::to_string(m_spec.size) + " bytes");
        }
        in.read(reinterpret_cast<char*>(m_spec.bytes.data()),
                static_cast<std::streamsize>(m_spec.size));
        if (static_cast<uint64_t>(in.gcount()) != m_spec.size)
            return fail(m_fileRange, "cannot read " + std::to_string(m_spec.size) +
                                         " bytes from '" + path.string() + "'");
        m_spec.contentsKnown = true;
        return true;
    }

    /// png=FILE (clstep extension): decodes the file once the parameter is known (an image
    /// parameter; unbound, only the header is read). Without image=, a 1D or 2D image takes
    /// the picture's size. Errors are reported at the png= token.
    bool readPng() {
        if (!m_param) return true;
        if (!isImageParam()) return fail(m_pngRange, "'png=' is only valid for image arguments");
        std::filesystem::path path(m_spec.png);
        if (path.is_relative() && !m_spec.baseDir.empty())
            path = std::filesystem::path(m_spec.baseDir) / path;
        std::string why = PngImage::read(path.string(), m_png, ArgParser::kMaxArgumentBytes);
        if (!why.empty()) return fail(m_pngRange, why);
        if (m_spec.imageSize.empty()) {
            image::Dim dim = *imagespec::paramImageDim(m_param->typeName);
            if (dim == image::Dim::Image3D || dim == image::Dim::Image2DArray)
                return fail(m_pngRange, "give the size of a " + std::string(image::typeName(dim)) +
                                            " with image=WxHxD: a PNG picture has two dimensions");
            m_spec.imageSize = {m_png.width};
            if (dim != image::Dim::Image1D && dim != image::Dim::Image1DBuffer)
                m_spec.imageSize.push_back(m_png.height);
            m_imageRange = m_pngRange;
        }
        m_pngLoaded = true;
        return true;
    }

    /// The texels of a png= image argument, converted to its format.
    bool readPngTexels() {
        std::string why = m_png.texels(m_spec.image, m_spec.bytes);
        if (!why.empty()) return fail(m_pngRange, why);
        m_spec.contentsKnown = true;
        return true;
    }

    bool isImageParam() const {
        return m_param && imagespec::paramImageDim(m_param->typeName).has_value();
    }

    /// image=... (clstep extension): the image object from the sizes, format and the
    /// parameter's image type; its bytes become `size`. Errors are reported at the header.
    bool checkImageHeader() {
        if (m_spec.sizeGiven)
            return fail(m_sizeRange, "'size' is not valid with 'image': the size comes from "
                                     "the image's texels");
        std::string why = imagespec::makeObject(m_spec.imageSize, m_spec.imageFormat,
                                                m_param ? m_param->typeName : "",
                                                ArgParser::kMaxArgumentBytes, m_spec.image);
        if (!why.empty()) return fail(m_imageRange, why);
        m_spec.size = m_spec.image.byteSize();
        m_spec.sizeGiven = true;
        if (!m_spec.writtenType)
            m_spec.writtenType = imagespec::channelElement(m_spec.imageFormat.type);
        return true;
    }

    bool readData() {
        if (m_param && m_param->addressSpace == ParamAddressSpace::Local) {
            m_spec.kind = ArgKind::Local;
            if (!m_spec.fill.empty() || !m_spec.range.empty() || !m_spec.file.empty())
                report(Severity::Warning,
                       m_fillRange.valid()    ? m_fillRange
                       : m_rangeRange.valid() ? m_rangeRange
                                              : m_fileRange,
                       "a __local argument has no contents: this initializer is ignored (" +
                           label() + ")");
            return true;
        }
        if (m_null) {
            m_spec.kind = ArgKind::Null;
            return true;
        }
        if (isImageParam())
            m_spec.kind = ArgKind::Image;
        else
            m_spec.kind = !m_param                                              ? ArgKind::Unbound
                          : m_param->addressSpace == ParamAddressSpace::Private ? ArgKind::Scalar
                                                                                : ArgKind::Buffer;
        if (m_spec.kind == ArgKind::Image && m_pngLoaded) return readPngTexels();
        if (!m_spec.png.empty() && !m_param) return true; // decoded once bound
        if (m_spec.kind == ArgKind::Scalar && !checkScalarSize()) return false;
        if (m_spec.noinit) return true;
        if (!m_spec.file.empty()) return readFile();
        if (!m_spec.type) {
            // Unbound and untyped: keep the values as text until the parameter is known.
            if (m_spec.fill.empty() && m_spec.range.empty()) collectTokens();
            return true;
        }
        // Unbound, typed, no initializer and no values: may be a __local argument.
        if (!m_param && m_spec.fill.empty() && m_spec.range.empty() && m_reader.atEnd())
            return true;
        if ((!m_spec.fill.empty() || !m_spec.range.empty()) &&
            m_spec.size > m_spec.contentsBudget) {
            m_spec.overBudget = true; // the launch is refused; do not fill gigabytes first
            return true;
        }
        return visitElementType(*m_spec.type, [this](auto tag) {
            using T = decltype(tag);
            if (!m_spec.fill.empty()) return readFill<T>();
            if (!m_spec.range.empty()) return readRange<T>();
            return readValues<T>();
        });
    }

    bool checkScalarSize() {
        uint64_t want = m_param->sizeBytes;
        if (m_spec.size < want)
            return fail(m_sizeRange, "size=" + std::to_string(m_spec.size) +
                                         " is smaller than the kernel argument (" +
                                         std::to_string(want) + " bytes)");
        if (m_spec.size > want)
            report(Severity::Warning, m_sizeRange,
                   "only the first " + std::to_string(want) + " of " + std::to_string(m_spec.size) +
                       " bytes are passed to the kernel (" + label() + ")");
        return true;
    }

    void collectTokens() {
        std::string token;
        SourceRange where;
        while (m_reader.get(token, &where) == SimReader::Status::Ok) {
            m_spec.valueTokens.push_back(token);
            m_consumedEnd = where.end;
        }
    }

    void setHexFormat(std::istream& in) const {
        in.setf(m_spec.hex ? std::ios_base::hex : std::ios_base::dec, std::ios_base::basefield);
    }

    template <typename T>
    bool readFill() {
        std::istringstream in(m_spec.fill);
        setHexFormat(in);
        T value{};
        if (!readValue(in, value)) return fail(m_fillRange, "Invalid char value");
        if (in.fail() || !in.eof()) return fail(m_fillRange, "Invalid fill value");
        // One element's bytes, repeated (memcpy per element: a 1 GiB fill takes a second).
        const auto raw = std::bit_cast<std::array<uint8_t, sizeof(T)>>(value);
        const uint64_t count = m_spec.size / sizeof(T);
        const size_t start = m_spec.bytes.size();
        try {
            m_spec.bytes.resize(start + count * sizeof(T));
        } catch (const std::bad_alloc&) {
            return fail(m_fillRange,
                        "Out of host memory for " + std::to_string(m_spec.size) + " bytes of fill");
        }
        uint8_t* out = m_spec.bytes.data() + start;
        for (uint64_t i = 0; i < count; ++i)
            std::memcpy(out + i * sizeof(T), raw.data(), sizeof(T));
        m_spec.contentsKnown = true;
        return true;
    }

    template <typename T>
    bool readRange() {
        std::istringstream in(m_spec.range);
        setHexFormat(in);
        std::array<T, 3> v{};
        for (int i = 0; i < 3; ++i) {
            if (!readValue(in, v[i])) return fail(m_rangeRange, "Invalid char value");
            if (i < 2) {
                char colon = 0;
                in >> colon;
                if (in.fail() || colon != ':') return fail(m_rangeRange, "Invalid range format");
            }
        }
        if (in.fail() || !in.eof()) return fail(m_rangeRange, "Invalid range format");
        double num = rangeSpan(v[0], v[1], v[2]) / static_cast<double>(v[1]);
        if (std::ceil(num) != num ||
            num * static_cast<double>(sizeof(T)) != static_cast<double>(m_spec.size))
            return fail(m_rangeRange, "Range doesn't produce correct buffer size");
        try {
            m_spec.bytes.reserve(m_spec.size);
        } catch (const std::bad_alloc&) {
            return fail(m_rangeRange, "Out of host memory for " + std::to_string(m_spec.size) +
                                          " bytes of range");
        }
        T value = v[0];
        for (size_t i = 0; static_cast<double>(i) < num; ++i) {
            appendBytes(m_spec.bytes, value);
            value = rangeStep(value, v[1]);
        }
        m_spec.contentsKnown = true;
        return true;
    }

    template <typename T>
    bool readValues() {
        const uint64_t count = m_spec.size / sizeof(T);
        for (uint64_t i = 0; i < count; ++i) {
            T value{};
            SourceRange where;
            SimReader::Status status;
            bool charOk = true;
            if constexpr (sizeof(T) == 1) {
                int wide = 0;
                status = m_reader.get(wide, &where);
                value = static_cast<T>(wide);
                charOk = value == wide;
            } else {
                status = m_reader.get(value, &where);
            }
            if (status == SimReader::Status::Eof) return missingValues(i, count);
            if (status == SimReader::Status::Fail) {
                report(Severity::Error, where, "Failed to parse " + label());
                if (m_reader.lastText().starts_with("<")) addCountNote(i, count);
                return false;
            }
            if (!charOk) return fail(where, "Invalid char value");
            m_spec.valueTokens.push_back(m_reader.lastText());
            appendBytes(m_spec.bytes, value);
            m_consumedEnd = where.end;
        }
        m_spec.contentsKnown = true;
        return true;
    }

    bool missingValues(uint64_t found, uint64_t count) {
        SourceRange at{m_spec.sourceEnd, m_spec.sourceEnd};
        report(Severity::Error, at,
               (m_spec.sourceEndIsHeader ? "Failed to parse " : "Unexpected EOF when parsing ") +
                   label());
        addCountNote(found, count);
        return false;
    }

    void addCountNote(uint64_t found, uint64_t count) {
        m_diags.back().notes.push_back(
            {m_spec.headerRange, label() + " needs " + std::to_string(count) + " values of type " +
                                     std::string(elementTypeName(*m_spec.type)) +
                                     " (size=" + std::to_string(m_spec.size) + "), " +
                                     std::to_string(found) + " given"});
    }

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

} // namespace

std::string ArgParser::argumentLabel(uint32_t index, const KernelParamInfo* param) {
    std::string label = "argument " + std::to_string(index);
    if (param) label += ": " + param->name;
    return label;
}

std::vector<SpecLine> ArgParser::splitLines(std::string_view text, uint32_t line, uint32_t column) {
    std::vector<SpecLine> lines;
    size_t pos = 0;
    while (pos < text.size()) {
        size_t nl = text.find('\n', pos);
        std::string_view raw = text.substr(pos, nl == std::string_view::npos ? nl : nl - pos);
        SpecLine l{line++, column, std::string(raw), {}};
        if (size_t hash = l.text.find('#'); hash != std::string::npos) {
            l.comment = l.text.substr(hash);
            l.text.resize(hash);
        }
        lines.push_back(std::move(l));
        column = 1;
        if (nl == std::string_view::npos) break;
        pos = nl + 1;
    }
    return lines;
}

bool ArgParser::read(KernelArgSpec& spec, uint32_t index, const KernelParamInfo* param,
                     SourceLocation& consumedEnd, std::vector<Diagnostic>& diags) {
    SpecReader reader(spec, index, param, diags);
    return reader.run(consumedEnd);
}

bool ArgParser::leftoverToken(const KernelArgSpec& spec, SourceLocation from, std::string& token,
                              SourceRange& where) {
    for (const SpecLine& l : spec.source) {
        if (l.line < from.line) continue;
        size_t start = 0;
        if (l.line == from.line && from.column > l.column) start = from.column - l.column;
        start = SimReader::skipSpace(l.text, start);
        if (start >= l.text.size()) continue;
        size_t end = SimReader::tokenEnd(l.text, start);
        token = l.text.substr(start, end - start);
        where = {{spec.sourceFile, l.line, static_cast<uint32_t>(l.column + start)},
                 {spec.sourceFile, l.line, static_cast<uint32_t>(l.column + end)}};
        return true;
    }
    return false;
}

namespace {
bool rejectLeftover(const KernelArgSpec& spec, SourceLocation end, uint32_t index,
                    const KernelParamInfo* param, std::vector<Diagnostic>& diags) {
    std::string token;
    SourceRange where;
    if (!ArgParser::leftoverToken(spec, end, token, where)) return true;
    diags.push_back(Diagnostic{Severity::Error,
                               "launch-file",
                               "Unexpected token '" + token + "' (expected end of " +
                                   ArgParser::argumentLabel(index, param) + ")",
                               where,
                               {},
                               {}});
    return false;
}
} // namespace

std::optional<KernelArgSpec> ArgParser::parse(std::string_view text, uint32_t fileId,
                                              uint32_t index, std::vector<Diagnostic>& diags) {
    KernelArgSpec spec;
    spec.source = splitLines(text);
    spec.sourceFile = fileId;
    spec.standalone = true;
    if (!spec.source.empty()) {
        const SpecLine& last = spec.source.back();
        spec.sourceEnd = {fileId, last.line, static_cast<uint32_t>(last.column + last.text.size())};
    } else {
        spec.sourceEnd = {fileId, 1, 1};
    }
    SourceLocation end;
    if (!read(spec, index, nullptr, end, diags)) return std::nullopt;
    if (!rejectLeftover(spec, end, index, nullptr, diags)) return std::nullopt;
    return spec;
}

bool ArgParser::bind(KernelArgSpec& spec, const KernelParamInfo& param, uint32_t index,
                     std::vector<Diagnostic>& diags) {
    SourceLocation end;
    if (!read(spec, index, &param, end, diags)) return false;
    if (spec.standalone) return rejectLeftover(spec, end, index, &param, diags);
    return true;
}

} // namespace clstep::launch
