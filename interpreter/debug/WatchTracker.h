#pragma once

#include "runtime/ExecutionObserver.h"
#include "debug/Watchpoint.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <vector>

namespace clstep::debug {

/// The observer behind data watchpoints: matches every memory access against the
/// watchpoints and records the first hit until the Session takes it (the work-item then
/// pauses at its next statement boundary). Keeps a copy of each watched range to tell a
/// changing write from one that stores the same bytes. Costs one empty-vector test per
/// access when no watchpoint is set.
class WatchTracker final : public ExecutionObserver {
public:
    /// One watchpoint hit.
    struct Hit {
        int id = 0; ///< the watchpoint
        bool write = false;
        uint64_t address = 0; ///< the access (encoded address and size)
        uint64_t size = 0;
        std::string bufferName;
        WorkItemId workItem; ///< who accessed it
        const WorkItem* item = nullptr;
        SourceRange site;                   ///< the accessing expression
        std::vector<uint8_t> before, after; ///< the watched bytes before and after (device order)
    };

    /// The watchpoints to check (owned by the Session; hit counts are not changed here).
    void setWatchpoints(const std::vector<Watchpoint>* list) { m_list = list; }
    /// Forgets the copies of watched ranges and any pending hit (new run).
    void clear();
    /// Records the current contents of watchpoint `id` (when it is set during a run).
    void capture(int id, const uint8_t* bytes, uint64_t size);
    /// True when a hit waits to be taken.
    bool pending() const { return m_pending.has_value(); }
    /// Takes the pending hit.
    std::optional<Hit> take();

    void onRunBegin(KernelRun& run) override;
    void onWorkGroupBegin(WorkGroup& group) override;
    void onMemoryAccess(const MemoryAccess& a) override;

private:
    bool matches(const Watchpoint& w, const MemoryAccess& a) const;
    const std::vector<Watchpoint>* m_list = nullptr;
    std::map<int, std::vector<uint8_t>> m_last;
    std::optional<Hit> m_pending;
};

} // namespace clstep::debug
