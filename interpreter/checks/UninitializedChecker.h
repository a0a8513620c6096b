#pragma once

#include "checks/CheckDetails.h"
#include "checks/MemoryNames.h"
#include "checks/SiteTable.h"
#include "runtime/ByteWrites.h"
#include "runtime/ExecutionObserver.h"
#include "runtime/PrivateWrites.h"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace clstep {

namespace ast {
struct VarDecl;
}

/// Reports reads of bytes that were never written, in `__private` and `__local` memory
/// and in `__global`/`__constant` buffers the launch marked `noinit`
/// (KernelArgument::noInit), as kind "uninitialized-read" warnings at the read's source
/// range. Each report says how many bytes of the value were never written and names their
/// origin as its first note, with a source location: the declaration of the `__private` or
/// `__local` variable, the kernel parameter of a `__local` pointer argument, or the kernel
/// parameter of the `noinit` buffer (with the launch's word for where it came from,
/// CheckOptions::noInitOrigins: the `.sim` argument, or the host buffer created without
/// data). The origin is also the report's JSON "origin" object.
///
/// This is a first version without value tracking: a read of never-written bytes is
/// reported whether or not the value is later used (Oclgrind only reports when such a value
/// decides control flow, forms an address or is stored). Byte copies (MemoryAccess::copy:
/// aggregate assignment and initialisation, argument passing, async copies) are not uses:
/// they carry the "written" state from the source bytes to the destination bytes, so
/// copying a struct with padding or a partially written array reports nothing by itself.
///
/// Shadow memory: one "written" flag per byte (ByteWrites), per buffer, reset when the buffer
/// slot is reused (Buffer::serial); for `__private` buffers, per work-item (PrivateWrites,
/// which the memory port may update itself for in-place accesses). Memory::allocate zero-fills, but
/// only writes through the interpreter (stores, copies, initialisers, argument values) count as
/// initialisation.
class UninitializedChecker final : public ExecutionObserver {
public:
    /// `details` receives the location facts of each distinct report; it must outlive the
    /// checker.
    /// `noInitOrigins`, by kernel argument index: where a noinit argument's bytes came from
    /// (e.g. "buffer 3 created by clCreateBuffer without data"); empty: "the launch's
    /// noinit argument".
    explicit UninitializedChecker(CheckDetails& details,
                                  std::vector<std::string> noInitOrigins = {});

    void onRunBegin(KernelRun& run) override;
    void onRunEnd(KernelRun& run) override;
    void onWorkGroupBegin(WorkGroup& group) override;
    void onWorkGroupEnd(WorkGroup& group) override;
    void onMemoryAccess(const MemoryAccess& access) override;
    /// An initialized variable has no uninitialized bytes left to read by name.
    bool observesInitializedPrivateVariables() const override { return false; }
    /// Its `__private` shadow memory: a memory port may keep it for the loads and stores it
    /// performs in place (see ExecutionObserver::privateWrites()).
    PrivateWrites* privateWrites() override { return &m_private; }
    /// A copy for one thread of a parallel run; it tracks the launch's `noinit` buffers
    /// itself. Exact only with the race detector's proof that the groups shared no written
    /// __global byte (parallelWithoutProof() is false: KernelRun::parallelObservable), which
    /// a parallel run has: a noinit byte written by one group and read by another is then a
    /// cross-group access, and the run is repeated sequentially.
    std::unique_ptr<ExecutionObserver> forThread() override;
    void onRunDiscarded(KernelRun& run) override;

private:
    using Written = ByteWrites;

    /// Where the never-written bytes of `a` come from (docs/diagnostics.md "Origins").
    struct Origin {
        std::string
            kind; ///< "private variable", "local variable", "local argument", "noinit argument"
        std::string name;  ///< the variable or parameter
        SourceRange range; ///< its declaration
        std::string text;  ///< the note's message
    };
    Written* shadowFor(const MemoryAccess& a);
    /// onMemoryAccess() past its common cases (out of line, so that they need no stack
    /// frame): the shadow of `a`'s bytes updated, a read of never-written bytes reported.
    void checkAccess(const MemoryAccess& a);
    void report(const MemoryAccess& a, uint64_t firstUnwritten, uint64_t unwritten);
    /// Hands the repeats counted since the last call to the run (KernelRun::reportRepeats).
    void flushRepeats();
    /// The origin of the bytes of `a` (range invalid when unknown, e.g. a temporary): computed
    /// once per `__global`/`__constant` buffer and run (m_bufferOrigins), `__private`
    /// variable and run (m_privateOrigins), `__local` buffer and group (m_localOrigins).
    /// Valid until the cache it is in is cleared (a run's or a group's begin).
    const Origin& originOf(const MemoryAccess& a);
    /// originOf's computation.
    Origin computeOrigin(const MemoryAccess& a);

    CheckDetails& m_details;
    /// By kernel argument index: the launch's description of a noinit argument's origin.
    std::vector<std::string> m_noInitOrigins;
    KernelRun* m_run = nullptr;
    WorkGroup* m_group = nullptr; ///< the group being run (origins of `__local` bytes)
    /// Buffer::nameSource (a declaration's name) to the declaration of each `__private`
    /// variable of the program; built at the first report of a run.
    std::unordered_map<const std::string*, const ast::VarDecl*> m_privateDecls;
    bool m_privateDeclsBuilt = false;
    MemoryNames m_names;
    SiteTable m_sites;
    /// A report made, as its repeats are merged (KernelRun::report()): the access site,
    /// space and size and the origin's location.
    struct RepeatKey {
        uint16_t site;
        AddressSpace space;
        uint64_t size;
        SourceLocation origin;
        bool operator==(const RepeatKey&) const = default;
    };
    struct RepeatKeyHash {
        size_t operator()(const RepeatKey& k) const;
    };
    /// A batch run's (RunOptions::repeatDetails off); the debugger's leaves it 0.
    struct PendingRepeats {
        uint32_t mergeKey; ///< KernelRun::mergeKey() of the report
        uint64_t count;    ///< repeats not yet handed to the run (flushRepeats())
    };
    /// The reports made this run (by this thread's copy), with their pending repeats.
    std::unordered_map<RepeatKey, PendingRepeats, RepeatKeyHash> m_repeats;
    /// The entries of m_repeats with a count (flushRepeats() hands over only these).
    std::vector<PendingRepeats*> m_pending;
    /// The batch run's last report (an entry of m_repeats; pending null: none): a read by
    /// the same site, of the same size, in the same buffer has its key.
    struct LastReport {
        PendingRepeats* pending = nullptr;
        const Buffer* buffer = nullptr;
        uint64_t serial = 0; ///< Buffer::serial (a reused slot is another buffer)
        uint64_t size = 0;
        SourceRange site;
    } m_last;
    /// Origins of `__global` and `__constant` buffers this run, by (space << 32 | buffer index).
    std::unordered_map<uint64_t, Origin> m_bufferOrigins;
    /// Origins of `__private` variables this run, by Buffer::nameSource.
    std::unordered_map<uint64_t, Origin> m_privateOrigins;
    /// Origins of the group's `__local` buffers, by buffer index.
    std::unordered_map<uint64_t, Origin> m_localOrigins;
    const Origin m_noOrigin{}; ///< a temporary's
    /// noinit buffers by index (serial 0 = not tracked; size 0 until the buffer's first access,
    /// when its flags are made: shadowFor).
    std::vector<Written> m_global;
    std::vector<Written> m_constant; ///< the same for `__constant` noinit buffers
    std::vector<Written> m_local;    ///< by buffer index, reset per group through serials
    PrivateWrites m_private;         ///< the `__private` buffers of the work-items, by local id
    // The read half of a byte copy, waiting for its write half.
    std::vector<uint8_t> m_copyFlags; ///< unless m_copyAllWritten
    uint64_t m_copySize = 0;          ///< bytes of the pending copy's read half
    bool m_copyAllWritten = false;    ///< its source bytes were all written (or untracked)
    const WorkItem* m_copyItem = nullptr;
    bool m_copyPending = false;
};

} // namespace clstep
