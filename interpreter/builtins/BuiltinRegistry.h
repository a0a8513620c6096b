#pragma once

#include "builtins/Builtin.h"

#include <string>
#include <unordered_map>
#include <vector>

namespace clstep {

/// The table of every builtin function (spec 6.12). Each family file registers its entries
/// in a `registerXxxBuiltins(BuiltinRegistry&)` function called by the constructor.
/// Builtin ids are indices into the table and are stable for the process lifetime.
class BuiltinRegistry {
public:
    /// The process-wide registry (built once, thread-safe after construction).
    static const BuiltinRegistry& instance();

    /// Adds an entry; several entries may share a name (overloads tried in order).
    void add(BuiltinDef def);
    /// Ids of all entries named `name` (empty if `name` is not a builtin).
    const std::vector<int>& lookup(const std::string& name) const;
    /// The entry with id `id`.
    const BuiltinDef& def(int id) const { return m_defs[static_cast<size_t>(id)]; }
    /// True if `name` is a builtin function name.
    bool contains(const std::string& name) const { return m_byName.count(name) != 0; }
    size_t size() const { return m_defs.size(); }

private:
    BuiltinRegistry();
    std::vector<BuiltinDef> m_defs;
    std::unordered_map<std::string, std::vector<int>> m_byName;
};

// One registration function per spec family (each in its own file).
void registerWorkItemBuiltins(BuiltinRegistry& r);        // 6.12.1
void registerMathBuiltins(BuiltinRegistry& r);            // 6.12.2
void registerIntegerBuiltins(BuiltinRegistry& r);         // 6.12.3
void registerCommonBuiltins(BuiltinRegistry& r);          // 6.12.4
void registerGeometricBuiltins(BuiltinRegistry& r);       // 6.12.5
void registerRelationalBuiltins(BuiltinRegistry& r);      // 6.12.6
void registerVectorLoadStoreBuiltins(BuiltinRegistry& r); // 6.12.7
void registerSyncBuiltins(BuiltinRegistry& r);            // 6.12.8, 6.12.9
void registerAsyncCopyBuiltins(BuiltinRegistry& r);       // 6.12.10
void registerAtomicBuiltins(BuiltinRegistry& r);          // 6.12.11
void registerMiscVectorBuiltins(BuiltinRegistry& r);      // 6.12.12 (vec_step, shuffle, shuffle2)
void registerPrintfBuiltins(BuiltinRegistry& r);          // 6.12.13
void registerConversionBuiltins(BuiltinRegistry& r);      // 6.2.3 convert_T, 6.2.4.2 as_T
void registerAddressSpaceBuiltins(BuiltinRegistry& r);    // 6.12.? to_global/to_local/to_private
void registerC11AtomicBuiltins(BuiltinRegistry& r);       // 2.0 6.13.11 atomic_load, ...
void registerWorkGroupBuiltins(BuiltinRegistry& r);       // 2.0 6.13.15 work-group functions
void registerSubGroupBuiltins(BuiltinRegistry& r);        // cl_khr_subgroups (ext 9.17)
void registerImageBuiltins(BuiltinRegistry& r);         // 6.12.14 read_image*, write_image*, get_image_*
/// Registers `<prefix>all/any/broadcast/reduce_*/scan_*` as collectives over the work-group
/// (`subGroup` false, prefix "work_group_") or the sub-group ("sub_group_").
void registerCollectiveBuiltins(BuiltinRegistry& r, const char* prefix, bool subGroup);

} // namespace clstep
