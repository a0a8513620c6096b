#include "launch/SimParser.h"

#include "frontend/CompileOptions.h"
#include "launch/ArgParser.h"
#include "launch/SimReader.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace clstep::launch {

namespace {

Diagnostic& report(std::vector<Diagnostic>& diags, Severity severity, SourceRange range,
                   std::string message) {
    diags.push_back(
        Diagnostic{severity, DiagnosticKind::LaunchFile, std::move(message), range, {}, {}});
    return diags.back();
}

bool error(std::vector<Diagnostic>& diags, SourceRange range, std::string message) {
    report(diags, Severity::Error, range, std::move(message));
    return false;
}

/// Reads one .sim file's text into a LaunchConfig (the parse() step).
class SimTextParser {
public:
    SimTextParser(std::string_view text, const std::string& path, uint32_t fileId,
                  std::vector<Diagnostic>& diags)
        : m_text(text), m_fileId(fileId), m_diags(diags), m_lines(ArgParser::splitLines(text)),
          m_reader(m_lines, fileId) {
        m_config.simPath = path;
        m_config.fileId = fileId;
    }

    std::optional<LaunchConfig> run(const KernelSignature* signature) {
        m_config.textEnd = m_reader.location(m_lines.size(), 0);
        if (m_lines.empty()) m_config.textEnd = {m_fileId, 1, 1};
        if (!readDirectives() || !readLaunch() || !checkDirectives() || !splitArguments())
            return std::nullopt;
        if (signature && !SimParser::bind(m_config, *signature, m_diags)) return std::nullopt;
        warnMissingNewline();
        return std::move(m_config);
    }

private:
    SourceRange commentRange(const SpecLine& l) const {
        auto col = static_cast<uint32_t>(l.column + l.text.size());
        return {{m_fileId, l.line, col},
                {m_fileId, l.line, static_cast<uint32_t>(col + l.comment.size())}};
    }

    bool readDirectives() {
        for (const SpecLine& l : m_lines) {
            std::istringstream in(l.comment.empty() ? std::string() : l.comment.substr(1));
            std::string word, key;
            if (!(in >> word) || word != "clstep:") continue;
            SourceRange at = commentRange(l);
            in >> key;
            if (key == "work-dim") {
                uint32_t dims = 0;
                if (!(in >> dims) || dims < 1 || dims > 3 || !(in >> std::ws).eof())
                    return error(m_diags, at, "Invalid clstep directive: work-dim takes 1, 2 or 3");
                m_config.workDim = dims;
            } else if (key == "global-offset") {
                std::array<uint64_t, 3> offset{};
                std::string rest;
                std::getline(in, rest);
                std::istringstream values(rest);
                if (rest.find('-') != std::string::npos ||
                    !(values >> offset[0] >> offset[1] >> offset[2]) || !(values >> std::ws).eof())
                    return error(m_diags, at,
                                 "Invalid clstep directive: global-offset takes X Y Z (>= 0)");
                m_config.globalOffset = offset;
            } else if (key == "device-endian") {
                std::string value;
                if (!(in >> value) || (value != "big" && value != "little") ||
                    !(in >> std::ws).eof())
                    return error(m_diags, at,
                                 "Invalid clstep directive: device-endian takes big or little");
                m_config.deviceBigEndian = value == "big";
            } else if (key == "schedule") {
                std::string name;
                uint64_t seed = 1;
                if (!(in >> name))
                    return error(m_diags, at,
                                 "Invalid clstep directive: schedule "
                                 "takes a policy name and a seed");
                if (!(in >> std::ws).eof() && (!(in >> seed) || !(in >> std::ws).eof()))
                    return error(m_diags, at,
                                 "Invalid clstep directive: the schedule seed is a "
                                 "number");
                m_config.schedule = name;
                m_config.scheduleSeed = seed;
            } else if (key == "checks") {
                std::string list;
                if (!(in >> list) || !(in >> std::ws).eof())
                    return error(m_diags, at,
                                 "Invalid clstep directive: checks takes a comma list or none");
                std::vector<std::string> names;
                std::istringstream items(list);
                for (std::string item; std::getline(items, item, ',');)
                    if (!item.empty() && item != "none") names.push_back(item);
                m_config.checks = names;
            } else if (key == "sub-group-size") {
                int64_t size = 0;
                if (!(in >> size) || size < 1 || size > 1024 || !(in >> std::ws).eof())
                    return error(m_diags, at,
                                 "Invalid clstep directive: sub-group-size takes 1 to 1024 "
                                 "(work-items)");
                m_config.subGroupSize = static_cast<uint32_t>(size);
            } else if (key == "build-options") {
                std::string rest;
                std::getline(in >> std::ws, rest);
                while (!rest.empty() && std::isspace(static_cast<unsigned char>(rest.back())))
                    rest.pop_back();
                CompileOptions check;
                std::string why;
                if (!check.applyBuildOptions(rest, why))
                    return error(m_diags, at, "Invalid clstep directive: build-options: " + why);
                m_config.buildOptions = rest;
            } else if (key == "pin-local") {
                std::string list;
                if (!(in >> list) || !(in >> std::ws).eof())
                    return error(m_diags, at,
                                 "Invalid clstep directive: pin-local takes a comma list of "
                                 "__local parameter names");
                std::istringstream items(list);
                for (std::string item; std::getline(items, item, ',');)
                    if (!item.empty()) m_config.pinnedLocals.push_back(item);
            } else if (key == "local-size") {
                std::string value;
                if (!(in >> value) || value != "auto" || !(in >> std::ws).eof())
                    return error(m_diags, at, "Invalid clstep directive: local-size takes 'auto'");
                m_config.localSizeGiven = false;
            } else {
                report(m_diags, Severity::Warning, at,
                       "Unknown clstep directive '" + key + "' (ignored)");
            }
        }
        return true;
    }

    bool getToken(std::string& out, SourceRange& where, const char* parsing) {
        if (m_reader.get(out, &where) == SimReader::Status::Ok) return true;
        return error(m_diags, {m_config.textEnd, m_config.textEnd},
                     std::string("Unexpected EOF when parsing ") + parsing);
    }

    bool getSizes(std::array<uint64_t, 3>& sizes, SourceRange& range, const char* parsing) {
        for (int i = 0; i < 3; ++i) {
            SourceRange where;
            switch (m_reader.get(sizes[i], &where)) {
            case SimReader::Status::Eof:
                return error(m_diags, {m_config.textEnd, m_config.textEnd},
                             std::string("Unexpected EOF when parsing ") + parsing);
            case SimReader::Status::Fail:
                return error(m_diags, where, std::string("Failed to parse ") + parsing);
            case SimReader::Status::Ok:
                break;
            }
            if (m_reader.lastText().find('-') != std::string::npos) {
                error(m_diags, where, std::string("Failed to parse ") + parsing);
                m_diags.back().notes.push_back({where, "sizes cannot be negative"});
                return false;
            }
            if (i == 0) range.begin = where.begin;
            range.end = where.end;
        }
        return true;
    }

    bool readLaunch() {
        if (!getToken(m_config.kernelFileAsWritten, m_config.kernelFileRange, "program file") ||
            !getToken(m_config.kernelName, m_config.kernelNameRange, "kernel") ||
            !getSizes(m_config.globalSize, m_config.globalSizeRange, "NDRange") ||
            !getSizes(m_config.localSize, m_config.localSizeRange, "work-group size"))
            return false;
        std::filesystem::path kernel(m_config.kernelFileAsWritten);
        if (!m_config.simPath.empty() && kernel.is_relative())
            kernel = std::filesystem::path(m_config.simPath).parent_path() / kernel;
        m_config.kernelFile = kernel.lexically_normal().string();
        for (uint64_t l : m_config.localSize)
            if (l == 0)
                return error(m_diags, m_config.localSizeRange,
                             "Work-group size must not be 0 in any dimension");
        return true;
    }

    bool checkDirectives() {
        const char* axes = "XYZ";
        for (uint32_t d = m_config.workDim; d < 3; ++d) {
            bool offset = m_config.globalOffset && (*m_config.globalOffset)[d] != 0;
            if (m_config.globalSize[d] != 1 || m_config.localSize[d] != 1 || offset)
                return error(m_diags, m_config.globalSizeRange,
                             "work-dim " + std::to_string(m_config.workDim) + ", but dimension " +
                                 axes[d] + " has a size other than 1 or an offset");
        }
        return true;
    }

    /// Cuts the text after the work-group size into one piece per argument: each starts at
    /// the first '<' of a line and runs to the next such '<' (oclgrind reads a header from
    /// its '<' to the last '>' of that line). Text before the first '<' becomes a piece of
    /// its own, which binding then rejects as oclgrind does ("Expected argument header").
    bool splitArguments() {
        KernelArgSpec* current = nullptr;
        auto startPiece = [&](size_t index, size_t offset) {
            SourceLocation at = m_reader.location(index, offset);
            if (current) {
                current->sourceEnd = at;
                current->sourceEndIsHeader = true;
            }
            current = &m_config.args.emplace_back();
            current->sourceFile = m_fileId;
            current->baseDir = std::filesystem::path(m_config.simPath).parent_path().string();
            current->headerRange = {at, at};
        };
        for (size_t i = m_reader.lineIndex(); i < m_lines.size(); ++i) {
            const SpecLine& l = m_lines[i];
            size_t start = i == m_reader.lineIndex() ? m_reader.offset() : 0;
            size_t open = l.text.find('<', start);
            size_t stop = open == std::string::npos ? l.text.size() : open;
            if (!current && SimReader::skipSpace(l.text, start) < stop) {
                start = SimReader::skipSpace(l.text, start);
                startPiece(i, start);
            }
            if (current)
                current->source.push_back({l.line, static_cast<uint32_t>(l.column + start),
                                           l.text.substr(start, stop - start),
                                           open == std::string::npos ? l.comment : ""});
            if (open == std::string::npos) continue;
            startPiece(i, open);
            current->source.push_back(
                {l.line, static_cast<uint32_t>(l.column + open), l.text.substr(open), l.comment});
        }
        if (current) current->sourceEnd = m_config.textEnd;
        return true;
    }

    void warnMissingNewline() {
        if (m_text.empty() || m_text.back() == '\n') return;
        const SpecLine& last = m_lines.back();
        if (SimReader::skipSpace(last.text, 0) >= last.text.size()) return;
        report(m_diags, Severity::Warning, {m_config.textEnd, m_config.textEnd},
               "no newline at end of file: oclgrind-kernel does not read the last line of such "
               "a file");
    }

    std::string_view m_text;
    uint32_t m_fileId;
    std::vector<Diagnostic>& m_diags;
    std::vector<SpecLine> m_lines;
    SimReader m_reader;
    LaunchConfig m_config;
};

/// oclgrind reads nothing after the last argument's values: the rest of that line is ignored
/// and any further token (even a comment) is "Unexpected token '...' (expected EOF)".
bool checkTrailing(const std::vector<KernelArgSpec>& args, size_t first, SourceLocation end,
                   std::vector<Diagnostic>& diags) {
    bool ignoredReported = false;
    std::optional<SourceRange> comment;
    std::string commentToken;
    for (size_t a = first; a < args.size(); ++a) {
        const KernelArgSpec& spec = args[a];
        for (const SpecLine& l : spec.source) {
            if (l.line < end.line) continue;
            size_t start = 0;
            if (l.line == end.line && a == first && end.column > l.column)
                start = end.column - l.column;
            size_t s = SimReader::skipSpace(l.text, std::min(start, l.text.size()));
            size_t e = SimReader::tokenEnd(l.text, s);
            SourceRange at{{spec.sourceFile, l.line, static_cast<uint32_t>(l.column + s)},
                           {spec.sourceFile, l.line, static_cast<uint32_t>(l.column + e)}};
            if (l.line == end.line) {
                if (s < l.text.size() && !ignoredReported) {
                    std::string message = "'";
                    message.append(l.text, s, e - s);
                    message += "' after the last argument is ignored (as oclgrind-kernel does)";
                    report(diags, Severity::Warning, at, std::move(message));
                    ignoredReported = true;
                }
                continue;
            }
            if (s < l.text.size()) {
                std::string raw = l.text + l.comment;
                return error(diags, at,
                             "Unexpected token '" + raw.substr(s, SimReader::tokenEnd(raw, s) - s) +
                                 "' (expected EOF)");
            }
            if (!l.comment.empty() && !comment) {
                auto col = static_cast<uint32_t>(l.column + l.text.size());
                commentToken = l.comment.substr(0, SimReader::tokenEnd(l.comment, 0));
                comment = SourceRange{
                    {spec.sourceFile, l.line, col},
                    {spec.sourceFile, l.line, static_cast<uint32_t>(col + commentToken.size())}};
            }
        }
    }
    if (comment)
        report(diags, Severity::Warning, *comment,
               "oclgrind-kernel rejects a comment after the last argument (\"Unexpected token '" +
                   commentToken + "' (expected EOF)\")");
    return true;
}

} // namespace

std::optional<LaunchConfig> SimParser::parseFile(SourceManager& sources, const std::string& path,
                                                 std::vector<Diagnostic>& diags,
                                                 const KernelSignature* signature) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        error(diags, {}, "Unable to open simulator file. (" + path + ")");
        return std::nullopt;
    }
    std::ostringstream text;
    text << in.rdbuf();
    uint32_t id = sources.addFile(path, text.str());
    auto config = parse(sources.text(id), path, id, diags, signature);
    if (config && !std::filesystem::exists(config->kernelFile)) {
        error(diags, config->kernelFileRange, "Unable to open " + config->kernelFileAsWritten);
        return std::nullopt;
    }
    return config;
}

std::optional<LaunchConfig> SimParser::parse(std::string_view text, const std::string& path,
                                             uint32_t fileId, std::vector<Diagnostic>& diags,
                                             const KernelSignature* signature) {
    SimTextParser parser(text, path, fileId, diags);
    return parser.run(signature);
}

bool SimParser::readUnbound(LaunchConfig& config, std::vector<Diagnostic>& diags) {
    for (size_t i = 0; i < config.args.size(); ++i) {
        KernelArgSpec& spec = config.args[i];
        auto index = static_cast<uint32_t>(i);
        SourceLocation end;
        if (!ArgParser::read(spec, index, nullptr, end, diags)) return false;
        std::string token;
        SourceRange where;
        if (!spec.standalone && i + 1 < config.args.size() &&
            ArgParser::leftoverToken(spec, end, token, where))
            return error(diags, where,
                         "Expected argument header <...> (" +
                             ArgParser::argumentLabel(index + 1, nullptr) + ")");
    }
    return true;
}

bool SimParser::bind(LaunchConfig& config, const KernelSignature& signature,
                     std::vector<Diagnostic>& diags) {
    config.argsBound = false;
    if (signature.requiresUniformWorkGroups && config.localSizeGiven) {
        for (int d = 0; d < 3; ++d)
            if (config.localSize[d] != 0 && config.globalSize[d] % config.localSize[d] != 0)
                return error(diags, config.localSizeRange,
                             "Work group size must divide NDRange exactly.");
    }
    const auto& params = signature.params;
    SourceLocation end = config.localSizeRange.end;
    uint64_t budget = config.memoryBudgetBytes; // bytes of buffer contents still allowed
    for (size_t i = 0; i < params.size(); ++i) {
        auto index = static_cast<uint32_t>(i);
        if (i >= config.args.size()) {
            SourceLocation at = config.args.empty() ? config.textEnd : config.args.back().sourceEnd;
            if (!config.args.empty() && config.args.back().standalone) at = {};
            return error(diags, {at, at},
                         "Unexpected EOF when parsing " +
                             ArgParser::argumentLabel(index, &params[i]));
        }
        KernelArgSpec& spec = config.args[i];
        if (spec.standalone) {
            if (!ArgParser::bind(spec, params[i], index, diags)) return false;
            continue;
        }
        spec.contentsBudget = budget;
        if (!ArgParser::read(spec, index, &params[i], end, diags)) return false;
        if (spec.kind == ArgKind::Buffer || spec.kind == ArgKind::Image)
            budget -= std::min(budget, spec.size);
        std::string token;
        SourceRange where;
        if (i + 1 < params.size() && ArgParser::leftoverToken(spec, end, token, where))
            return error(diags, where,
                         "Expected argument header <...> (" +
                             ArgParser::argumentLabel(index + 1, &params[i + 1]) + ")");
    }
    size_t extra = params.size();
    if (extra < config.args.size()) {
        const KernelArgSpec& spec = config.args[extra];
        if (spec.standalone)
            return error(diags, spec.headerRange,
                         "Too many arguments: kernel '" + config.kernelName + "' has " +
                             std::to_string(params.size()) + " parameters");
    }
    // The last argument's own leftovers, then any further specifications.
    size_t first = params.empty() ? 0 : params.size() - 1;
    if (!(params.empty() && config.args.empty()) && first < config.args.size() &&
        !config.args[first].standalone && !checkTrailing(config.args, first, end, diags))
        return false;
    config.args.resize(params.size()); // drop text that oclgrind ignores (warned about)
    config.argsBound = true;
    return true;
}

} // namespace clstep::launch
