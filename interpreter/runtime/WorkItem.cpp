// WorkItem: lifecycle, fibers and barriers.
#include "runtime/WorkItem.h"

#include <boost/context/pooled_fixedsize_stack.hpp>

#include "runtime/KernelRun.h"
#include "runtime/WorkGroup.h"

#include <cstring>

namespace clstep {

namespace {
/// Fiber stacks (1 MiB each), pooled per thread: work-groups on different threads never share.
boost::context::pooled_fixedsize_stack& fiberStacks() {
    thread_local boost::context::pooled_fixedsize_stack pool(1 << 20);
    return pool;
}
} // namespace

WorkItem::WorkItem(KernelRun& run, WorkGroup& group)
    : m_run(run), m_group(&group), m_bigEndian(run.options().deviceBigEndian),
      m_observed(!run.observers().empty()), m_directPrivate(!m_observed && !m_bigEndian) {
    m_directInitialized = !m_bigEndian;
    m_directPrivateSpace = !m_bigEndian;
    for (const ExecutionObserver* o : run.observers()) {
        if (o->observesInitializedPrivateVariables()) m_directInitialized = false;
        if (o->observesPrivateMemory()) m_directPrivateSpace = false;
    }
}

WorkItem::~WorkItem() = default;

void WorkItem::rebind(WorkGroup& group) {
    m_group = &group;
    m_state = State::Ready;
    m_barrierRange = SourceRange{};
    m_barrierFlags = 0;
    m_inAsyncCopy = false;
    m_asyncCopies = 0;
    m_frames.clear();
    m_steps = 0;
    m_seekTarget = nullptr;
    m_currentStmt = nullptr;
    m_atomicLocked = false;
    m_atomicHoldsLock = false;
    m_controller = nullptr;
    m_pausedAtStatement = false;
    m_quiet = false;
    m_inspection = nullptr;
    m_fiber = boost::context::fiber();
    m_sink = boost::context::fiber();
    m_started = false;
}

void WorkItem::setLocalId(const std::array<uint64_t, 3>& localId) {
    m_localId = localId;
    const NDRange& r = m_run.range();
    for (int d = 0; d < 3; ++d)
        m_globalId[d] = m_group->groupId()[d] * r.local[d] + localId[d] + r.offset[d];
}

void WorkItem::runKernelBody() {
    const ast::FunctionDecl& k = m_run.kernel();
    m_frames.clear();
    m_private.clear();
    m_steps = 0;
    m_asyncCopies = 0;
    Frame f = newFrame(&k);
    for (size_t i = 0; i < k.params.size(); ++i) {
        const ast::ParamDecl& p = *k.params[i];
        const Type* t = p.type->canonical();
        uint64_t addr = allocateSlot(f, p.slot, p.type, p.name, true);
        if (t->isPointer() && t->pointee.space == AddressSpace::Local) {
            store(addr, p.type, Value::ofUInt(m_group->localArgument(i)), p.range);
        } else {
            const std::vector<uint8_t>& bytes = m_run.parameterBytes(i);
            if (uint8_t* dst = m_private.bytes(addr, t->size))
                std::memcpy(dst, bytes.data(), std::min<size_t>(bytes.size(), t->size));
        }
        notifyAccess(addr, t->size, true, m_private.bytes(addr, t->size),
                     p.range); // the argument's value
    }
    m_frames.push_back(std::move(f));
    try {
        execCompound(k.body.get());
        m_state = State::Finished;
    } catch (const Abort&) {
        m_state = State::Error;
    }
    if (m_atomicLocked) atomicEnd();
    for (Frame& done : m_frames)
        recycleFrame(std::move(done));
    m_frames.clear();
}

WorkItem::Frame WorkItem::newFrame(const ast::FunctionDecl* fn) {
    Frame f;
    if (!m_spareFrames.empty()) {
        f = std::move(m_spareFrames.back());
        m_spareFrames.pop_back();
    }
    f.function = fn;
    f.callSite = nullptr;
    f.slots.assign(fn->frameSlots, 0);
    f.direct.assign(fn->frameSlots, nullptr);
    f.temps.clear();
    return f;
}

void WorkItem::recycleFrame(Frame&& f) {
    m_spareFrames.push_back(std::move(f));
}

void WorkItem::initializeProgramVariable(const ast::VarDecl& v, uint64_t addr) {
    m_frames.assign(1, Frame{});
    m_initializingProgram = true;
    try {
        if (v.init) initialize(addr, v.type, v.init.get());
    } catch (const Abort&) {
    }
    m_initializingProgram = false;
    m_frames.clear();
}

uint64_t WorkItem::allocateSlot(Frame& f, uint32_t slot, const QualType& type,
                                const std::string& name, bool initializedNow) {
    const Type* t = type->canonical();
    uint64_t addr = m_private.allocate(t->size, name);
    f.slots[slot] = addr;
    if (m_directPrivate || m_directPrivateSpace || (initializedNow && m_directInitialized))
        enableDirect(f, slot, type);
    return addr;
}

void WorkItem::enableDirect(Frame& f, uint32_t slot, const QualType& type) {
    const Type* t = type->canonical();
    if (t->isScalar() || t->isVector()) f.direct[slot] = m_private.bytes(f.slots[slot], t->size);
}

void WorkItem::runDirect() {
    m_state = State::Ready;
    runKernelBody();
    if (m_state != State::Error) m_state = State::Finished;
}

void WorkItem::resume() {
    if (m_state == State::Finished || m_state == State::Error) return;
    if (!m_started) {
        m_started = true;
        m_fiber = boost::context::fiber(std::allocator_arg, fiberStacks(),
                                        [this](boost::context::fiber&& sink) {
                                            m_sink = std::move(sink);
                                            runKernelBody();
                                            return std::move(m_sink);
                                        });
    }
    m_state = State::Ready;
    m_fiber = std::move(m_fiber).resume();
}

void WorkItem::barrier(uint32_t flags, const SourceRange& site) {
    if (!m_sink) {
        // Running directly (the kernel was judged barrier-free): nothing to wait for.
        return;
    }
    m_state = State::AtBarrier;
    m_barrierRange = site;
    m_barrierFlags = flags;
    m_sink = std::move(m_sink).resume();
}

} // namespace clstep
