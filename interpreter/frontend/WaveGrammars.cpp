// Boost.Wave's directive grammars for clstep's lexer iterator (FileLexIterator). The Wave
// library instantiates them only for its own lex_iterator; Wave expects a program with another
// lexer iterator to instantiate them itself, as its own src/instantiate_*.cpp files do.

#include "frontend/WaveHooks.h" // first: configures Boost.Wave

#include <boost/wave/grammars/cpp_defined_grammar.hpp>
#include <boost/wave/grammars/cpp_grammar.hpp>
#include <boost/wave/grammars/cpp_has_include_grammar.hpp>
#include <boost/wave/grammars/cpp_predef_macros_grammar.hpp>

template struct boost::wave::grammars::cpp_grammar_gen<
    clstep::detail::FileLexIterator, clstep::detail::WaveContext::token_sequence_type>;
template struct boost::wave::grammars::defined_grammar_gen<clstep::detail::FileLexIterator>;
template struct boost::wave::grammars::has_include_grammar_gen<clstep::detail::FileLexIterator>;
template struct boost::wave::grammars::predefined_macros_grammar_gen<
    clstep::detail::FileLexIterator>;
