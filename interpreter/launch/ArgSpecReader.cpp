#include "launch/ArgSpecReader.h"

#include "launch/ArgParser.h"
#include "launch/ImageArgSpec.h"

#include <sstream>

namespace clstep::launch {

namespace {

bool isBufferSpace(ParamAddressSpace s) {
    return s == ParamAddressSpace::Global || s == ParamAddressSpace::Constant;
}

} // namespace

bool ArgSpecReader::run(SourceLocation& consumedEnd) {
    resetSpec();
    if (!readHeader() || !checkHeader() || !readData()) return false;
    consumedEnd = m_consumedEnd;
    return true;
}

void ArgSpecReader::resetSpec() {
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

std::string ArgSpecReader::label() const {
    return ArgParser::argumentLabel(m_index, m_param);
}

Diagnostic& ArgSpecReader::report(Severity severity, SourceRange range, std::string message) {
    m_diags.push_back(
        Diagnostic{severity, DiagnosticKind::LaunchFile, std::move(message), range, {}, {}});
    return m_diags.back();
}

bool ArgSpecReader::fail(SourceRange range, const std::string& message) {
    report(Severity::Error, range, message + " (" + label() + ")");
    return false;
}

bool ArgSpecReader::readHeader() {
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
        return fail({where.begin, m_reader.position()}, "Missing '>' at end of argument header");
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

bool ArgSpecReader::onlyForBuffers() const {
    return !m_param || isBufferSpace(m_param->addressSpace) || isImageParam();
}

bool ArgSpecReader::onlyForGlobal() const {
    return !m_param || m_param->addressSpace == ParamAddressSpace::Global;
}

bool ArgSpecReader::headerToken(const std::string& token, SourceRange range) {
    if (auto type = elementTypeFromName(token)) {
        if (m_spec.writtenType) return fail(range, "Argument type defined multiple times");
        m_spec.writtenType = type;
        m_typeRange = range;
    } else if (token.starts_with("dump")) {
        m_spec.dump = true;
        m_dumpRange = range;
    } else if (token.starts_with("fill")) {
        if (token.size() < 6 || token[4] != '=') return fail(range, "Expected =VALUE after 'fill");
        m_spec.fill = token.substr(5);
        m_fillRange = range;
    } else if (token.starts_with("file")) { // clstep extension (docs/platform.md)
        if (token.size() < 6 || token[4] != '=') return fail(range, "Expected =NAME after 'file'");
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

bool ArgSpecReader::checkHeader() {
    if (m_null) {
        if (m_spec.sizeGiven || !m_spec.fill.empty() || !m_spec.range.empty() || m_spec.noinit ||
            m_spec.dump || !m_spec.file.empty())
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
        if (!m_spec.type) return fail(m_spec.headerRange, "Invalid default kernel argument type");
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
            {m_sizeRange, "clstep accepts at most " + std::to_string(ArgParser::kMaxArgumentBytes) +
                              " bytes for one argument"});
        return false;
    }
    return true;
}

bool ArgSpecReader::isImageParam() const {
    return m_param && imagespec::paramImageDim(m_param->typeName).has_value();
}

bool ArgSpecReader::checkImageHeader() {
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

} // namespace clstep::launch
