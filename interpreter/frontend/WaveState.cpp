#include "frontend/WaveHooks.h" // first: configures Boost.Wave

#include "frontend/PreprocessorInput.h"

#include <filesystem>
#include <fstream>
#include <iterator>

namespace clstep::detail {

namespace fs = std::filesystem;

namespace {

std::string absolutePath(const std::string& p) {
    std::error_code ec;
    fs::path abs = fs::absolute(fs::path(p), ec);
    return (ec ? fs::path(p) : abs).lexically_normal().string();
}

bool isReadableFile(const std::string& path) {
    std::error_code ec;
    return fs::is_regular_file(fs::path(path), ec);
}

bool readFile(const std::string& path, std::string& text) {
    if (!isReadableFile(path)) return false;
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    return !in.bad();
}

std::string trimmed(std::string s) {
    size_t b = s.find_first_not_of(" \t\r\n");
    if (b == std::string::npos) return {};
    size_t e = s.find_last_not_of(" \t\r\n");
    return s.substr(b, e - b + 1);
}

/// Wave descriptions read "<severity>: <error text>: <details>"; returns the details.
std::string details(const char* description, const char* severityText, const char* errorText) {
    std::string d(description);
    std::string prefix = std::string(severityText) + ": " + errorText;
    if (d.compare(0, prefix.size(), prefix) != 0) return trimmed(d);
    d.erase(0, prefix.size());
    if (d.compare(0, 1, ":") == 0) d.erase(0, 1);
    return trimmed(d);
}

/// "#foo" from "#  foo bar".
std::string directiveName(const std::string& line) {
    size_t b = line.find_first_not_of(" \t", line.compare(0, 1, "#") == 0 ? 1 : 0);
    if (b == std::string::npos) return line;
    size_t e = line.find_first_of(" \t(", b + 1);
    return "#" + line.substr(b, e == std::string::npos ? std::string::npos : e - b);
}

std::string quoted(const std::string& s) {
    return s.empty() ? std::string() : " '" + s + "'";
}

} // namespace

WaveState::WaveState(SourceManager& sources, PreprocessedSource& result,
                     const PreprocessorOptions& options)
    : m_sources(sources), m_result(result) {
    for (const std::string& dir : options.includeDirs)
        if (!dir.empty()) m_includeDirs.push_back(absolutePath(dir));
}

// ---- files ---------------------------------------------------------------------------------

std::string WaveState::openMainFile(const std::string& waveName, uint32_t fileId) {
    m_fileIds[waveName] = fileId;
    m_lastName = waveName;
    m_lastId = fileId;
    m_fileStack.clear();
    pushFile(waveName, fileId);
    LexerInput in = prepareLexerInput(m_sources.text(fileId));
    noteInput(fileId, in);
    return std::move(in.text);
}

bool WaveState::openIncludedFile(const std::string& waveName, std::string& lexerText) {
    uint32_t id = fileIdOf(waveName);
    if (id == 0) {
        id = m_sources.findFile(waveName);
        if (id == 0) {
            std::string text;
            if (!readFile(waveName, text)) return false;
            id = m_sources.addFile(waveName, std::move(text));
        }
        m_fileIds[waveName] = id;
        m_lastName = waveName; // fileIdOf cached it as unknown
        m_lastId = id;
    }
    LexerInput in = prepareLexerInput(m_sources.text(id));
    noteInput(id, in);
    lexerText = std::move(in.text);
    pushFile(waveName, id);
    return true;
}

void WaveState::noteInput(uint32_t id, const LexerInput& in) {
    if (!m_checkedFiles.insert(id).second) return;
    for (const InputProblem& p : in.problems)
        report(p.severity, p.message, SourceLocation{id, p.line, p.column});
    for (const ConditionalDirective& c : in.unclosedConditionals)
        m_unclosed[id].push_back(OpenConditional{c, false});
    for (uint32_t line : in.lineMarkers)
        m_lineMarkers[id].insert(line);
}

void WaveState::pushFile(const std::string& waveName, uint32_t id) {
    m_fileStack.push_back(OpenFile{waveName, id, {}});
    m_expActive = false;
    m_expDepth = 0;
}

void WaveState::closeIncludedFile() {
    if (m_fileStack.size() > 1) m_fileStack.pop_back();
    m_expActive = false;
    m_expDepth = 0;
}

void WaveState::syncFileStack(size_t waveDepth) {
    while (m_fileStack.size() > waveDepth + 1)
        m_fileStack.pop_back();
    m_expDepth = 0;
}

bool WaveState::locateInclude(const std::string& request, bool isSystem, const char* currentName,
                              std::string& dirPath, std::string& nativeName) {
    if (request.empty()) return false;
    std::vector<fs::path> candidates;
    fs::path req(request);
    if (req.is_absolute()) {
        candidates.push_back(req);
    } else {
        size_t firstDir = 0;
        if (currentName != nullptr) { // #include_next: continue after the current file's dir
            std::string dir = fs::path(currentName).parent_path().lexically_normal().string();
            for (size_t i = 0; i < m_includeDirs.size(); ++i)
                if (fs::path(m_includeDirs[i]).lexically_normal().string() == dir) firstDir = i + 1;
        } else if (!isSystem) {
            const std::string& current = m_fileStack.empty() ? "" : m_fileStack.back().waveName;
            fs::path dir = fs::path(current).parent_path();
            if (dir.empty() || current.empty() || current.front() == '<') {
                std::error_code ec;
                dir = fs::current_path(ec);
            }
            candidates.push_back(dir / req);
        }
        for (size_t i = firstDir; i < m_includeDirs.size(); ++i)
            candidates.push_back(fs::path(m_includeDirs[i]) / req);
    }
    for (const fs::path& c : candidates) {
        std::string name = c.lexically_normal().string();
        if (m_fileIds.count(name) != 0 || m_sources.findFile(name) != 0 || isReadableFile(name)) {
            nativeName = name;
            dirPath = fs::path(name).parent_path().string();
            return true;
        }
    }
    return false;
}

uint32_t WaveState::fileIdOf(std::string_view name) {
    if (name == m_lastName) return m_lastId;
    auto it = m_fileIds.find(std::string(name));
    m_lastName.assign(name);
    m_lastId = it == m_fileIds.end() ? 0 : it->second;
    return m_lastId;
}

// ---- macro expansion sites -----------------------------------------------------------------

void WaveState::beginExpansion(const WavePosition& call, const WavePosition* end) {
    uint32_t file = fileIdOf(call.get_file());
    Loc at = locOf(call);
    bool topLevel = file != 0 && file == currentFileId() &&
                    (!m_expActive || m_expFile != file || at > m_expEnd);
    if (topLevel) {
        m_expActive = true;
        m_expFile = file;
        m_expSite = at;
        m_expEnd = at;
        m_expDepth = 1;
        m_expWork = 0;
    } else if (++m_expDepth > kMaxExpansionDepth) {
        m_expDepth = 0;
        report(Severity::Error,
               "macro invocations nested too deeply (more than " +
                   std::to_string(kMaxExpansionDepth) + " levels)",
               SourceLocation{m_expFile, m_expSite.line, m_expSite.column});
        throw ExpansionAborted{};
    }
    // A function-like macro's arguments may extend the use past its name (also when the
    // name itself came out of another expansion: `#define F G` then `F(1)`).
    if (end != nullptr && m_expActive && fileIdOf(end->get_file()) == m_expFile) {
        Loc e = locOf(*end);
        if (e > m_expEnd) m_expEnd = e;
    }
}

void WaveState::addExpansionWork(size_t tokens) {
    m_expWork += tokens;
    m_totalWork += tokens;
    if (m_expWork <= kMaxExpansionWork && m_totalWork <= kMaxTotalExpansionWork) return;
    const bool total = m_totalWork > kMaxTotalExpansionWork;
    m_expWork = 0;
    m_expDepth = 0;
    report(Severity::Error,
           total ? "macro expansions too large in total (more than " +
                       std::to_string(kMaxTotalExpansionWork) + " tokens), preprocessing stopped"
                 : "macro expansion too large (more than " + std::to_string(kMaxExpansionWork) +
                       " tokens)",
           SourceLocation{m_expFile, m_expSite.line, m_expSite.column});
    if (total) m_errorCount = kMaxErrors; // stop the run
    throw ExpansionAborted{};
}

void WaveState::endExpansion() {
    if (m_expDepth > 0) --m_expDepth;
}

SourceLocation WaveState::mapToken(const WavePosition& pos, bool& fromSource) {
    uint32_t file = fileIdOf(pos.get_file());
    Loc at = locOf(pos);
    fromSource = true;
    if (m_expActive) {
        if (file == m_expFile && at > m_expEnd) {
            m_expActive = false; // past the macro use: ordinary source again
        } else if (file != m_expFile || at < m_expSite) {
            fromSource = false; // from a macro definition: report at the use
            return SourceLocation{m_expFile, m_expSite.line, m_expSite.column};
        }
    }
    if (file == 0) return {};
    return SourceLocation{file, at.line, std::max<uint32_t>(at.column, 1)};
}

// ---- #line ---------------------------------------------------------------------------------

void WaveState::noteLineDirective(const WavePosition& directive, uint32_t lastLine, uint32_t line,
                                  const std::string& name) {
    m_pendingLineFile = fileIdOf(directive.get_file());
    if (m_pendingLineFile == 0 || m_pendingLineFile != currentFileId()) {
        m_pendingLineFile = 0; // not a line of the file being read: nothing to apply
        return;
    }
    m_pendingLine.realLine = lastLine + 1;
    m_pendingLine.presumedLine = line;
    m_pendingLine.name = name;
}

void WaveState::applyLineDirective() {
    if (m_pendingLineFile == 0 || m_pendingLineFile != currentFileId()) return;
    std::vector<LineDirective>& directives = m_fileStack.back().lineDirectives;
    if (m_pendingLine.name.empty()) // `#line N` keeps the presumed name
        m_pendingLine.name =
            directives.empty() ? m_fileStack.back().waveName : directives.back().name;
    directives.push_back(std::move(m_pendingLine));
    m_pendingLine = {};
    m_pendingLineFile = 0;
}

bool WaveState::presumedPosition(const WavePosition& pos, WavePosition& presumed) {
    const uint32_t file = fileIdOf(pos.get_file());
    if (file == 0) return false;
    const uint32_t line = static_cast<uint32_t>(pos.get_line());
    for (auto open = m_fileStack.rbegin(); open != m_fileStack.rend(); ++open) {
        if (open->id != file) continue;
        for (auto d = open->lineDirectives.rbegin(); d != open->lineDirectives.rend(); ++d) {
            if (d->realLine > line) continue;
            presumed = pos;
            presumed.set_file(WaveString(d->name.c_str()));
            presumed.set_line(d->presumedLine + (line - d->realLine));
            return true;
        }
        return false;
    }
    return false;
}

// ---- conditionals --------------------------------------------------------------------------

bool WaveState::onDirective(const WaveToken& directive) {
    switch (wave::token_id(directive)) {
    case wave::T_PP_LINE:
        return false; // Wave reads it; the presumed positions are kept apart (#line below)
    case wave::T_PP_PRAGMA:
        return isEmptyPragma(directive); // Wave 1.74 crashes on these
    default:
        return false;
    }
}

bool WaveState::isEmptyPragma(const WaveToken& directive) const {
    const WavePosition& pos = directive.get_position();
    auto file = m_fileIds.find(std::string(pos.get_file().c_str()));
    if (file == m_fileIds.end()) return false;
    uint32_t line = static_cast<uint32_t>(pos.get_line());
    // The token may be spelled `#pragma`, `# pragma`, `??=pragma`, `%:pragma`...
    size_t from = m_sources.lineText(file->second, line).find("pragma", pos.get_column() - 1);
    if (from == std::string_view::npos) return true; // unusual spelling: ignoring it is safe
    from += 6;
    for (;; ++line, from = 0) { // follow line splices
        std::string_view text = m_sources.lineText(file->second, line);
        std::string_view rest = from < text.size() ? text.substr(from) : std::string_view();
        size_t last = rest.find_last_not_of(" \t\f\v\r");
        if (last == std::string_view::npos) return true;
        if (rest[last] != '\\' || rest.find_first_not_of(" \t\f\v\r") != last) return false;
    }
}

void WaveState::reportUnterminatedConditional(SourceLocation at, const std::string& name) {
    auto file = m_unclosed.find(at.file);
    if (file != m_unclosed.end())
        for (OpenConditional& c : file->second)
            if (c.directive.line == at.line) {
                if (c.reported) return;
                c.reported = true;
            }
    report(Severity::Error, "unterminated " + name, at, static_cast<uint32_t>(name.size()));
}

void WaveState::reportUnterminatedConditionals(uint32_t file, SourceLocation fallback) {
    bool known = false;
    for (auto& [id, list] : m_unclosed) {
        if (file != 0 && id != file) continue;
        for (OpenConditional& c : list) {
            known = true;
            if (c.reported) continue;
            c.reported = true;
            report(Severity::Error, "unterminated " + c.directive.name,
                   SourceLocation{id, c.directive.line, c.directive.column},
                   static_cast<uint32_t>(c.directive.name.size()));
        }
    }
    if (!known) report(Severity::Error, "unterminated #if", fallback);
}

// ---- diagnostics ---------------------------------------------------------------------------

bool WaveState::report(Severity severity, std::string message, SourceLocation at, uint32_t length) {
    if (tooManyErrors()) return false;
    if (severity == Severity::Error) ++m_errorCount;
    Diagnostic d;
    d.severity = severity;
    d.kind = DiagnosticKind::Preprocessor;
    d.message = std::move(message);
    if (at.valid()) d.range = SourceRange{at, SourceLocation{at.file, at.line, at.column + length}};
    m_result.diagnostics.push_back(std::move(d));
    if (tooManyErrors()) {
        Diagnostic stop;
        stop.severity = Severity::Error;
        stop.kind = DiagnosticKind::Preprocessor;
        stop.message = "too many errors, preprocessing stopped";
        m_result.diagnostics.push_back(std::move(stop));
        return false;
    }
    return true;
}

bool WaveState::isBadConditionalExpression(const wave::preprocess_exception& e) {
    if (e.get_errorcode() != wave::preprocess_exception::ill_formed_expression) return false;
    std::string_view d = e.description();
    return d.find("defined():") == std::string_view::npos &&
           d.find("__has_include():") == std::string_view::npos &&
           d.find("_Pragma") == std::string_view::npos;
}

void WaveState::reportException(const wave::cpp_exception& e) {
    using PE = wave::preprocess_exception;
    const int code = e.get_errorcode();
    const std::string extra =
        details(e.description(), PE::severity_text(code), PE::error_text(code));
    SourceLocation at{fileIdOf(std::string_view(e.file_name())), static_cast<uint32_t>(e.line_no()),
                      static_cast<uint32_t>(std::max<size_t>(e.column_no(), 1))};
    if (at.file == 0) at = {};
    if (at.valid() && at.column == 1) { // Wave gives directives column 1: point at the '#'
        std::string_view text = m_sources.lineText(at.file, at.line);
        size_t hash = text.find_first_not_of(" \t");
        if (hash != std::string_view::npos && text[hash] == '#')
            at.column = static_cast<uint32_t>(hash + 1);
    }

    Severity severity = Severity::Error;
    switch (e.get_severity()) {
    case wave::util::severity_remark:
        severity = Severity::Note;
        break;
    case wave::util::severity_warning:
        severity = Severity::Warning;
        break;
    default:
        break;
    }
    std::string msg;
    switch (code) {
    case PE::last_line_not_terminated:
        return;
    case PE::missing_matching_endif:
        reportUnterminatedConditionals(m_fileStack.empty() ? 0 : m_fileStack.front().id, at);
        return;
    case PE::unbalanced_if_endif:
        reportUnterminatedConditionals(at.file, at);
        return;
    case PE::bad_include_file:
        msg = "cannot open include file '" + extra + "'";
        break;
    case PE::bad_include_statement:
        msg = "malformed #include directive" + quoted(extra);
        break;
    case PE::ill_formed_directive: {
        auto markers = m_lineMarkers.find(at.file);
        if (markers != m_lineMarkers.end() && markers->second.count(at.line) != 0)
            return; // a GNU line marker: accepted and ignored like #line
        msg = "invalid preprocessing directive" + quoted(directiveName(extra));
        break;
    }
    case PE::error_directive:
        msg = "#error:" + (extra.empty() ? "" : " " + extra);
        break;
    case PE::warning_directive:
        msg = "#warning:" + (extra.empty() ? "" : " " + extra);
        break;
    case PE::ill_formed_expression:
        severity = Severity::Error;
        if (extra.rfind("defined():", 0) == 0)
            msg = "'defined' must be followed by a macro name";
        else
            msg = "invalid preprocessor expression" + quoted(extra);
        break;
    case PE::missing_matching_if:
        msg = quoted(extra).substr(1) + " without matching #if";
        break;
    case PE::macro_redefinition:
        msg = "macro" + quoted(extra) + " redefined";
        break;
    case PE::too_few_macroarguments:
        severity = Severity::Error;
        msg = "too few arguments in invocation of macro" + quoted(extra);
        break;
    case PE::too_many_macroarguments:
        severity = Severity::Error;
        msg = "too many arguments in invocation of macro" + quoted(extra);
        break;
    case PE::bad_line_statement: // C99 6.10.4p5: not `#line digits ["name"]` after expansion
    case PE::bad_line_filename:
        severity = Severity::Error;
        msg = "malformed #line directive" + quoted(extra);
        break;
    case PE::improperly_terminated_macro:
        msg = "unterminated macro invocation (missing ')')";
        break;
    case PE::invalid_concat:
        msg = "pasting" + quoted(extra) + " does not give a valid preprocessing token";
        break;
    case PE::division_by_zero:
        severity = Severity::Error;
        msg = "division by zero in preprocessor expression" + quoted(extra);
        break;
    case PE::integer_overflow:
        msg = "integer overflow in preprocessor expression";
        break;
    case PE::include_nesting_too_deep:
        msg = "#include nested too deeply (more than " + std::to_string(kMaxIncludeDepth) +
              " levels; does a file include itself?)";
        break;
    case PE::bad_define_statement:
        msg = "malformed #define directive" + quoted(extra);
        break;
    case PE::bad_undefine_statement:
        msg = "cannot #undef predefined macro" + quoted(extra);
        break;
    case PE::illegal_redefinition:
        msg = "cannot redefine predefined macro" + quoted(extra);
        break;
    case PE::duplicate_parameter_name:
        msg = "duplicate macro parameter" + quoted(extra);
        break;
    case PE::bad_macro_definition:
        msg = "invalid macro definition" + quoted(extra);
        break;
    case PE::pragma_message_directive:
        msg = "#pragma message: " + extra;
        break;
    default:
        msg = PE::error_text(code);
        if (!extra.empty()) msg += ": " + extra;
        break;
    }
    report(severity, std::move(msg), at);
}

void WaveState::reportException(const wave::cpplexer::cpplexer_exception& e) {
    using LE = wave::cpplexer::lexing_exception;
    const int code = e.get_errorcode();
    std::string msg = details(e.description(), LE::severity_text(code), LE::error_text(code));
    if (msg.empty()) msg = LE::error_text(code);
    SourceLocation at{fileIdOf(std::string_view(e.file_name())), static_cast<uint32_t>(e.line_no()),
                      static_cast<uint32_t>(std::max<size_t>(e.column_no(), 1))};
    if (at.file == 0) at = {};
    report(e.get_severity() == wave::cpplexer::util::severity_warning ? Severity::Warning
                                                                      : Severity::Error,
           std::move(msg), at);
}

} // namespace clstep::detail
