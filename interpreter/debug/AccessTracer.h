#pragma once

#include "runtime/ExecutionObserver.h"
#include "debug/PagedArray.h"
#include "debug/TraceLog.h"

#include <array>
#include <cstdint>
#include <map>
#include <tuple>
#include <vector>

namespace clstep::debug {

/// Shadow memory of the debugger: for every byte of every `__global`, `__constant` and
/// `__local` buffer, whether it was ever written, which work-item touched it last (global
/// linear id), whether that access was a write, and at which session step. Used to colour
/// memory panes (uninitialized bytes, last read/write). One vector per buffer, no per-byte
/// maps; the arrays are PagedArray pages allocated on first access, so an untouched 64 MiB
/// buffer costs nothing and a snapshot shares the pages (copy-on-write). Every such access is also
/// appended to a bounded TraceLog (with the runtime diagnostics the Session adds), for the
/// snapshot's trace.
class AccessTracer final : public ExecutionObserver {
public:
    struct Shadow {
        PagedArray<uint8_t> written;   ///< 1 once written
        PagedArray<uint8_t> lastWrite; ///< 1 if the last access was a write
        /// Global linear id (64-bit, any NDRange size) of the last accessor, -1 none.
        PagedArray<int64_t> accessor;
        PagedArray<uint64_t> step; ///< session step of the last access
        /// Work-item accesses of each byte since the run began (saturates at UINT32_MAX).
        PagedArray<uint32_t> count;
        /// 1 where an endian(host) load or store converted the byte; empty until the first
        /// conversion in the buffer (only with setMarkEndian()).
        PagedArray<uint8_t> endian;
        /// Per page of PagedArray<uint8_t>::kPageElements bytes: a stamp, unique in the
        /// process, renewed whenever any array changes on that page (0: never changed), so
        /// that a snapshot recomputes only the flags of changed pages (SnapshotPager).
        std::vector<uint64_t> version;
        /// Renews the stamps of the pages of bytes [begin, end).
        void touch(uint64_t begin, uint64_t end);
    };
    /// (space, owner, buffer index): owner is the work-group linear id for __local, else 0.
    using Key = std::tuple<int, uint64_t, uint32_t>;

    /// A byte range of one buffer accessed during the current step.
    struct Touch {
        Key key;
        uint64_t begin = 0, end = 0;
    };

    /// A `__private` access of the latest step that made accesses: the work-item (global
    /// linear id), its buffer, the bytes and whether it wrote (initialized variables too).
    struct PrivateTouch {
        int64_t workItem = -1;
        uint32_t buffer = 0;
        uint64_t begin = 0, end = 0;
        bool write = false;
    };

    /// The session step that accesses are attributed to from now on. The ranges touched are
    /// forgotten when the first access of a later step arrives (an action that runs nothing,
    /// such as a selection, keeps them).
    void setStep(uint64_t step) { m_step = step; }
    /// The step of touched() and privateTouches().
    uint64_t touchedStep() const { return m_touchedStep; }
    /// Byte ranges accessed in touchedStep() (for the last-read/last-write flags without a
    /// scan of every shadow byte); unusable when touchedOverflow() (too many to keep).
    const std::vector<Touch>& touched() const { return m_touched; }
    bool touchedOverflow() const { return m_touchedOverflow; }
    /// `__private` accesses of touchedStep() (at most 65536; none are kept per byte).
    const std::vector<PrivateTouch>& privateTouches() const { return m_private; }
    /// Marks a whole buffer as written (host-initialised kernel arguments).
    void markWritten(int space, uint64_t owner, uint32_t buffer, uint64_t size);
    /// Shadow of one buffer, or nullptr if it was never accessed.
    const Shadow* shadow(const Key& k) const;
    void onMemoryAccess(const MemoryAccess& a) override;
    /// Whether endian(host) conversions mark their bytes (Shadow::endian): on when the
    /// session's endian-conversion check is (it reports the same events as notes).
    void setMarkEndian(bool on) { m_markEndian = on; }
    void onEndianConversion(const MemoryAccess& a, const uint8_t* before,
                            const uint8_t* after) override;
    /// Forgets every shadow and the trace.
    void clear() {
        m_shadows.clear();
        m_log.clear();
        m_touched.clear();
        m_private.clear();
        m_touchedOverflow = false;
        m_step = 0;
        m_touchedStep = 0;
    }
    /// The trace of accesses (and of the diagnostics added with addDiagnostic()).
    TraceLog& log() { return m_log; }
    const TraceLog& log() const { return m_log; }
    /// Appends a runtime diagnostic to the trace, attributed to the current step and to
    /// work-item `workItem` (global linear id, -1 for none) with global id `globalId`;
    /// `reports` > 1 when several reports arrived together (only the latest is described).
    void addDiagnostic(const Diagnostic& d, int64_t workItem,
                       const std::array<uint64_t, 3>& globalId, uint64_t reports = 1);

private:
    Shadow& get(const Key& k, uint64_t size);
    std::map<Key, Shadow> m_shadows;
    uint64_t m_step = 0;
    TraceLog m_log;
    std::vector<Touch> m_touched;
    std::vector<PrivateTouch> m_private;
    uint64_t m_touchedStep = 0;
    bool m_touchedOverflow = false;
    /// Starts the touched lists of step m_step if they hold an earlier step's.
    void beginTouches() {
        if (m_touchedStep == m_step) return;
        m_touched.clear();
        m_private.clear();
        m_touchedOverflow = false;
        m_touchedStep = m_step;
    }
    bool m_markEndian = false;
};

} // namespace clstep::debug
