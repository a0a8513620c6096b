// RaceDetector: the run's and work-groups' lifecycle (run begin/end/discard, per-thread
// copies, work-group begin, barriers); the detection itself is RaceDetector.cpp.
#include "checks/RaceDetector.h"

#include "checks/ConstPointees.h"
#include "checks/OwnTexelImages.h"
#include "checks/ReadOnlyImages.h"
#include "core/Address.h"
#include "frontend/AstDecl.h"
#include "runtime/GroupOrder.h"
#include "runtime/KernelRun.h"
#include "runtime/WorkGroup.h"
#include "runtime/WorkItem.h"

#include <algorithm>
#include <cstring>
#include <memory>

namespace clstep {

namespace {

constexpr uint32_t kLocalFence = 1;  // CLK_LOCAL_MEM_FENCE
constexpr uint32_t kGlobalFence = 2; // CLK_GLOBAL_MEM_FENCE

} // namespace

RaceDetector::RaceDetector(CheckDetails& details, bool uniformWrites, bool strictRaces)
    : m_details(details), m_uniformWrites(uniformWrites), m_strictRaces(strictRaces) {}

RaceDetector::~RaceDetector() = default;

void RaceDetector::Space::reset() {
    shadows.clear();
    sites.clear();
    groupStamps.clear();
    nextStamp = 1; // stamp 0 means "no access"
    groupStart = stamp = intervalStart = ordinal = 0;
    exhausted = crossGroup = false;
    siteOrderFree.clear();
    objects.clear();
    objectBuffers.clear();
    sequences = 0;
    objectTicks = 0;
    acquired.clear();
    pending.clear();
    fences.clear();
    fenced = localObjects = false;
    rmwEntity = kNoEntity;
    lastRead = {};
    processed = 0;
    reported.clear();
    siteSemantics.clear();
}

uint32_t RaceDetector::Space::newStamp() {
    if (nextStamp == std::numeric_limits<uint32_t>::max()) {
        exhausted = true;
        return 0;
    }
    return nextStamp++;
}

void RaceDetector::onRunBegin(KernelRun& run) {
    m_run = &run;
    m_names.onRunBegin(run);
    m_local.reset();
    m_global.reset();
    m_verdicts.reset();
    m_unwritten.clear();
    m_ownTexels.clear();
    m_noInitBuffers.clear();
    m_orderFreeSites.clear();
    m_orderFreeKnown = false;
    m_orderFreeAllowed = !run.options().deviceBigEndian;
    if (m_parent) {
        m_unwritten = m_parent->m_unwritten;
        m_ownTexels = m_parent->m_ownTexels;
        return;
    }
    // The address a buffer or image argument `i` holds (0 for another kind of argument).
    const auto& args = run.arguments();
    auto addressOf = [&run](size_t i) -> uint64_t {
        std::vector<uint8_t> p = run.parameterBytes(i);
        if (p.size() != 8) return 0;
        if (run.options().deviceBigEndian) std::reverse(p.begin(), p.end());
        uint64_t a = 0;
        std::memcpy(&a, p.data(), 8);
        return a;
    };
    // The launch's `noinit` buffers (their order-free atomics are not let through).
    for (size_t i = 0; i < args.size(); ++i) {
        if (args[i].kind != KernelArgument::Kind::Buffer || !args[i].noInit) continue;
        const uint64_t a = addressOf(i);
        const Buffer* b = a ? run.globalMemory().buffer(a) : nullptr;
        if (!b || address::space(a) != AddressSpace::Global) continue;
        const uint32_t index = address::buffer(a);
        if (m_noInitBuffers.size() <= index) m_noInitBuffers.resize(index + 1, 0);
        m_noInitBuffers[index] = b->serial;
    }
    // The buffers every argument pointing into binds to a `__global const T *` parameter, in a
    // program that cannot write through pointers to const types (constPointeesUnwritten):
    // nothing writes them during the run, so their plain reads cannot race (3.3.1).
    {
        const auto& params = run.kernel().params;
        std::vector<uint8_t> state; // by buffer index: 1 const parameters only, 2 not
        bool any = false;
        for (size_t i = 0; i < args.size(); ++i) {
            const uint64_t a = addressOf(i);
            if (!a || address::space(a) != AddressSpace::Global) continue;
            const uint32_t index = address::buffer(a);
            if (state.size() <= index) state.resize(index + 1, 0);
            const Type* t =
                i < params.size() && params[i]->type.type ? params[i]->type->canonical() : nullptr;
            const bool constOnly = args[i].kind == KernelArgument::Kind::Buffer && t &&
                                   t->isPointer() && t->pointee.isConst &&
                                   t->pointee.space == AddressSpace::Global;
            if (!constOnly)
                state[index] = 2;
            else if (state[index] == 0)
                state[index] = 1;
            any = any || constOnly;
        }
        if (any && constPointeesUnwritten(run.program()))
            for (uint32_t index = 0; index < state.size(); ++index) {
                const Buffer* b =
                    state[index] == 1
                        ? run.globalMemory().buffer(address::make(AddressSpace::Global, index, 0))
                        : nullptr;
                if (!b) continue;
                if (m_unwritten.size() <= index) m_unwritten.resize(index + 1, 0);
                m_unwritten[index] = b->serial;
            }
    }
    // The buffers of images each work-item writes only at its own texel (ownTexelImageBuffers):
    // no two work-items access a common byte of them, so they cannot race (3.3.1) either.
    for (const auto& [index, serial] : ownTexelImageBuffers(run)) {
        if (m_ownTexels.size() <= index) m_ownTexels.resize(index + 1, 0);
        m_ownTexels[index] = serial;
    }
    // The buffers of read_only images that no work-item can write (readOnlyImagesUnwritable):
    // their texel reads cannot race (3.3.1: a race needs a write), so they are not recorded.
    bool unwritable = false, decided = false;
    for (size_t i = 0; i < args.size(); ++i) {
        if (args[i].kind != KernelArgument::Kind::Image) continue;
        const uint64_t a = addressOf(i);
        const Buffer* b = a ? run.globalMemory().buffer(a) : nullptr;
        if (!b || !b->readOnly || !run.imageAt(a)) continue;
        if (!decided) {
            unwritable = readOnlyImagesUnwritable(run.program());
            decided = true;
        }
        if (!unwritable) return;
        const uint32_t index = address::buffer(a);
        if (m_unwritten.size() <= index) m_unwritten.resize(index + 1, 0);
        m_unwritten[index] = b->serial;
    }
}

void RaceDetector::onRunEnd(KernelRun& run) {
    // The benign races, once no occurrence of their pair of sites changed a value (a thread's
    // detector reports to its parent's verdicts, which are given when the run ends).
    if (!m_parent) m_verdicts.finish(run);
    // Release the shadow memory; the reports live on in the KernelRun and CheckDetails.
    std::vector<BufferShadow>().swap(m_global.shadows);
    std::vector<BufferShadow>().swap(m_local.shadows);
}

void RaceDetector::onRunDiscarded(KernelRun&) {
    m_verdicts.reset();
    m_details.clear();
}

std::unique_ptr<ExecutionObserver> RaceDetector::forThread() {
    auto d = std::make_unique<RaceDetector>(m_details, m_uniformWrites, m_strictRaces);
    d->m_parent = this;
    d->m_unwritten = m_unwritten;
    d->m_ownTexels = m_ownTexels;
    return d;
}

bool RaceDetector::groupsIndependent() const {
    return !m_global.crossGroup && !m_global.exhausted;
}

void RaceDetector::beginGroup(Space& sp, uint64_t linear) {
    sp.groupStart = sp.newStamp();
    sp.groupStamps.emplace_back(sp.groupStart, linear);
    sp.stamp = sp.intervalStart = sp.groupStart;
    if (sp.groupStamps.size() >= kOwnGroup) sp.crossGroup = true; // the proof gives up
    // The work-items' clocks are the current group's: what an earlier group's work-items
    // released lives on in the atomic objects' clocks.
    sp.acquired.clear();
    if (sp.localObjects) {
        // The mirrored `__local` objects (mirrorLocalAtomic()) were the previous group's.
        std::erase_if(sp.objects, [&sp](const auto& o) {
            if (address::space(o.first) != AddressSpace::Local) return false;
            if (o.second.clock) sp.objectTicks -= o.second.clock->size();
            return true;
        });
        sp.localObjects = false;
    }
    sp.pending.clear();
    sp.fences.clear();
    sp.rmwEntity = kNoEntity;
    if (sp.local) {
        sp.objects.clear();
        sp.objectBuffers.clear();
        sp.objectTicks = 0;
    }
    sp.ordinal = static_cast<uint32_t>(sp.groupStamps.size()) & kOwnGroup;
}

void RaceDetector::onWorkGroupBegin(WorkGroup& group) {
    const NDRange& r = group.kernelRun().range();
    const auto& g = group.groupId();
    const uint64_t linear = g[0] + r.groups(0) * (g[1] + r.groups(1) * g[2]);
    beginGroup(m_local, linear);
    m_names.onWorkGroupBegin(group);
    if (!m_parent) {
        beginGroup(m_global, linear);
        return;
    }
    RaceDetector* p = m_parent;
    m_run->inGroupOrder([p, linear] { beginGroup(p->m_global, linear); });
}

void RaceDetector::onBarrier(WorkGroup&, uint32_t flags) {
    // A barrier orders the group's accesses to the spaces its fence names (spec 6.12.8).
    if (flags & kLocalFence) m_local.newInterval();
    if (!(flags & kGlobalFence)) return;
    if (!m_parent) {
        m_global.newInterval();
        return;
    }
    RaceDetector* p = m_parent;
    m_run->inGroupOrder([p] { p->m_global.newInterval(); });
}

} // namespace clstep
