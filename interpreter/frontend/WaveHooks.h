#pragma once

// Private to the preprocessor implementation (Preprocessor.cpp, WaveState.cpp): the
// Boost.Wave context type, its hooks and its input policy, and the state they share.
// Boost types must not leak beyond these files.

// `#pragma OPENCL EXTENSION cl_khr_fp64 : enable` must reach us unexpanded (cl_khr_fp64 is a
// macro). This only affects Wave's header-only iterator, instantiated in our files.
#ifndef BOOST_WAVE_PREPROCESS_PRAGMA_BODY
#define BOOST_WAVE_PREPROCESS_PRAGMA_BODY 0
#endif
#if BOOST_WAVE_PREPROCESS_PRAGMA_BODY != 0
#error "WaveHooks.h must be the first Boost.Wave include"
#endif
// Hostile input reaches states Wave's internal BOOST_ASSERTs consider impossible (e.g. a bad
// `#elif` in a skipped group); it copes with them in release builds, so debug builds must not
// abort there either.
#ifndef BOOST_DISABLE_ASSERTS
#define BOOST_DISABLE_ASSERTS
#endif

#include "common/Diagnostic.h"
#include "common/SourceManager.h"
#include "frontend/PreprocessedSource.h"
#include "frontend/Preprocessor.h"
#include "frontend/PreprocessorInput.h"

// GCC reports these from inside Boost.Wave and Spirit after inlining, where the system-header
// exemption no longer applies; they are not about our code.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wfree-nonheap-object"
#pragma GCC diagnostic ignored "-Wrestrict"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

#include <boost/wave.hpp>
#include <boost/wave/cpplexer/cpp_lex_iterator.hpp>
#include <boost/wave/cpplexer/cpp_lex_token.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace clstep::detail {

namespace wave = boost::wave;

using WaveToken = wave::cpplexer::lex_token<>;
using WaveLexIterator = wave::cpplexer::lex_iterator<WaveToken>;
using WavePosition = WaveToken::position_type;
using WaveString = WavePosition::string_type;

/// Deepest nesting of macro invocations (a macro call in an argument of a macro call ...).
/// Wave expands recursively; deeper nests are left unexpanded with an error.
inline constexpr int kMaxExpansionDepth = 2000;
/// Most tokens Wave may copy (collected arguments plus expansion results) for one macro use
/// in the source, and for the whole run. Beyond that the input is a macro bomb or a
/// pathological nest, and Wave's (superlinear) work is cut short with an error.
inline constexpr size_t kMaxExpansionWork = 250'000;
inline constexpr size_t kMaxTotalExpansionWork = 10'000'000;
/// After this many errors the preprocessor stops.
inline constexpr size_t kMaxErrors = 100;
/// Deepest #include nesting (named in the diagnostic). Lower than clang's 200:
/// Wave's cost grows with the depth, and real kernels nest a handful of levels.
inline constexpr size_t kMaxIncludeDepth = 64;

/// Thrown from a hook to abandon a macro expansion nested too deeply (reported already):
/// leaving it unexpanded instead would make Wave rescan the rest of the nest at every level.
struct ExpansionAborted {};

/// Everything the Wave hooks, the input policy and the output loop share for one run.
class WaveState {
public:
    WaveState(SourceManager& sources, PreprocessedSource& result,
              const PreprocessorOptions& options);

    // ---- files ---------------------------------------------------------------------------
    /// Registers the main file under Wave's name for it; returns the text for the lexer.
    std::string openMainFile(const std::string& waveName, uint32_t fileId);
    /// Loads an included file (SourceManager text if registered, else from disk), registers
    /// it, and pushes it as the current file. Returns false if it cannot be read.
    bool openIncludedFile(const std::string& waveName, std::string& lexerText);
    /// Wave left the current included file.
    void closeIncludedFile();
    /// Re-aligns the file stack with Wave's include depth after an exception.
    void syncFileStack(size_t waveDepth);
    /// Finds an #include target; see PreprocessorOptions. Returns false if not found.
    bool locateInclude(const std::string& request, bool isSystem, const char* currentName,
                       std::string& dirPath, std::string& nativeName);
    /// The SourceManager id of a Wave file name (0 if unknown, e.g. "<command line>").
    uint32_t fileIdOf(std::string_view waveName);
    uint32_t fileIdOf(const WaveString& waveName) {
        return fileIdOf(std::string_view(waveName.c_str(), waveName.size()));
    }

    // ---- macro expansion sites -----------------------------------------------------------
    /// A macro is about to be expanded at `call` (function-like: `end` is its ')').
    /// Throws ExpansionAborted when macro invocations are nested too deeply.
    void beginExpansion(const WavePosition& call, const WavePosition* end);
    /// Wave copied `tokens` tokens for the current expansion (arguments or a result).
    /// Throws ExpansionAborted when the expansion is too large.
    void addExpansionWork(size_t tokens);
    /// The expansion started by the matching beginExpansion finished rescanning.
    void endExpansion();
    /// Where a token delivered by Wave at `pos` comes from: its own position, or the use site
    /// of the macro whose expansion produced it. `fromSource` says which. Invalid if unknown.
    SourceLocation mapToken(const WavePosition& pos, bool& fromSource);

    // ---- #line (C99 6.10.4) --------------------------------------------------------------
    // Token positions always stay those of the real files (diagnostics and the source map
    // point there); the presumed line and file name that `#line` sets are kept here, and
    // only `__LINE__` and `__FILE__` see them (WaveHooks::expanding_object_like_macro).
    /// Wave read `#line` at `directive` (the position of its line) with the digit sequence
    /// `line` and the string literal's contents `name` (empty if there is none) whose last
    /// token is on `lastLine`. It takes effect at applyLineDirective (Wave calls that only if
    /// the directive is valid).
    void noteLineDirective(const WavePosition& directive, uint32_t lastLine, uint32_t line,
                           const std::string& name);
    /// Wave applies the #line noted last: from the source line after it on, the current file
    /// has that presumed line number (counting on by one per line) and presumed name.
    void applyLineDirective();
    /// The presumed position (C99 6.10.4) of the real position `pos`, as the `#line`
    /// directives of its file so far make it; false (and `presumed` unchanged) if none applies.
    bool presumedPosition(const WavePosition& pos, WavePosition& presumed);

    // ---- conditionals --------------------------------------------------------------------
    /// Wave found a directive (not all of them in skipped groups). Returns true to ignore it.
    bool onDirective(const WaveToken& directive);
    /// Reports `#if`/`#ifdef`/`#ifndef` (`name`) at `at` as unterminated, once (also if the
    /// file's scan listed it).
    void reportUnterminatedConditional(SourceLocation at, const std::string& name);
    /// The file:line:col of a token Wave's lexer read from a file (no macro mapping).
    SourceLocation fileLocation(const WavePosition& pos) {
        const uint32_t file = fileIdOf(pos.get_file());
        if (file == 0) return {};
        return SourceLocation{file, static_cast<uint32_t>(pos.get_line()),
                              std::max<uint32_t>(static_cast<uint32_t>(pos.get_column()), 1)};
    }

    // ---- diagnostics ---------------------------------------------------------------------
    /// Adds a diagnostic; returns false once too many errors were reported.
    bool report(Severity severity, std::string message, SourceLocation at, uint32_t length = 1);
    /// Converts a Wave preprocessing exception into a diagnostic.
    void reportException(const wave::cpp_exception& e);
    /// Converts a Wave lexer exception into a diagnostic.
    void reportException(const wave::cpplexer::cpplexer_exception& e);
    /// True for the error Wave's #if expression evaluator raises for a malformed expression.
    static bool isBadConditionalExpression(const wave::preprocess_exception& e);
    /// True once kMaxErrors errors were reported (the run must stop).
    bool tooManyErrors() const { return m_errorCount >= kMaxErrors; }

private:
    struct Loc {
        uint32_t line = 0;
        uint32_t column = 0;
        friend auto operator<=>(const Loc&, const Loc&) = default;
    };
    static Loc locOf(const WavePosition& p) {
        return Loc{static_cast<uint32_t>(p.get_line()), static_cast<uint32_t>(p.get_column())};
    }
    uint32_t currentFileId() const { return m_fileStack.empty() ? 0 : m_fileStack.back().id; }
    void pushFile(const std::string& waveName, uint32_t id);
    /// Reports the problems of a file's lexer input and records its line markers and open
    /// conditionals, once per file.
    void noteInput(uint32_t id, const LexerInput& in);
    /// Reports the conditionals left open in `file` (all files if 0), once each.
    void reportUnterminatedConditionals(uint32_t file, SourceLocation fallback);
    /// True for a `#pragma` with nothing after it on its line.
    bool isEmptyPragma(const WaveToken& directive) const;

    /// From the real line `realLine` of a file on, presumed line `presumedLine` of `name`.
    struct LineDirective {
        uint32_t realLine = 0;
        uint32_t presumedLine = 0;
        std::string name; ///< Wave's form: unescaped, as __FILE__ escapes it again
    };
    struct OpenFile {
        std::string waveName;
        uint32_t id;
        std::vector<LineDirective> lineDirectives; ///< in the order of their lines
    };

    SourceManager& m_sources;
    PreprocessedSource& m_result;
    std::vector<std::string> m_includeDirs; // absolute
    std::unordered_map<std::string, uint32_t> m_fileIds;
    std::unordered_set<uint32_t> m_checkedFiles; // lexer-input problems already reported
    /// file id -> lines holding GNU line markers
    std::unordered_map<uint32_t, std::unordered_set<uint32_t>> m_lineMarkers;
    std::string m_lastName;
    uint32_t m_lastId = 0;
    std::vector<OpenFile> m_fileStack;
    /// The #line noted last, for the file m_pendingLineFile (0: none pending).
    LineDirective m_pendingLine;
    uint32_t m_pendingLineFile = 0;

    bool m_expActive = false;
    uint32_t m_expFile = 0;
    Loc m_expSite;
    Loc m_expEnd;
    int m_expDepth = 0;
    size_t m_expWork = 0;
    size_t m_totalWork = 0;

    /// file id -> conditionals without #endif in that file; `reported` once reported
    struct OpenConditional {
        ConditionalDirective directive;
        bool reported = false;
    };
    std::unordered_map<uint32_t, std::vector<OpenConditional>> m_unclosed;
    size_t m_errorCount = 0;
    bool m_stopReported = false;
};

/// Wave preprocessing hooks: forward to WaveState.
class WaveHooks : public wave::context_policies::default_preprocessing_hooks {
public:
    explicit WaveHooks(WaveState* state = nullptr) : m_state(state) {}
    WaveState& state() const { return *m_state; }

    template <typename ContextT, typename TokenT, typename ContainerT, typename IteratorT>
    bool expanding_function_like_macro(ContextT const&, TokenT const&, std::vector<TokenT> const&,
                                       ContainerT const&, TokenT const& macrocall,
                                       std::vector<ContainerT> const& arguments, IteratorT const&,
                                       IteratorT const& seqend) {
        m_state->beginExpansion(macrocall.get_position(), &(*seqend).get_position());
        size_t tokens = 0;
        for (const ContainerT& argument : arguments)
            tokens += argument.size();
        m_state->addExpansionWork(tokens);
        return false;
    }

    /// Also where Wave expands `__LINE__` and `__FILE__`: from its main position (the
    /// position of the token being expanded, or of the outermost macro use), which is a real
    /// one. For the expansion only, the main position becomes the presumed one that `#line`
    /// set (C99 6.10.4), so Wave's own code makes the number and the string; expanded_macro
    /// puts the real one back.
    template <typename ContextT, typename TokenT, typename ContainerT>
    bool expanding_object_like_macro(ContextT const& ctx, TokenT const& macrodef, ContainerT const&,
                                     TokenT const& macrocall) {
        m_state->beginExpansion(macrocall.get_position(), nullptr);
        const auto& name = macrodef.get_value();
        if ((name == "__LINE__" || name == "__FILE__") &&
            macrodef.get_position().get_file() == "<built-in>") {
            // The context is not const: Wave hands its hooks a const view of it.
            WavePosition& mainPos = const_cast<ContextT&>(ctx).get_main_pos();
            WavePosition presumed = mainPos;
            if (m_state->presumedPosition(mainPos, presumed)) {
                m_realMainPos = mainPos;
                m_restoreMainPos = true;
                mainPos = presumed;
            }
        }
        return false;
    }

    template <typename ContextT, typename ContainerT>
    void expanded_macro(ContextT const& ctx, ContainerT const& result) {
        if (m_restoreMainPos) {
            const_cast<ContextT&>(ctx).get_main_pos() = m_realMainPos;
            m_restoreMainPos = false;
        }
        m_state->addExpansionWork(result.size());
    }

    template <typename ContextT, typename ContainerT>
    void rescanned_macro(ContextT const&, ContainerT const&) {
        m_state->endExpansion();
    }

    template <typename ContextT>
    bool locate_include_file(ContextT&, std::string& file_path, bool is_system,
                             char const* current_name, std::string& dir_path,
                             std::string& native_name) {
        return m_state->locateInclude(file_path, is_system, current_name, dir_path, native_name);
    }

    template <typename ContextT>
    void returning_from_include_file(ContextT const&) {
        m_state->closeIncludedFile();
    }

    template <typename ContextT, typename TokenT>
    bool found_directive(ContextT const&, TokenT const& directive) {
        return m_state->onDirective(directive);
    }

    /// `#line line "filename"`: noted; Wave applies it through the lexer's set_position.
    template <typename ContextT, typename ContainerT>
    void found_line_directive(ContextT const& ctx, ContainerT const& arguments, unsigned int line,
                              std::string const& filename) {
        const WavePosition& at = ctx.get_main_pos();
        size_t lastLine = at.get_line(); // the directive's last line (after line splices)
        for (const auto& token : arguments)
            if (token.get_position().get_file() == at.get_file())
                lastLine = std::max(lastLine, token.get_position().get_line());
        m_state->noteLineDirective(at, static_cast<uint32_t>(lastLine), static_cast<uint32_t>(line),
                                   filename.empty()
                                       ? std::string()
                                       : std::string(wave::util::impl::unescape_lit(filename)));
    }

    /// A malformed `#if`/`#elif` expression is reported without throwing: Wave then treats the
    /// condition as false and keeps its #if/#endif stack intact. (Only errors of the
    /// expression evaluator: after a bad `defined`, `__has_include` or `_Pragma` Wave would
    /// loop if it went on.)
    template <typename ContextT, typename ExceptionT>
    void throw_exception(ContextT const&, ExceptionT const& e) {
        if constexpr (std::is_base_of_v<wave::preprocess_exception, ExceptionT>) {
            if (WaveState::isBadConditionalExpression(e)) {
                m_state->reportException(e);
                return;
            }
        }
        boost::throw_exception(e);
    }

private:
    WaveState* m_state;
    WavePosition m_realMainPos; ///< while `__LINE__`/`__FILE__` see the presumed position
    bool m_restoreMainPos = false;
};

/// Wave input policy: included files come from WaveState (SourceManager or disk), made safe
/// for the lexer by prepareLexerInput.
struct WaveInputPolicy {
    template <typename IterContextT>
    class inner {
    public:
        template <typename PositionT>
        static void init_iterators(IterContextT& iterCtx, PositionT const& actPos,
                                   wave::language_support language) {
            using iterator_type = typename IterContextT::iterator_type;
            WaveState& state = iterCtx.ctx.get_hooks().state();
            if (!state.openIncludedFile(std::string(iterCtx.filename.c_str()), iterCtx.instring)) {
                BOOST_WAVE_THROW_CTX(iterCtx.ctx, wave::preprocess_exception, bad_include_file,
                                     iterCtx.filename.c_str(), actPos);
                return;
            }
            iterCtx.first = iterator_type(iterCtx.instring.begin(), iterCtx.instring.end(),
                                          PositionT(iterCtx.filename), language);
            iterCtx.last = iterator_type();
        }

    private:
        std::string instring;
    };
};

/// Makes the lexer of one file (main or included): Wave's own lexer, behind an
/// ArgumentDirectiveFilter while a preprocessing run is active on this thread (see
/// ArgumentDirectiveFilter.h). Defined in ArgumentDirectiveFilter.cpp.
wave::cpplexer::lex_input_interface<WaveToken>* newFileLexer(std::string::const_iterator first,
                                                             std::string::const_iterator last,
                                                             const WavePosition& pos,
                                                             wave::language_support language);

/// The token iterator over one file that the Wave context reads: Wave's lex_iterator (a
/// multi_pass over a lexer, so copies share the tokens read), over newFileLexer's lexer.
class FileLexIterator : public wave::cpplexer::make_multi_pass<
                            wave::cpplexer::impl::lex_iterator_functor_shim<WaveToken>>::type {
    using InputPolicy = wave::cpplexer::impl::lex_iterator_functor_shim<WaveToken>;
    using Base = wave::cpplexer::make_multi_pass<InputPolicy>::type;
    using FunctorData = wave::cpplexer::make_multi_pass<InputPolicy>::functor_data_type;

public:
    using token_type = WaveToken;

    /// The end iterator.
    FileLexIterator() = default;
    /// Reads the tokens of [first, last), a file Wave names in `pos`.
    template <typename IteratorT>
    FileLexIterator(IteratorT const& first, IteratorT const& last, WavePosition const& pos,
                    wave::language_support language)
        : Base(FunctorData(InputPolicy::unique(),
                           newFileLexer(std::string::const_iterator(first),
                                        std::string::const_iterator(last), pos, language))) {}

    /// Wave applies a `#line` (its only use): the tokens keep their real positions, and the
    /// lexer (an ArgumentDirectiveFilter) tells WaveState, which keeps the presumed ones.
    void set_position(WavePosition const& pos) { InputPolicy::set_position(*this, pos); }

    /// Whether the file has include guards (meaningful once it was read to its end).
    bool has_include_guards(std::string& guardName) const {
        return InputPolicy::has_include_guards(*this, guardName);
    }
};

/// The Boost.Wave context clstep uses: Wave's, plus what ArgumentDirectiveFilter needs of it.
class WaveContext : public wave::context<std::string::const_iterator, FileLexIterator,
                                         WaveInputPolicy, WaveHooks, WaveContext> {
    using Base = wave::context<std::string::const_iterator, FileLexIterator, WaveInputPolicy,
                               WaveHooks, WaveContext>;

public:
    using Base::Base;

    /// False while Wave skips a group of a conditional (C99 6.10.1).
    bool groupActive() const { return get_if_block_status(); }

    /// Macro-expands the tokens of a `#if`/`#elif` expression as Wave does for its own
    /// (`defined` included). Throws Wave's exceptions and ExpansionAborted.
    void expandCondition(token_sequence_type& tokens, token_sequence_type& expanded) {
        auto first = tokens.begin();
        expand_whole_tokensequence(first, tokens.end(), expanded);
    }
};

} // namespace clstep::detail
