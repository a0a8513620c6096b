#pragma once

#include <string>
#include <unordered_map>
#include <vector>

namespace clstep::grammar {

/// The parser's own symbol table for the typedef-name ambiguity of C (C99 6.7.7, 6.2.1):
/// a stack of scopes (file scope first, then function bodies, compound statements and `for`
/// declarations, C99 6.8.2 and 6.8.5), each mapping a declared name to whether it is a
/// typedef name. An inner declaration shadows an outer one, so `T * x;` is a declaration
/// only while `T` names a type in the innermost scope that declares it.
///
/// File-scope declarations are journalled between checkpoint() and rollback() so that an
/// external declaration can be parsed a second time (SLL first, then LL with recovery)
/// without its first attempt leaving names behind. Used by the generated OpenCLCParser
/// (grammar/OpenCLC.g4's members); it has no dependency on ANTLR and throws nothing.
class TypedefScopes {
public:
    /// Back to one empty file scope; forgets the journal.
    void reset() {
        m_scopes.clear();
        m_scopes.emplace_back();
        m_journal.clear();
    }

    /// Declares `name` as a typedef name at file scope, bypassing the journal (error
    /// recovery after "unknown type name", so the rest of the file parses sensibly).
    void assumeTypedefName(const std::string& name) { m_scopes[0][name] = true; }

    /// Starts journalling file-scope declarations (before each external declaration).
    void checkpoint() { m_journal.clear(); }

    /// Undoes the file-scope declarations made since checkpoint() and drops every inner
    /// scope.
    void rollback() {
        m_scopes.resize(1);
        for (auto it = m_journal.rbegin(); it != m_journal.rend(); ++it) {
            if (it->previous < 0)
                m_scopes[0].erase(it->name);
            else
                m_scopes[0][it->name] = it->previous > 0;
        }
        m_journal.clear();
    }

    /// True when `name` currently denotes a typedef name (the innermost declaration wins).
    bool isTypedefName(const std::string& name) const {
        for (auto it = m_scopes.rbegin(); it != m_scopes.rend(); ++it) {
            auto found = it->find(name);
            if (found != it->end()) return found->second;
        }
        return false;
    }

    /// Opens an inner scope.
    void push() { m_scopes.emplace_back(); }
    /// Closes the innermost scope; the file scope is never closed.
    void pop() {
        if (m_scopes.size() > 1) m_scopes.pop_back();
    }

    /// Declares `name` in the innermost scope as a typedef name or an ordinary identifier
    /// (a variable, function, parameter or enumeration constant). Empty names are ignored
    /// (abstract declarators).
    void declare(const std::string& name, bool isTypedef) {
        if (name.empty()) return;
        if (m_scopes.size() == 1) {
            auto found = m_scopes[0].find(name);
            m_journal.push_back({name, found == m_scopes[0].end() ? -1 : found->second ? 1 : 0});
        }
        m_scopes.back()[name] = isTypedef;
    }

private:
    std::vector<std::unordered_map<std::string, bool>> m_scopes{1};
    /// File-scope declarations since the last checkpoint: the name and its previous state
    /// (-1 undeclared, 0 ordinary, 1 typedef).
    struct JournalEntry {
        std::string name;
        int previous;
    };
    std::vector<JournalEntry> m_journal;
};

} // namespace clstep::grammar
