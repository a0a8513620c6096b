#include "launch/ArgParser.h"

#include "launch/ArgSpecReader.h"
#include "launch/SimReader.h"

namespace clstep::launch {

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
    ArgSpecReader reader(spec, index, param, diags);
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
                               DiagnosticKind::LaunchFile,
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
