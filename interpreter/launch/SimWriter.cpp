#include "launch/SimWriter.h"

#include "launch/ArgParser.h"

#include <charconv>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <type_traits>

namespace clstep::launch {

namespace {

constexpr size_t kValuesPerLine = 16;

bool report(std::vector<Diagnostic>& diags, Severity severity, SourceRange range,
            std::string message) {
    diags.push_back(
        Diagnostic{severity, DiagnosticKind::LaunchFile, std::move(message), range, {}, {}});
    return severity != Severity::Error;
}

/// One value in a form oclgrind-kernel reads back to the same bits.
template <typename T>
std::string valueText(T value, bool hex) {
    char buffer[64];
    std::to_chars_result r;
    if constexpr (std::is_floating_point_v<T>)
        r = std::to_chars(buffer, buffer + sizeof buffer, value);
    else
        r = std::to_chars(buffer, buffer + sizeof buffer, value, hex ? 16 : 10);
    return std::string(buffer, r.ptr);
}

template <typename T>
std::vector<std::string> valueTexts(const std::vector<uint8_t>& bytes, bool hex) {
    std::vector<std::string> out;
    out.reserve(bytes.size() / sizeof(T));
    for (size_t i = 0; i + sizeof(T) <= bytes.size(); i += sizeof(T)) {
        T value;
        std::memcpy(&value, bytes.data() + i, sizeof(T));
        out.push_back(valueText(value, hex));
    }
    return out;
}

std::vector<std::string> valueTexts(ElementType type, const std::vector<uint8_t>& bytes, bool hex) {
    switch (type) {
    case ElementType::Char:
        return valueTexts<int8_t>(bytes, hex);
    case ElementType::UChar:
        return valueTexts<uint8_t>(bytes, hex);
    case ElementType::Short:
        return valueTexts<int16_t>(bytes, hex);
    case ElementType::UShort:
        return valueTexts<uint16_t>(bytes, hex);
    case ElementType::Int:
        return valueTexts<int32_t>(bytes, hex);
    case ElementType::UInt:
        return valueTexts<uint32_t>(bytes, hex);
    case ElementType::Long:
        return valueTexts<int64_t>(bytes, hex);
    case ElementType::ULong:
        return valueTexts<uint64_t>(bytes, hex);
    case ElementType::Float:
        return valueTexts<float>(bytes, hex);
    case ElementType::Double:
        return valueTexts<double>(bytes, hex);
    default: // no element type (isElementType)
        return {};
    }
}

template <typename T>
bool allFinite(const std::vector<uint8_t>& bytes) {
    for (size_t i = 0; i + sizeof(T) <= bytes.size(); i += sizeof(T)) {
        T value;
        std::memcpy(&value, bytes.data() + i, sizeof(T));
        if (!std::isfinite(value)) return false;
    }
    return true;
}

/// True if `token` can be written as one .sim token.
bool isPlainToken(const std::string& token) {
    if (token.empty()) return false;
    for (char c : token)
        if (std::isspace(static_cast<unsigned char>(c)) || c == '#') return false;
    return true;
}

std::string joinSizes(const std::array<uint64_t, 3>& sizes) {
    return std::to_string(sizes[0]) + " " + std::to_string(sizes[1]) + " " +
           std::to_string(sizes[2]) + "\n";
}

std::string kernelPath(const LaunchConfig& config, const std::string& simPath) {
    if (simPath.empty() || config.kernelFile.empty())
        return config.kernelFileAsWritten.empty() ? config.kernelFile : config.kernelFileAsWritten;
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::path base = fs::absolute(fs::path(simPath), ec).parent_path();
    fs::path kernel = fs::absolute(fs::path(config.kernelFile), ec).lexically_normal();
    fs::path relative = kernel.lexically_relative(base);
    return (relative.empty() ? kernel : relative).generic_string();
}

} // namespace

std::optional<std::string> SimWriter::writeArgument(const KernelArgSpec& spec, uint32_t index,
                                                    std::vector<Diagnostic>& diags) {
    const std::string label =
        ArgParser::argumentLabel(index, nullptr) + (spec.name.empty() ? "" : ": " + spec.name);
    std::vector<std::string> header;
    std::vector<std::string> values;
    if (spec.kind == ArgKind::Null) {
        header.push_back("null");
        if (spec.writtenType) header.emplace_back(elementTypeName(*spec.writtenType));
        if (spec.hex) header.push_back("hex");
    } else {
        std::optional<ElementType> type = spec.writtenType;
        bool hex = spec.hex;
        bool initializer =
            spec.noinit || !spec.fill.empty() || !spec.range.empty() || !spec.file.empty();
        bool noinit = spec.noinit;
        if (!initializer && spec.kind != ArgKind::Local) {
            if (spec.contentsKnown && spec.type) {
                if (spec.bytes.size() != spec.size) {
                    report(diags, Severity::Error, spec.headerRange,
                           "cannot write " + label + ": it has " +
                               std::to_string(spec.bytes.size()) +
                               " bytes but size=" + std::to_string(spec.size));
                    return std::nullopt;
                }
                type = spec.type;
                bool finite = *type == ElementType::Float    ? allFinite<float>(spec.bytes)
                              : *type == ElementType::Double ? allFinite<double>(spec.bytes)
                                                             : true;
                if (!finite) {
                    type = *type == ElementType::Float ? ElementType::UInt : ElementType::ULong;
                    hex = true;
                    report(diags, Severity::Warning, spec.headerRange,
                           label +
                               " holds inf or NaN, which a .sim file cannot spell: written as " +
                               std::string(elementTypeName(*type)) +
                               " hex bits (its dump shows integers)");
                }
                values = valueTexts(*type, spec.bytes, hex);
            } else if (!spec.valueTokens.empty()) {
                values = spec.valueTokens;
            } else if (spec.kind == ArgKind::Buffer) {
                noinit = true;
                report(diags, Severity::Warning, spec.headerRange,
                       label + " has no initial contents: written as noinit");
            }
        }
        if (!spec.imageSize.empty()) {
            std::string sizes;
            for (uint64_t n : spec.imageSize)
                sizes += (sizes.empty() ? "" : "x") + std::to_string(n);
            header.push_back("image=" + sizes);
            header.push_back("format=" + std::string(image::orderName(spec.imageFormat.order)) +
                             "/" + std::string(image::typeName(spec.imageFormat.type)));
        } else {
            header.push_back("size=" + std::to_string(spec.size));
        }
        if (type) header.emplace_back(elementTypeName(*type));
        if (hex) header.push_back("hex");
        if (spec.readOnly) header.push_back("ro");
        if (spec.writeOnly) header.push_back("wo");
        if (spec.dump) header.push_back("dump");
        if (noinit) header.push_back("noinit");
        if (!spec.fill.empty()) header.push_back("fill=" + spec.fill);
        if (!spec.range.empty()) header.push_back("range=" + spec.range);
        if (!spec.file.empty()) header.push_back("file=" + spec.file);
    }
    for (const std::string& token : header) {
        if (!isPlainToken(token) || token.find('>') != std::string::npos) {
            report(diags, Severity::Error, spec.headerRange,
                   "cannot write " + label + ": header token '" + token + "' is not one word");
            return std::nullopt;
        }
    }
    std::string out = "<";
    for (size_t i = 0; i < header.size(); ++i)
        out += (i ? " " : "") + header[i];
    out += ">\n";
    for (size_t i = 0; i < values.size(); ++i) {
        if (!isPlainToken(values[i]) || values[i].find('<') != std::string::npos) {
            report(diags, Severity::Error, spec.headerRange,
                   "cannot write " + label + ": value '" + values[i] + "' is not one word");
            return std::nullopt;
        }
        out += values[i];
        out += (i + 1) % kValuesPerLine == 0 || i + 1 == values.size() ? "\n" : " ";
    }
    return out;
}

std::string SimWriter::argumentFileName(size_t index, const std::string& name) {
    return "arg" + std::to_string(index) + "-" + name + ".bin";
}

std::optional<std::string> SimWriter::write(const LaunchConfig& config,
                                            std::vector<Diagnostic>& diags,
                                            const std::string& simPath) {
    std::string out;
    if (config.workDim != 3) out += "# clstep: work-dim " + std::to_string(config.workDim) + "\n";
    if (config.globalOffset) out += "# clstep: global-offset " + joinSizes(*config.globalOffset);
    if (!config.localSizeGiven) out += "# clstep: local-size auto\n";
    if (config.deviceBigEndian)
        out += std::string("# clstep: device-endian ") +
               (*config.deviceBigEndian ? "big" : "little") + "\n";
    if (config.schedule)
        out += "# clstep: schedule " + *config.schedule + " " +
               std::to_string(config.scheduleSeed) + "\n";
    if (config.subGroupSize)
        out += "# clstep: sub-group-size " + std::to_string(*config.subGroupSize) + "\n";
    if (config.buildOptions && !config.buildOptions->empty())
        out += "# clstep: build-options " + *config.buildOptions + "\n";
    if (config.checks) {
        std::string list;
        for (const std::string& c : *config.checks)
            list += (list.empty() ? "" : ",") + c;
        out += "# clstep: checks " + (list.empty() ? std::string("none") : list) + "\n";
    }

    std::string kernel = kernelPath(config, simPath);
    if (!isPlainToken(kernel) || !isPlainToken(config.kernelName)) {
        report(diags, Severity::Error, config.kernelFileRange,
               "cannot write the launch: the kernel file and kernel name must be single words "
               "without '#' (got '" +
                   kernel + "' and '" + config.kernelName + "')");
        return std::nullopt;
    }
    out += kernel + "\n" + config.kernelName + "\n";
    out += joinSizes(config.globalSize);
    out += config.localSizeGiven ? joinSizes(config.localSize) : "1 1 1\n";

    for (size_t i = 0; i < config.args.size(); ++i) {
        const KernelArgSpec& spec = config.args[i];
        out += "\n";
        if (isPlainToken(spec.name)) out += "# " + spec.name + "\n";
        auto text = writeArgument(spec, static_cast<uint32_t>(i), diags);
        if (!text) return std::nullopt;
        out += *text;
    }
    return out;
}

} // namespace clstep::launch
