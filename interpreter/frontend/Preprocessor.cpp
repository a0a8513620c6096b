#include "frontend/WaveHooks.h" // first: configures Boost.Wave

#include "frontend/ArgumentDirectiveFilter.h"

#include "common/DeepStackThread.h"
#include "core/MemorySemantics.h"
#include "frontend/OpenClFeatures.h"
#include "frontend/Preprocessor.h"
#include "frontend/PreprocessorOutput.h"

#include <boost/wave/util/filesystem_compatibility.hpp>

#include <mutex>
#include <new>

namespace clstep {

namespace {

using namespace detail;

/// Stack for the preprocessing thread: Wave expands macros and evaluates #if expressions
/// recursively, so deeply nested input needs far more than the default 8 MB. Only the pages
/// actually touched are committed.
constexpr size_t kWaveStackSize = size_t(512) << 20;
/// Exceptions in a row without any token delivered before giving up.
constexpr int kMaxExceptionsInARow = 1000;

/// Wave's name for the main file: it makes the path absolute the same way.
std::string waveMainName(const std::string& path) {
    if (path.empty()) return "<Unknown>";
    if (path == "<Unknown>" || path == "<stdin>") return path;
    try {
        return wave::util::complete_path(boost::filesystem::path(path)).string();
    } catch (...) {
        return path;
    }
}

void defineMacros(WaveContext& ctx, WaveState& state, const PreprocessorOptions& options) {
    for (const char* name : {"__WAVE__", "__WAVE_VERSION__", "__WAVE_VERSION_STR__",
                             "__WAVE_CONFIG__", "__WAVE_HAS_VARIADICS__", "__SPIRIT_PP__",
                             "__SPIRIT_PP_VERSION__", "__SPIRIT_PP_VERSION_STR__"})
        ctx.remove_macro_definition(std::string(name), true);

    const std::string version = std::to_string(options.clVersion);
    const std::string kernelExec = "(X,typen)=__kernel __attribute__((work_group_size_hint(X, 1, "
                                   "1))) __attribute__((vec_type_hint(typen)))";
    std::vector<std::string> defs = {
        "__OPENCL_VERSION__=" + version,
        "__OPENCL_C_VERSION__=" + version,
        "CL_VERSION_1_0=100",
        "CL_VERSION_1_1=110",
        "CL_VERSION_1_2=120",
        "CL_VERSION_2_0=200",
        "CL_VERSION_3_0=300",
        "__kernel_exec" + kernelExec,
        "kernel_exec" + kernelExec,
        "cl_khr_fp64=1",
        "cl_khr_fp16=1",
        "cl_khr_global_int32_base_atomics=1",
        "cl_khr_global_int32_extended_atomics=1",
        "cl_khr_local_int32_base_atomics=1",
        "cl_khr_local_int32_extended_atomics=1",
        "cl_khr_int64_base_atomics=1",
        "cl_khr_int64_extended_atomics=1",
        "cl_khr_byte_addressable_store=1",
        "cl_khr_3d_image_writes=1",
    };
    if (options.deviceLittleEndian) defs.push_back("__ENDIAN_LITTLE__=1");
    // CL_DEVICE_IMAGE_SUPPORT is CL_TRUE (OpenCL C 1.2 6.10: 1 if images are supported).
    defs.push_back("__IMAGE_SUPPORT__=1");
    if (options.clVersion >= 200) {
        // 6.13.11.4 memory_order and 6.13.11.5 memory_scope values (core/MemorySemantics.h,
        // as clang numbers them), 6.13.11.2 initialisation macros.
        for (auto names : {memoryOrderNames(), memoryScopeNames()})
            for (const MemorySemanticsName& n : names)
                defs.push_back(std::string(n.name) + "=" + std::to_string(n.value));
        for (const char* d : {"ATOMIC_VAR_INIT(x)=(x)", "ATOMIC_FLAG_INIT=0"})
            defs.push_back(d);
    }
    // OpenCL C 3.0 optional features (3.0 spec 6.2.1): exactly those the platform advertises
    // (frontend/OpenClFeatures.h), each from the -cl-std version it is listed with.
    for (const OpenClFeature& feature : openClFeatures())
        if (options.clVersion >= feature.sinceVersion)
            defs.push_back(std::string(feature.name) + "=1");
    defs.insert(defs.end(), options.predefined.begin(), options.predefined.end());
    // clstep's own definitions directly as tokens: Wave's string form parses each definition
    // with a grammar that makes a new lexer per token it looks at (about 100,000 instructions
    // each: two thirds of clstep-cli's start-up). The token form is what that string form ends
    // in: the name, the parameter names and the body's tokens, at Wave's "<command line>"
    // position. A body of digits is one integer literal; the other bodies are lexed together,
    // one per line, by one lexer. The user's -D definitions keep the string form (its errors).
    const WavePosition commandLine("<command line>");
    struct Definition {
        std::string name;
        bool function = false;
        std::vector<WaveToken> parameters;
        WaveContext::token_sequence_type body;
    };
    std::vector<Definition> parsed(defs.size());
    std::string bodies; // the bodies that need the lexer, one per line
    std::vector<size_t> lexedBody;
    for (size_t i = 0; i < defs.size(); ++i) {
        const std::string& def = defs[i];
        Definition& d = parsed[i];
        const size_t eq = std::min(def.find('='), def.size());
        const size_t paren = def.find('(');
        d.function = paren < eq;
        d.name = def.substr(0, d.function ? paren : eq);
        if (d.function) { // "NAME(A,B)=BODY": the parameter names, without the commas
            const std::string list = def.substr(paren + 1, def.find(')') - paren - 1);
            for (size_t from = 0; from <= list.size();) {
                const size_t comma = std::min(list.find(',', from), list.size());
                d.parameters.emplace_back(wave::T_IDENTIFIER,
                                          WaveString(list.substr(from, comma - from).c_str()),
                                          commandLine);
                from = comma + 1;
            }
        }
        const std::string body = eq < def.size() ? def.substr(eq + 1) : "1";
        if (!body.empty() && body.find_first_not_of("0123456789") == std::string::npos) {
            d.body.push_back(WaveToken(wave::T_INTLIT, WaveString(body.c_str()), commandLine));
        } else {
            bodies += body + "\n";
            lexedBody.push_back(i);
        }
    }
    if (!bodies.empty()) {
        size_t line = 0;
        WaveLexIterator it(bodies.cbegin(), bodies.cend(), commandLine, ctx.get_language()), last;
        for (; it != last && line < lexedBody.size(); ++it) {
            const wave::token_id id = wave::token_id(*it);
            if (id == wave::T_EOF) break;
            if (id == wave::T_NEWLINE) {
                ++line;
                continue;
            }
            WaveContext::token_sequence_type& body = parsed[lexedBody[line]].body;
            if (body.empty() && IS_CATEGORY(id, wave::WhiteSpaceTokenType)) continue;
            body.push_back(*it);
        }
    }
    for (Definition& d : parsed)
        ctx.add_macro_definition(d.name, commandLine, d.function, d.parameters, d.body);
    for (const std::string& def : options.defines) {
        // A macro defined again: identically is allowed (C99 6.10.3p2; Wave then returns
        // false); differently is a warning and the last definition wins, as in clang.
        const std::string name = def.substr(0, def.find_first_of("=("));
        const bool wasDefined = ctx.is_defined_macro(name);
        try {
            if (!ctx.add_macro_definition(def, false) && !wasDefined)
                state.report(Severity::Error, "invalid macro definition '" + def + "'", {});
        } catch (const wave::cpp_exception& e) {
            if (wasDefined && e.get_errorcode() == wave::preprocess_exception::macro_redefinition) {
                state.report(Severity::Warning, "'" + name + "' macro redefined", {});
                try {
                    ctx.remove_macro_definition(name);
                    ctx.add_macro_definition(def, false);
                } catch (const wave::cpp_exception& again) {
                    state.reportException(again);
                }
            } else {
                state.reportException(e);
            }
        } catch (const wave::cpplexer::cpplexer_exception& e) {
            state.reportException(e);
        }
    }
}

bool isWhitespaceToken(wave::token_id id) {
    switch (id) {
    case wave::T_SPACE:
    case wave::T_SPACE2:
    case wave::T_NEWLINE:
    case wave::T_GENERATEDNEWLINE:
    case wave::T_CONTLINE:
    case wave::T_CCOMMENT:
    case wave::T_CPPCOMMENT:
    case wave::T_EOF:
    case wave::T_EOI:
    case wave::T_PLACEHOLDER:
    case wave::T_PLACEMARKER:
        return true;
    default:
        return false;
    }
}

PragmaTokenKind pragmaKind(wave::token_id id) {
    switch (id) {
    case wave::T_NEWLINE:
    case wave::T_GENERATEDNEWLINE:
    case wave::T_EOF:
        return PragmaTokenKind::Newline;
    case wave::T_LEFTPAREN:
        return PragmaTokenKind::LeftParen;
    case wave::T_RIGHTPAREN:
        return PragmaTokenKind::RightParen;
    case wave::T_STRINGLIT:
        return PragmaTokenKind::String;
    default:
        return isWhitespaceToken(id) ? PragmaTokenKind::Whitespace : PragmaTokenKind::Other;
    }
}

/// Takes the tokens Wave delivers: whitespace, pragmas, leftovers of failed or unknown
/// directives and invalid characters are handled here, everything else goes to the output.
class TokenSink {
public:
    TokenSink(WaveState& state, OutputBuilder& out, PreprocessedSource& result)
        : m_state(state), m_out(out), m_result(result) {}

    void handle(const WaveToken& tok) {
        const wave::token_id id = wave::token_id(tok);
        const auto& value = tok.get_value();
        const std::string_view text(value.c_str(), value.size());
        if (m_pragma.active()) {
            PragmaCollector::Result r = m_pragma.feed(pragmaKind(id), text);
            if (r.done) {
                if (!r.extension.empty()) m_result.extensionPragmas.push_back(r.extension);
                if (!r.problem.empty()) m_state.report(r.severity, r.problem, r.at, 7);
                m_out.whitespace();
            }
            return;
        }
        if (m_skipLine) { // the rest of a directive line Wave let through
            if (id == wave::T_NEWLINE || id == wave::T_EOF) {
                m_skipLine = false;
                m_out.whitespace();
            }
            return;
        }
        if (isWhitespaceToken(id)) {
            m_out.whitespace();
            return;
        }
        bool fromSource = true;
        SourceLocation loc = m_state.mapToken(tok.get_position(), fromSource);
        if (id == wave::T_PP_PRAGMA) {
            m_pragma.beginDirective(loc);
        } else if (IS_CATEGORY(id, wave::PPTokenType)) {
            m_skipLine = true; // a directive that failed: its error is reported already
        } else if (id == wave::T_IDENTIFIER && text == "_Pragma") {
            m_pragma.beginOperator(loc);
        } else if (id == wave::T_UNKNOWN || IS_CATEGORY(id, wave::UnknownTokenType)) {
            reportInvalidCharacter(std::string(text), loc);
            m_out.whitespace();
        } else {
            m_out.token(text, loc, fromSource);
        }
    }

private:
    /// Reports a character the lexer could not make a token of (once per line).
    void reportInvalidCharacter(const std::string& value, SourceLocation at) {
        if (at.valid() && at.file == m_lastInvalid.file && at.line == m_lastInvalid.line) return;
        m_lastInvalid = at;
        std::string msg;
        if (value == "\"") {
            msg = "unterminated string literal";
        } else if (value == "'") {
            msg = "unterminated character constant";
        } else if (value.size() == 1 && value[0] > 0x20 && value[0] < 0x7f) {
            msg = "invalid character '" + value + "'";
        } else {
            static const char* hex = "0123456789ABCDEF";
            unsigned char c = value.empty() ? 0 : static_cast<unsigned char>(value[0]);
            msg = std::string("invalid character 0x") + hex[c >> 4] + hex[c & 15];
        }
        m_state.report(Severity::Error, std::move(msg), at);
    }

    WaveState& m_state;
    OutputBuilder& m_out;
    PreprocessedSource& m_result;
    PragmaCollector m_pragma;
    bool m_skipLine = false;
    SourceLocation m_lastInvalid;
};

/// Wave can go on after its recoverable errors, and (tested) after a bad macro argument count.
bool canContinue(const wave::cpp_exception& e) {
    using PE = wave::preprocess_exception;
    return e.is_recoverable() || e.get_errorcode() == PE::too_few_macroarguments ||
           e.get_errorcode() == PE::too_many_macroarguments;
}

/// One preprocessing run on the current thread. May throw only std::bad_alloc.
void preprocess(SourceManager& sources, uint32_t fileId, const PreprocessorOptions& options,
                PreprocessedSource& result) {
    WaveState state(sources, result, options);
    const std::string mainName = waveMainName(sources.path(fileId));
    const std::string mainText = state.openMainFile(mainName, fileId);
    OutputBuilder out(result, fileId, mainText.size());

    WaveHooks hooks(&state);
    WaveContext ctx(mainText.cbegin(), mainText.cend(), mainName.c_str(), hooks);
    // Pure C99 (need_c99() compares the non-option bits exactly, so no other flag may be added).
    // A missing final newline cannot happen: prepareLexerInput adds one.
    ctx.set_language(wave::language_support(
        wave::support_c99 | wave::support_option_emit_pragma_directives |
        wave::support_option_insert_whitespace | wave::support_option_include_guard_detection |
        wave::support_option_prefer_pp_numbers));
    ctx.set_max_include_nesting_depth(kMaxIncludeDepth);
    defineMacros(ctx, state, options);

    TokenSink sink(state, out, result);
    // From here on, the files Wave lexes go through the filter of directives inside the
    // arguments of macro calls.
    ArgumentDirectiveFilter::RunScope filterScope(ctx, state);
    int exceptionsInARow = 0;
    bool advance = false;
    try {
        WaveContext::iterator_type it = ctx.begin();
        const WaveContext::iterator_type end = ctx.end();
        while (!state.tooManyErrors()) {
            try {
                if (advance) {
                    ++it; // if this throws, the next round advances again
                    advance = false;
                }
                if (it == end) break;
                const WaveToken& tok = *it;
                advance = true;
                exceptionsInARow = 0;
                sink.handle(tok);
            } catch (const ExpansionAborted&) {
                if (++exceptionsInARow > kMaxExceptionsInARow) break;
                state.syncFileStack(ctx.get_iteration_depth());
            } catch (const wave::cpp_exception& e) {
                state.reportException(e);
                if (!canContinue(e) || ++exceptionsInARow > kMaxExceptionsInARow) break;
                state.syncFileStack(ctx.get_iteration_depth());
            } catch (const wave::cpplexer::cpplexer_exception& e) {
                state.reportException(e);
                if (!e.is_recoverable() || ++exceptionsInARow > kMaxExceptionsInARow) break;
                state.syncFileStack(ctx.get_iteration_depth());
            }
        }
    } catch (const ExpansionAborted&) { // reported already
    } catch (const wave::cpp_exception& e) {
        state.reportException(e);
    } catch (const wave::cpplexer::cpplexer_exception& e) {
        state.reportException(e);
    } catch (const std::bad_alloc&) {
        throw;
    } catch (const std::exception& e) {
        state.report(Severity::Error, std::string("internal preprocessor error: ") + e.what(), {});
    }
    out.finish();
}

/// An error without a source position.
Diagnostic plainError(std::string message) {
    Diagnostic d;
    d.severity = Severity::Error;
    d.kind = DiagnosticKind::Preprocessor;
    d.message = std::move(message);
    return d;
}

struct Job {
    SourceManager* sources;
    uint32_t fileId;
    const PreprocessorOptions* options;
    PreprocessedSource* result;
};

void runJob(Job& job) noexcept {
    try {
        preprocess(*job.sources, job.fileId, *job.options, *job.result);
    } catch (const std::bad_alloc&) {
        job.result->diagnostics.push_back(plainError("out of memory while preprocessing"));
    } catch (...) {
        job.result->diagnostics.push_back(plainError("internal preprocessor error"));
    }
}

} // namespace

PreprocessedSource Preprocessor::run(SourceManager& sources, uint32_t fileId,
                                     const PreprocessorOptions& options) {
    PreprocessedSource result;
    if (fileId == 0 || fileId > sources.fileCount()) {
        result.diagnostics.push_back(plainError("no such source file"));
        return result;
    }
    // Wave keeps some global state (Spirit grammars): one run at a time.
    static std::mutex mutex;
    std::lock_guard<std::mutex> lock(mutex);

    Job job{&sources, fileId, &options, &result};
    // Wave recurses deeply (nested macro calls, #if expressions): a stack of its own.
    runOnDeepStack([&job] { runJob(job); }, kWaveStackSize);
    return result;
}

} // namespace clstep
