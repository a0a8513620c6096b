#pragma once

#include "checks/CheckDetails.h"
#include "checks/MemoryNames.h"
#include "checks/RaceVerdicts.h"
#include "checks/SiteTable.h"
#include "checks/SyncClock.h"
#include "common/SparseArray.h"
#include "runtime/ExecutionObserver.h"

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace clstep {

/// Finds data races on `__local` and `__global` memory at byte granularity (OpenCL C 1.2
/// spec 3.3.1 memory consistency: work-items of a group are only ordered by a barrier whose
/// fence covers the address space; different work-groups are never ordered).
///
/// Two accesses to the same byte race when at least one is a write, not both are atomic
/// (atomics of different work-groups on `__global` memory race unless both have a
/// memory_scope of device or wider: OpenCL C 2.0 6.13.11.5),
/// they come from different entities (work-items, or the work-group for async copies), and
///   - both are in the same work-group and the same barrier interval of that space
///     (barrier(CLK_LOCAL_MEM_FENCE) starts a new interval for `__local` only,
///     CLK_GLOBAL_MEM_FENCE for `__global` only), or
///   - the space is `__global` and they come from different work-groups (whole run),
/// and no release sequence orders them (synchronizedBefore(): the first work-item released
/// an atomic object after its access, and the second acquired from that release's sequence
/// before its own, directly or through a chain of such hand-offs; C11 5.1.2.4), which vector
/// clocks follow (SyncClock: one per work-item of the current group, per atomic object's
/// release sequence, per release fence).
/// A write-write race whose second write stores the same byte value is suppressed unless
/// `uniformWrites` is set (Oclgrind's --uniform-writes); it is then a `benign-race`.
///
/// A read-write race whose write stores exactly the bytes that were already there (every
/// work-item doing `v = A[0]; A[0] = v;`, or storing 0 over a 0 others read) is reported
/// as kind `benign-race`, a warning (an error with `strictRaces`, --strict-races), with the
/// value. What was there is known from the detector's own mirror of the bytes its accesses
/// read and wrote in the run (in the current work-group for `__local`): a byte whose first
/// access is a write has no known previous value, so a race with that write stays a
/// `data-race`.
///
/// Shadow memory, in vectors parallel to Buffer::bytes for every accessed `__local` and
/// `__global` buffer: the state of a byte is one write record and two read records of 8
/// bytes (interval stamp, work-item, source site, atomic and work-group flags), plus the last
/// byte value written. States are kept per 4-byte granule while every access covers whole
/// granules (the common case: 8 bytes of shadow per byte), and a granule is split into four
/// byte states the first time an access covers only part of it, so races are still found
/// at byte granularity. Interval stamps make older intervals and other groups' `__local`
/// records stale without clearing anything.
///
/// Races are reported to the KernelRun as kind `data-race` errors: the range is the first
/// access (in simulation order), the first note the second access, workItems
/// [first, second]; the hazard (RAW/WAR/WAW), the location and both accesses are recorded
/// in CheckDetails. Reports of the same pair of source locations merge into one with a
/// count; the byte ranges of every occurrence are added to the report's
/// CheckDetails::ranges (`__local` ones with their work-group). A pair of source sites gets
/// one verdict (RaceVerdicts): if any of its occurrences changed a value, every one is a
/// "data-race", and no "benign-race" is reported for it; benign races are reported when
/// the run ends (onRunEnd), once no occurrence of their pair changed a value. A detector is called
/// from one thread at a time; parallel runs give each thread its own (forThread()), which checks
/// `__local` memory itself and hands `__global` accesses back in work-group order.
///
/// Texel reads of a read_only image are not recorded when the program cannot write such an
/// image (readOnlyImagesUnwritable, checks/ReadOnlyImages.h), nor plain reads of a buffer bound
/// only to `__global const T *` parameters when the program cannot write through pointers to
/// const types (constPointeesUnwritten, checks/ConstPointees.h): nothing can race with them.
class RaceDetector final : public ExecutionObserver {
public:
    /// `details` receives the structured facts of each distinct race; it must outlive the
    /// detector. `uniformWrites`: also report write-write races storing equal values (as
    /// `benign-race`). `strictRaces`: benign races are errors, not warnings.
    RaceDetector(CheckDetails& details, bool uniformWrites, bool strictRaces = false);
    ~RaceDetector() override;

    void onRunBegin(KernelRun& run) override;
    void onRunEnd(KernelRun& run) override;
    void onWorkGroupBegin(WorkGroup& group) override;
    void onBarrier(WorkGroup& group, uint32_t flags) override;
    void onMemoryAccess(const MemoryAccess& access) override;
    /// `__private` memory is never shared (spec 3.3), so it cannot race.
    bool observesInitializedPrivateVariables() const override { return false; }
    bool observesPrivateMemory() const override { return false; }
    /// A detector for one thread of a parallel run: it checks its groups' `__local`
    /// accesses itself and hands their `__global` accesses and global-fence barriers to this
    /// detector in work-group order (KernelRun::inGroupOrder), so every report is the one a
    /// sequential run makes.
    std::unique_ptr<ExecutionObserver> forThread() override;
    bool provesGroupIndependence() const override { return true; }
    /// False once two work-groups accessed the same `__global` byte, one of the accesses
    /// wrote it (equal values or not) and one of them was not order-free (orderFree(): a
    /// plain access, or an atomic whose order shows, such as one whose returned value is
    /// used), or the interval stamps ran out. Bytes that work-groups share only through
    /// order-free atomics (a histogram's atomic_add into shared bins) end with the value of
    /// the sequential run, and no access saw an intermediate value.
    bool groupsIndependent() const override;
    void onRunDiscarded(KernelRun& run) override;
    /// The `__local` and `__global` accesses of the last run whose shadow records this
    /// detector checked and updated (statistics, tests): a read that repeats the access just
    /// before it (the same 4 bytes, work-item and barrier interval) is not counted; it changes
    /// nothing. A parallel run's thread detectors count their own `__local` accesses.
    uint64_t accessesProcessed() const { return m_local.processed + m_global.processed; }

private:
    /// One recorded access: interval stamp (0 = none), local linear id of the work-item in
    /// its group, and the site id (bits 0-12) with the group-scope (bit 13), atomic (bit 14)
    /// and work-group (bit 15, async copy) flags.
    struct Record {
        uint32_t stamp = 0;
        uint16_t item = 0;
        uint16_t site = 0;
        friend bool operator==(const Record&, const Record&) = default;
    };
    struct ByteState {
        Record write;
        Record read[2];
    };
    /// The state of 4 bytes, or (split != 0) an index + 1 into BufferShadow::split.
    /// `owner` (`__global` only) is the work-group independence proof's state of the 4 bytes,
    /// or of each byte in BufferShadow::splitOwners once split (kOwnGroup ...).
    struct Granule {
        ByteState state;
        uint32_t split = 0;
        uint32_t owner = 0;
    };
    struct BufferShadow {
        uint64_t serial = 0;
        uint64_t size = 0;
        /// One per 4 bytes; pages allocated on first access (a few accesses of a 64 MiB
        /// buffer cost a few pages).
        SparseArray<Granule> granules;
        std::vector<std::array<ByteState, 4>> split;      ///< byte states of split granules
        std::vector<std::array<uint32_t, 4>> splitOwners; ///< their bytes' Granule::owner
        /// The stamp of the latest read / write of the buffer that its records do not stand
        /// for (a read when both read slots hold live reads of others, an atomic write
        /// beside a live write, a live record of another entity replaced), 0 for none: a
        /// conflict is only found ordered by a release sequence (synchronizedBefore()) when
        /// no access that could race with the second one was left out in the interval
        /// (`__local`) or the run (`__global`).
        uint32_t droppedRead = 0;
        uint32_t droppedWrite = 0;
        SparseArray<uint8_t> values; ///< last byte written (uniform writes)
        /// The detector's mirror of each byte (benign races): bits 0-7 its content as the
        /// accesses seen in this serial read or wrote it, kKnown when that content is known,
        /// kSame when the recorded write stored the content that was already there.
        SparseArray<uint16_t> mirror;
        /// By page of `mirror`: the Buffer::serial its entries belong to (a new group's
        /// `__local` buffer of the same size starts each page unknown on first touch).
        std::vector<uint64_t> mirrorSerial;
        const ByteState& at(uint64_t offset) const {
            const Granule& g = granules[offset / 4];
            return g.split ? split[g.split - 1][offset % 4] : g.state;
        }
    };
    enum class Hazard { RAW, WAR, WAW };
    struct Conflict {
        uint64_t offset; ///< byte offset in the buffer
        Record first;
        Hazard hazard;
        bool benign; ///< the write stores the bytes that were already there
    };
    static constexpr uint64_t kNoEntity = ~uint64_t(0); ///< Space::rmwEntity: none
    static constexpr uint16_t kKnown = 0x100;
    static constexpr uint16_t kSame = 0x200;
    /// Granule::owner: bits 0-28 the ordinal (1-based, Space::ordinal) of the first
    /// work-group that accessed the bytes (0: none), then whether one of the accesses wrote,
    /// whether one of them was not order-free (orderFree()), and whether another work-group
    /// accessed them too. All three together: the work-groups are not independent.
    static constexpr uint32_t kOwnGroup = 0x1FFFFFFF;
    static constexpr uint32_t kOwnWritten = 0x20000000;
    static constexpr uint32_t kOwnOrdered = 0x40000000;
    static constexpr uint32_t kOwnShared = 0x80000000;
    static constexpr uint32_t kOwnDependent = kOwnWritten | kOwnOrdered | kOwnShared;
    /// A memory access as checked: MemoryAccess with the work-item's identity resolved (the
    /// work-item may be gone when a thread's `__global` access is checked later: `workItem`
    /// and `copy` are not used).
    struct Access : MemoryAccess {
        /// Local linear id of the work-item (the one that started an async copy too); its
        /// ids are rebuilt from it and the interval stamp when a race is reported (idsOf()).
        uint16_t item = 0;
        /// `m` by the work-item with local linear id `item`.
        static Access of(const MemoryAccess& m, uint16_t item) {
            Access a;
            static_cast<MemoryAccess&>(a) = m; // one copy of the whole
            a.item = item;
            return a;
        }
    };
    /// The checking state of one address space (`__local` or `__global`): shadows, the
    /// interval stamps (a group's stamps are contiguous) and the reports already detailed.
    struct Space {
        explicit Space(bool isLocal) : local(isLocal) {}
        bool local;
        std::vector<BufferShadow> shadows; ///< by buffer index
        SiteTable sites;
        /// (first stamp, linear work-group index) of each group so far, in stamp order.
        std::vector<std::pair<uint32_t, uint64_t>> groupStamps;
        uint32_t nextStamp = 1;
        uint32_t groupStart = 0; ///< first stamp of the current group
        /// Current stamp: a barrier starts a new interval, and a release operation a new
        /// stamp within it, so a record made before a work-item's release has a stamp at
        /// most that of the release.
        uint32_t stamp = 0;
        uint32_t intervalStart = 0; ///< first stamp of the current barrier interval
        /// `__global`: 1-based ordinal of the current work-group in the run (kOwnGroup
        /// bits of Granule::owner).
        uint32_t ordinal = 0;
        bool exhausted = false; ///< stamps ran out: checking stopped
        /// Two work-groups accessed a byte, one access wrote and one was not order-free.
        bool crossGroup = false;
        /// By site id: 0 not known yet, 1 an atomic at this site is order-free (its
        /// operation commutes and its value is unused: orderFreeAtomicSites()), 2 not.
        std::vector<uint8_t> siteOrderFree;
        std::unordered_set<uint64_t> reported; ///< (sites, race) already detailed
        std::vector<Conflict> conflicts;       ///< scratch for one access
        /// Scratch for one write: 1 per byte that it stores unchanged (benign races).
        std::vector<uint8_t> unchanged;
        /// Memory order and scope last used by the atomic access at each site (for reports).
        std::unordered_map<uint16_t, std::pair<uint8_t, uint8_t>> siteSemantics;
        // ---- release sequences (C11 5.1.2.4; OpenCL 3.0 3.3.6 "release sequence") ----
        // Vector clocks (SyncClock): a release publishes the work-item's clock in the atomic
        // object's, an acquire joins the object's into its own, so a chain of hand-offs (a
        // spin lock) costs one join per link.
        /// The release sequence an atomic object heads, if any: the clock of the releases of
        /// one unbroken stretch of its modification order (from a release store, or the first
        /// release read-modify-write after a store, on through read-modify-writes, relaxed
        /// ones included, until the next store), shared with the acquire fences still to come
        /// of the relaxed reads that read it (copied before it changes when shared), and an
        /// id of the sequence (a new one at each store).
        struct ObjectSync {
            std::shared_ptr<SyncClock> clock;
            uint32_t sequence = 0;
        };
        /// By atomic object (address of its first byte) with a release sequence: its clock.
        std::unordered_map<uint64_t, ObjectSync> objects;
        /// By buffer index: 1 when `objects` holds an object of that buffer (a plain write
        /// elsewhere need not look for objects to end).
        std::vector<uint8_t> objectBuffers;
        /// Ids of release sequences so far (ObjectSync::sequence).
        uint32_t sequences = 0;
        /// Components of the clocks of `objects` (shared ones counted once per object), at
        /// most kMaxObjectTicks: past it a release starts no sequence.
        size_t objectTicks = 0;
        /// By entity (entityKey()) of the current work-group: its clock, what it acquired
        /// (an entity of a finished group releases nothing more: what it passed on lives in
        /// the objects' clocks).
        std::unordered_map<uint64_t, SyncClock> acquired;
        SyncClock scratch; ///< SyncClock::join()'s
        // ---- fences (C11 7.17.4; OpenCL C 2.0 6.13.11 atomic_work_item_fence) ----
        /// A relaxed atomic read of an object with a release sequence, waiting for an acquire
        /// fence of its work-item: the sequence it read, the object's clock then, its scope.
        struct PendingRead {
            uint32_t sequence;
            uint8_t scope;
            std::shared_ptr<SyncClock> clock;
        };
        /// By entity of the current work-group: the relaxed atomic reads it made since its
        /// last acquire fence (the latest of a spin loop's reads of one sequence); its next
        /// acquire fence joins them. At most kMaxPending per entity.
        std::unordered_map<uint64_t, std::vector<PendingRead>> pending;
        /// A release fence: its stamp, scope and the work-item's clock at the fence.
        struct FenceRelease {
            uint32_t stamp;
            uint8_t scope;
            std::shared_ptr<SyncClock> clock; ///< null: nothing acquired
        };
        /// By entity of the current work-group: its last release fence; its later atomic
        /// writes are releases made at the fence.
        std::unordered_map<uint64_t, FenceRelease> fences;
        /// `__global`: `objects` holds `__local` objects (mirrorLocalAtomic()).
        bool localObjects = false;
        bool fenced = false; ///< a release fence was made in the run (process() then
                             ///< follows every atomic write)
        /// The previous access was an atomic read of this address at this site by this
        /// entity (kNoEntity: not one): an atomic write matching it is a read-modify-write.
        uint64_t rmwAddress = 0;
        uint64_t rmwEntity = kNoEntity;
        uint16_t rmwSite = 0;
        /// The last access processRecords() handled, when it was a plain 4-byte read that no
        /// record could conflict with (quiet()); address 0: none. The same read again next (the
        /// same bytes of the same buffer, work-item and interval stamp: a work-item reading a
        /// value twice in a row) finds the same records, changes none and reports nothing, so
        /// it is skipped (RepeatedRead::matches()).
        struct RepeatedRead {
            uint64_t address = 0;
            uint64_t serial = 0; ///< Buffer::serial
            uint32_t stamp = 0;
            uint16_t item = 0;
            /// True when `a`, an access by the work-item of local linear id `by` of the buffer of
            /// serial `bufferSerial` at stamp `now`, is this read again.
            bool matches(const MemoryAccess& a, uint16_t by, uint64_t bufferSerial,
                         uint32_t now) const {
                return a.address == address && a.size == 4 && !a.write && !a.atomic &&
                       !a.asyncCopy && by == item && now == stamp && bufferSerial == serial;
            }
        } lastRead;
        /// Accesses whose records processRecords() checked and updated (not skipped).
        uint64_t processed = 0;

        void reset();
        uint32_t newStamp();
        /// A barrier: the next interval begins.
        void newInterval() { intervalStart = stamp = newStamp(); }
    };
    /// Components of the atomic objects' clocks per address space at most (Space::objectTicks;
    /// 16 bytes each: 64 MiB; SyncClock::kMaxSize bounds each clock, so the work-items' and
    /// fences' clocks of a work-group stay within its size times 128 KiB). Past it a release
    /// starts no release sequence (the object then orders nothing: more races may be
    /// reported, never fewer).
    static constexpr size_t kMaxObjectTicks = size_t(1) << 22;
    /// Relaxed reads an entity's next acquire fence can acquire from at most (the latest ones;
    /// fewer acquisitions: more races may be reported, never fewer).
    static constexpr size_t kMaxPending = 16;

    static constexpr uint16_t kSiteMask = 0x1FFF;
    /// An atomic whose memory_scope does not reach other work-groups (work_item, sub_group,
    /// work_group): it races with atomics of other work-groups on `__global` memory.
    static constexpr uint16_t kGroupScope = 0x2000;
    static constexpr uint16_t kAtomic = 0x4000;
    static constexpr uint16_t kGroup = 0x8000;

    static void beginGroup(Space& sp, uint64_t linear);
    /// Updates the independence proof's state `owner` of bytes accessed by the current
    /// work-group of `sp` (`__global`) with `bits` (kOwnWritten, kOwnOrdered).
    static void own(Space& sp, uint32_t& owner, uint32_t bits) {
        const uint32_t first = owner & kOwnGroup;
        owner |= bits | (first == sp.ordinal ? 0 : first ? kOwnShared : sp.ordinal);
        if ((owner & kOwnDependent) == kOwnDependent) sp.crossGroup = true;
    }
    /// True when `__global` access `a` (site id `site`) is an atomic whose order among the
    /// work-groups cannot change any result or report: a device-scope atomic at an
    /// order-free site (orderFreeAtomicSites()), on a buffer the uninitialized check does not
    /// track (a `noinit` argument), on a little-endian device.
    bool orderFree(Space& sp, const Access& a, uint16_t site);
    /// orderFree() of atomic access `a` of processWord(), inline once the verdict of `site`
    /// is known; `groupScope`: its memory_scope stays inside the work-group.
    bool orderFreeWord(Space& sp, const MemoryAccess& a, uint16_t item, uint16_t site,
                       bool groupScope);
    /// Checks and records access `a` by the work-item with local linear id `item`
    /// (processRecords()), then its release-sequence bookkeeping (atomics, and plain writes
    /// while atomic objects have sequences). `Inline`: processRecords() inlined
    /// (onMemoryAccess()'s own call, in RaceDetector.cpp). The access is not copied into an
    /// Access but where one is needed (reports, release sequences, other sizes).
    template <bool Inline = false>
    void process(Space& sp, const MemoryAccess& a, uint16_t item) {
        if constexpr (Inline)
            processRecordsInline(sp, a, item);
        else
            processRecords(sp, a, item);
        // Only atomics and writes matter (a plain read, the most common access, is decided
        // first); without sequences, only acquires and releases (the read half of a release
        // read-modify-write has its order too).
        if ((a.atomic || a.write) &&
            (!sp.objects.empty() || sp.fenced ||
             (a.atomic && a.order != MemoryAccess::kNoOrder && a.order != memory_order::kRelaxed)))
            [[unlikely]]
            synchronize(sp, Access::of(a, item));
        else
            sp.rmwEntity = kNoEntity;
    }
    void processRecords(Space& sp, const MemoryAccess& a, uint16_t item);
    /// processRecords(), to be inlined (defined in RaceDetector.cpp).
    void processRecordsInline(Space& sp, const MemoryAccess& a, uint16_t item);
    /// A `__global` access `a` by the work-item with local linear id `item` of a thread's
    /// detector whose work-group is not the head: copied (with its bytes) into the open
    /// Batch, or a new one posted in group order (KernelRun::inGroupOrder), and processed by
    /// the run's detector when the batch's action runs.
    void processInGroupOrder(const MemoryAccess& a, uint16_t item);
    /// processInGroupOrder() of an access with more bytes than a PostedAccess holds: one
    /// action of its own.
    void postAccess(const Access& a);
    /// A `__global` access as a Batch holds it: MemoryAccess's fields but the work-item,
    /// with its bytes (up to 16) inline.
    struct PostedAccess {
        uint64_t address;
        const Buffer* buffer;
        SourceRange site;
        uint32_t size;
        uint16_t item;
        uint8_t order;
        uint8_t scope;
        bool write;
        bool atomic;
        bool asyncCopy;
        bool copy;
        bool hasData;
        uint8_t data[16];
    };
    /// Consecutive `__global` accesses of a thread's detector posted as one action in work-group
    /// order: the thread appends to its open batch while nothing else entered the order from
    /// the thread (groupOrderPosts()) and the action has not run; the action seals the batch
    /// (no more appends) and processes what it holds. A thread's batches are its own and are
    /// reused (runBatch() gives them back), so their pages stay with the thread.
    struct Batch {
        static constexpr uint32_t kSealed = 0x80000000u;
        static constexpr uint32_t kCapacity = 256;
        /// Entries published (the thread appends with a release compare-exchange), with
        /// kSealed once the action ran.
        std::atomic<uint32_t> state{0};
        std::array<PostedAccess, kCapacity> entries;
    };
    /// Processes the entries of `b` that were published when the action ran (sealing it),
    /// by the run's detector, then gives `b` back for reuse.
    void runBatch(Batch& b);
    /// A batch of this thread's detector to fill: a free one, or a new one.
    Batch* takeBatch();
    /// processRecords() of an aligned 4-byte access `a` by work-item `item` (byte offset
    /// `off` in buffer shadow `sh`) to granule `gr`, which is not split: record `e` has its
    /// stamp, `site` is the access's site id.
    void processWord(Space& sp, BufferShadow* sh, Granule& gr, const MemoryAccess& a, uint16_t item,
                     uint64_t off, Record e, uint16_t site);
    /// processRecords() of any other access (other sizes and alignments, async copies, split
    /// granules), with the same arguments as processWord().
    void processBytes(Space& sp, BufferShadow* sh, const Access& a, uint64_t off, Record e,
                      uint16_t site);
    /// The shadow of the buffer `a` accesses: the one of its last access when the buffer is
    /// the same (inline), else shadowForNew().
    BufferShadow* shadowFor(Space& sp, const MemoryAccess& a);
    BufferShadow* shadowForNew(Space& sp, const MemoryAccess& a);
    bool conflicts(Space& sp, const Record& r, const Record& e) const;
    /// True when record `r` cannot conflict with access `e` (conflicts() would be false): no
    /// access, an earlier interval of the group (or, `__local`, an earlier group), the
    /// same entity in the current interval, or two atomics that do not race (in one
    /// work-group, or both of a scope reaching other groups). A cheap test done before check().
    static bool quiet(const Space& sp, const Record& r, const Record& e) {
        if (r.stamp >= sp.intervalStart)
            return ((r.site & kGroup) == (e.site & kGroup) &&
                    ((r.site & kGroup) || r.item == e.item)) ||
                   (r.site & e.site & kAtomic);
        return !r.stamp || sp.local || r.stamp >= sp.groupStart ||
               ((r.site & e.site & kAtomic) && !((r.site | e.site) & kGroupScope));
    }
    /// True when no record of `s` can conflict with access `e`, a write with data when
    /// `write` (check() compares a read, or a write without data, with the write record only).
    static bool quiet(const Space& sp, const ByteState& s, const Record& e, bool write) {
        return quiet(sp, s.write, e) &&
               (!write || (quiet(sp, s.read[0], e) && quiet(sp, s.read[1], e)));
    }
    /// Collects the conflicts of access `e` (a write when `data`) with `state`, the state
    /// of bytes [lo, hi) of the buffer (`data` points at the bytes stored at lo).
    void check(Space& sp, const ByteState& state, const BufferShadow& sh, uint64_t lo, uint64_t hi,
               const Record& e, const uint8_t* data, const uint8_t* unchanged);
    /// Updates the mirror of bytes [off, off + size) for access `a` and, for a write, fills
    /// sp.unchanged (1 per byte stored over the same known byte). Returns the mirror entry
    /// of byte `off` when the access lies in one page (the entries are contiguous), else null.
    static uint16_t* mirrorAccess(Space& sp, BufferShadow& sh, const MemoryAccess& a, uint64_t off);
    /// mirrorAccess() of an aligned 4-byte access (its four entries lie in one page).
    static uint16_t* mirrorWord(Space& sp, BufferShadow& sh, const MemoryAccess& a, uint64_t off);
    /// Page `p` of `sh`'s mirror starts a new `__local` buffer: every entry unknown, the page
    /// marked with the buffer's serial (BufferShadow::mirrorSerial).
    static void renewMirrorPage(BufferShadow& sh, uint64_t p);
    /// Records read `e` in `b`; false when an access it could race with is no longer
    /// recorded (BufferShadow::droppedRead).
    static bool updateRead(const Space& sp, ByteState& b, const Record& e);
    /// Records write `e` in `b`; false when an access it could race with is no longer
    /// recorded (BufferShadow::droppedWrite).
    static bool updateWrite(const Space& sp, ByteState& b, const Record& e);
    /// The key of an entity of `sp`: the work-group's ordinal and the work-item's local
    /// linear id `item`, or the work-group itself (`group`, async copies).
    static uint64_t entityKey(uint32_t ordinal, bool group, uint16_t item) {
        return (uint64_t(ordinal) << 17) | (group ? 0x10000 : item);
    }
    /// The ordinal (Space::ordinal) of the work-group of interval stamp `stamp`.
    static uint32_t ordinalOf(const Space& sp, uint32_t stamp);
    /// The release-sequence bookkeeping of atomic access `a` (an acquire joins the object's
    /// clock into its work-item's, a release joins its work-item's clock and own stamp into
    /// the object's or, a store, starts a new sequence with them, a relaxed store ends the
    /// sequence), or of a plain write of `a`'s bytes (it ends the sequences of the atomic
    /// objects it overwrites).
    void synchronize(Space& sp, const Access& a);
    /// An acquire of `entity` (an acquire read, or an acquire fence after a relaxed read) of
    /// memory_scope `scope` from a release sequence of clock `clock`: joins it into the
    /// entity's clock (SyncClock::join(); `__local` objects ignore the scope). The clock holds
    /// what the releasers had acquired before their releases, so happens-before is followed
    /// transitively (C11 5.1.2.4), with the narrowest scope of each chain.
    static void acquire(Space& sp, uint64_t entity, const SyncClock& clock, uint8_t scope);
    /// The reach of a link of memory_scope `scope` in `sp`: SyncClock::reachOf(), kDevice for
    /// `__local` (its objects are the group's, whatever the scope).
    static SyncClock::Reach reachIn(const Space& sp, uint8_t scope) {
        return sp.local ? SyncClock::kDevice : SyncClock::reachOf(scope);
    }
    /// Ends the release sequence of the atomic object at `address` in `sp`, if any.
    static void eraseObject(Space& sp, uint64_t address);
    /// `__local` atomic access `a` once a fence named both CLK_LOCAL_MEM_FENCE and
    /// CLK_GLOBAL_MEM_FENCE: also followed by the `__global` space's release sequences
    /// (synchronize(), in group order), so that with such fences a `__local` atomic object
    /// orders `__global` accesses too (the CTS atomic_flag kernel's `__local` variants).
    void mirrorLocalAtomic(Access a);
    /// An atomic_work_item_fence (core/MemoryFence.h) of work-item `ma.workItem`: applied to
    /// the spaces its flags name (`__global` in group order in a parallel run).
    void onFence(const MemoryAccess& ma);
    /// A fence of order `order` and scope `scope` by the work-item with local linear id `item`
    /// in `sp` (C11 7.17.4): an acquire fence turns the relaxed reads the work-item made since
    /// its last one into acquisitions (Space::pending), a release fence makes its later atomic
    /// writes releases made at the fence, of its clock then (Space::fences); acq_rel and
    /// seq_cst do both.
    static void fence(Space& sp, uint16_t item, uint8_t order, uint8_t scope);
    /// True when record `r` (an access of another entity) happens before access `e` (a
    /// write when `write`) of the current work-group through release sequences: the clock of
    /// `e`'s work-item holds a release of `r`'s work-item made after `r` (at a stamp at least
    /// `r`'s), through a chain of links whose scopes all reach from one work-item to the other
    /// (work group at least within a group, device across groups; `__local` objects ignore
    /// the scope). Only the space of the atomic objects is ordered.
    bool synchronizedBefore(const Space& sp, const BufferShadow& sh, const Record& r,
                            const Record& e, bool write) const;
    /// Plain write `e` of the current work-group is about to be recorded in `b`: forgets the
    /// records of other entities' accesses that happen before it (synchronizedBefore()), so that a
    /// chain of work-items handing the byte on through release sequences (a spin lock) is
    /// ordered link by link. Any later access that conflicts with a forgotten access conflicts
    /// with `e` as well (a plain write conflicts with every access of another entity) and is either
    /// ordered after `e`, hence after it, or reported with `e`.
    void forgetOrdered(Space& sp, const BufferShadow& sh, ByteState& b, const Record& e) const;
    void report(Space& sp, const Access& a, const BufferShadow& shadow, const Conflict& c,
                const Record& second);
    /// The byte ranges of access `a` that race with the first access of `c` (before the
    /// shadow state is updated by `a`).
    /// `group`: the work-group of access `a` (for `__local` ranges).
    std::vector<CheckDetails::Range> rangesOf(const Access& a, const BufferShadow& sh,
                                              const Conflict& c,
                                              const std::array<uint64_t, 3>& group) const;
    /// The ids of the work-item of record `r` (local id 0 for a work-group's async copy).
    WorkItemId idsOf(const Space& sp, const Record& r) const;
    /// The ids of the work-item with local linear id `item` in the work-group of interval
    /// `stamp` (Space::groupStamps).
    WorkItemId idsOf(const Space& sp, uint32_t stamp, uint64_t item) const;
    /// "memory_order_relaxed" ... for an order value of MemoryAccess::order.
    static std::string orderName(uint8_t order);
    /// "memory_scope_device" ... for a scope value of MemoryAccess::scope.
    static std::string scopeName(uint8_t scope);

    CheckDetails& m_details;
    /// The verdict of each pair of sites (the run's detector's; a thread's uses its parent's).
    RaceVerdicts m_verdicts{m_details};
    bool m_uniformWrites;
    bool m_strictRaces;
    KernelRun* m_run = nullptr;
    MemoryNames m_names;
    Space m_local{true};
    Space m_global{false};
    /// By `__global` buffer index: the Buffer::serial of a buffer no work-item can write
    /// during the run, 0 for any other buffer: a read_only image buffer whose texels no
    /// work-item can write (readOnlyImagesUnwritable), or a buffer that every argument
    /// pointing into it binds to a `__global const T *` parameter of a program that cannot
    /// write through pointers to const types (constPointeesUnwritten). Their plain reads are
    /// not recorded: they cannot race (3.3.1: a race needs a write).
    std::vector<uint64_t> m_unwritten;
    /// By `__global` buffer index: the Buffer::serial of an image buffer that each work-item
    /// writes only at its own texel (ownTexelImageBuffers, checks/OwnTexelImages.h), 0 for any
    /// other buffer. None of its accesses is recorded: no two work-items access a common byte.
    std::vector<uint64_t> m_ownTexels;
    /// For a thread's detector: the detector whose m_global it feeds (in group order).
    RaceDetector* m_parent = nullptr;
    /// A thread's detector: the batch it appends to (if its action has not run yet) and
    /// groupOrderPosts() when it last appended; its batches, and those given back.
    Batch* m_open = nullptr;
    uint64_t m_openPosts = 0;
    std::vector<std::unique_ptr<Batch>> m_batches;
    std::mutex m_freeMutex; ///< m_freeBatches (runBatch() runs on any thread)
    std::vector<Batch*> m_freeBatches;
    /// By `__global` buffer index: the Buffer::serial of a `noinit` argument's buffer (the
    /// uninitialized check tracks its bytes, so the order of atomics on it shows), 0 else.
    std::vector<uint64_t> m_noInitBuffers;
    /// orderFreeAtomicSites() of the run's program, computed at the first atomic `__global`
    /// access that needs it; m_orderFreeKnown once it is.
    std::vector<SourceRange> m_orderFreeSites;
    bool m_orderFreeKnown = false;
    /// False on a big-endian device: endian(host) conversions report the bytes they see.
    bool m_orderFreeAllowed = true;
    /// A fence of this detector's work-items named both CLK_LOCAL_MEM_FENCE and
    /// CLK_GLOBAL_MEM_FENCE: `__local` atomics are mirrored (mirrorLocalAtomic()).
    bool m_localOrdersGlobal = false;
};

} // namespace clstep
