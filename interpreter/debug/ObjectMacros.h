#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace clstep {
class Program;
}

namespace clstep::debug {

/// The object-like macros a debugger expression may use (`partial[WG_SIZE - 1]`): the
/// `#define NAME body` lines of the program's main file (the last definition wins, `#undef`
/// removes one; function-like macros and conditional blocks are not interpreted) and the
/// `-D` options. Expansion is textual, repeated for macros that use other macros, and keeps
/// a map back to the columns of the text as typed.
class ObjectMacros {
public:
    /// Collects the macros of `program`.
    static ObjectMacros fromProgram(const Program& program);
    /// Adds or replaces a macro.
    void define(const std::string& name, const std::string& body) { m_macros[name] = body; }
    bool empty() const { return m_macros.empty(); }
    /// Expands the macros in `text`; `columns[i]` receives the 1-based column in `text` that
    /// output character i comes from (a macro's expansion maps to the macro name's column).
    std::string expand(const std::string& text, std::vector<uint32_t>& columns) const;

private:
    std::string expandIn(const std::string& text, std::set<std::string>& blocked,
                         std::vector<uint32_t>* columns, int depth) const;
    std::map<std::string, std::string> m_macros;
};

} // namespace clstep::debug
