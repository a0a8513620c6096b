#include "builtins/BuiltinRegistry.h"

namespace clstep {

const BuiltinRegistry& BuiltinRegistry::instance() {
    static const BuiltinRegistry registry;
    return registry;
}

BuiltinRegistry::BuiltinRegistry() {
    registerWorkItemBuiltins(*this);
    registerMathBuiltins(*this);
    registerIntegerBuiltins(*this);
    registerCommonBuiltins(*this);
    registerGeometricBuiltins(*this);
    registerRelationalBuiltins(*this);
    registerVectorLoadStoreBuiltins(*this);
    registerSyncBuiltins(*this);
    registerAsyncCopyBuiltins(*this);
    registerAtomicBuiltins(*this);
    registerMiscVectorBuiltins(*this);
    registerPrintfBuiltins(*this);
    registerConversionBuiltins(*this);
    registerAddressSpaceBuiltins(*this);
    registerC11AtomicBuiltins(*this);
    registerWorkGroupBuiltins(*this);
    registerSubGroupBuiltins(*this);
    registerImageBuiltins(*this);
}

void BuiltinRegistry::add(BuiltinDef def) {
    int id = static_cast<int>(m_defs.size());
    m_byName[def.name].push_back(id);
    m_defs.push_back(std::move(def));
}

const std::vector<int>& BuiltinRegistry::lookup(const std::string& name) const {
    static const std::vector<int> none;
    auto it = m_byName.find(name);
    return it == m_byName.end() ? none : it->second;
}

} // namespace clstep
