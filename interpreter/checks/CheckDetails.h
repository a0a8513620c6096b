#pragma once

#include "common/Diagnostic.h"

#include <nlohmann/json.hpp>

#include <map>
#include <mutex>
#include <string>

namespace clstep {

/// Structured facts about runtime-check diagnostics, kept beside the diagnostics themselves
/// (a Diagnostic only has text, ranges and work-item ids): for a data race the hazard, the
/// memory location and both accesses; for an uninitialized read or an endian conversion the
/// memory location and bytes. Keys are the same identity KernelRun::report merges by (kind,
/// range start, first note's start, message prefix), so the facts recorded for the first
/// occurrence are found again from the diagnostic that KernelRun kept.
///
/// Thread-safe. The JSON field names are the ones documented in docs/diagnostics.md.
class CheckDetails {
public:
    /// Identity of `d` as KernelRun merges it.
    static std::string keyOf(const Diagnostic& d);

    /// Records `fields` for `d` unless facts for the same identity exist already.
    void record(const Diagnostic& d, nlohmann::json fields);
    /// True when facts for the identity of `d` were recorded (the caller can then skip
    /// building them again and only let KernelRun count the occurrence).
    bool contains(const Diagnostic& d) const;
    /// The facts recorded for `d`, or nullptr.
    const nlohmann::json* find(const Diagnostic& d) const;
    /// Forgets everything (a new run).
    void clear();

private:
    mutable std::mutex m_mutex;
    std::map<std::string, nlohmann::json> m_fields;
};

} // namespace clstep
