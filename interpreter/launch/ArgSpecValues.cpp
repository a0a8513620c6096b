#include "launch/ArgSpecReader.h"

#include "launch/ArgParser.h"
#include "launch/ImageArgSpec.h"

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
    default: // no element type (ElementType is a scalar kind: isElementType)
        return false;
    }
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

} // namespace

std::filesystem::path ArgSpecReader::filePath() const {
    std::filesystem::path p(m_spec.file);
    if (p.is_relative() && !m_spec.baseDir.empty()) p = std::filesystem::path(m_spec.baseDir) / p;
    return p;
}

bool ArgSpecReader::fileSizeAsArgumentSize() {
    std::error_code ec;
    uint64_t bytes = std::filesystem::file_size(filePath(), ec);
    if (ec) return fail(m_fileRange, "cannot read '" + filePath().string() + "': " + ec.message());
    m_spec.size = bytes;
    m_spec.sizeGiven = true;
    return true;
}

bool ArgSpecReader::readFile() {
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
        return fail(m_fileRange, "cannot read " + std::to_string(m_spec.size) + " bytes from '" +
                                     path.string() + "'");
    m_spec.contentsKnown = true;
    return true;
}

bool ArgSpecReader::readPng() {
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

bool ArgSpecReader::readPngTexels() {
    std::string why = m_png.texels(m_spec.image, m_spec.bytes);
    if (!why.empty()) return fail(m_pngRange, why);
    m_spec.contentsKnown = true;
    return true;
}

bool ArgSpecReader::readData() {
    if (m_param && m_param->addressSpace == ParamAddressSpace::Local) {
        m_spec.kind = ArgKind::Local;
        if (!m_spec.fill.empty() || !m_spec.range.empty() || !m_spec.file.empty())
            report(Severity::Warning,
                   m_fillRange.valid()    ? m_fillRange
                   : m_rangeRange.valid() ? m_rangeRange
                                          : m_fileRange,
                   "a __local argument has no contents: this initializer is ignored (" + label() +
                       ")");
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
    if (!m_param && m_spec.fill.empty() && m_spec.range.empty() && m_reader.atEnd()) return true;
    if ((!m_spec.fill.empty() || !m_spec.range.empty()) && m_spec.size > m_spec.contentsBudget) {
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

bool ArgSpecReader::checkScalarSize() {
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

void ArgSpecReader::collectTokens() {
    std::string token;
    SourceRange where;
    while (m_reader.get(token, &where) == SimReader::Status::Ok) {
        m_spec.valueTokens.push_back(token);
        m_consumedEnd = where.end;
    }
}

void ArgSpecReader::setHexFormat(std::istream& in) const {
    in.setf(m_spec.hex ? std::ios_base::hex : std::ios_base::dec, std::ios_base::basefield);
}

template <typename T>
bool ArgSpecReader::readFill() {
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
bool ArgSpecReader::readRange() {
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
    const size_t start = m_spec.bytes.size();
    try {
        m_spec.bytes.resize(start + m_spec.size);
    } catch (const std::bad_alloc&) {
        return fail(m_rangeRange,
                    "Out of host memory for " + std::to_string(m_spec.size) + " bytes of range");
    }
    // each element's bytes in place (an insert per element took 60 instructions: 1M-element
    // ranges were a fifth of a short benchmark's run)
    uint8_t* out = m_spec.bytes.data() + start;
    T value = v[0];
    for (size_t i = 0, count = m_spec.size / sizeof(T); i < count; ++i) {
        std::memcpy(out + i * sizeof(T), &value, sizeof(T));
        value = rangeStep(value, v[1]);
    }
    m_spec.contentsKnown = true;
    return true;
}

template <typename T>
bool ArgSpecReader::readValues() {
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

bool ArgSpecReader::missingValues(uint64_t found, uint64_t count) {
    SourceRange at{m_spec.sourceEnd, m_spec.sourceEnd};
    report(Severity::Error, at,
           (m_spec.sourceEndIsHeader ? "Failed to parse " : "Unexpected EOF when parsing ") +
               label());
    addCountNote(found, count);
    return false;
}

void ArgSpecReader::addCountNote(uint64_t found, uint64_t count) {
    m_diags.back().notes.push_back(
        {m_spec.headerRange, label() + " needs " + std::to_string(count) + " values of type " +
                                 std::string(elementTypeName(*m_spec.type)) +
                                 " (size=" + std::to_string(m_spec.size) + "), " +
                                 std::to_string(found) + " given"});
}

} // namespace clstep::launch
