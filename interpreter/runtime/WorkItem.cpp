// WorkItem: lifecycle, frames, fibers and barriers.
#include "runtime/WorkItem.h"

#include "runtime/Evaluator.h"
#include "runtime/FiberStackPool.h"
#include "runtime/KernelRun.h"
#include "runtime/WorkGroup.h"
#include "runtime/WorkItemEnv.h"
#include "runtime/exec/Program.h"

#include <algorithm>
#include <cstring>

#if defined(__SANITIZE_ADDRESS__)
#define CLSTEP_ASAN_FIBERS 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CLSTEP_ASAN_FIBERS 1
#endif
#endif
#ifdef CLSTEP_ASAN_FIBERS
#include <sanitizer/common_interface_defs.h>
#endif

namespace clstep {

namespace {
// AddressSanitizer must be told about every stack switch (otherwise it reports false
// stack-buffer-overflows on the fiber's stack); these are no-ops in other builds.
#ifdef CLSTEP_ASAN_FIBERS
inline void startSwitch(void** fake, const void* bottom, size_t size) {
    __sanitizer_start_switch_fiber(fake, bottom, size);
}
inline void finishSwitch(void* fake, const void** bottom, size_t* size) {
    __sanitizer_finish_switch_fiber(fake, bottom, size);
}
#else
inline void startSwitch(void**, const void*, size_t) {}
inline void finishSwitch(void*, const void**, size_t*) {}
#endif
} // namespace

WorkItem::WorkItem(KernelRun& run, WorkGroup& group)
    : m_run(run), m_group(&group), m_port(&group.memoryPort()),
      m_eval(std::make_unique<Evaluator>(*this)), m_env(std::make_unique<WorkItemEnv>(*this)) {
    attach(group);
}

void WorkItem::attach(WorkGroup& group) {
    m_group = &group;
    m_port = &group.memoryPort();
    m_spaces.fill(nullptr);
    m_spaces[static_cast<size_t>(AddressSpace::Private)] = &m_private;
    m_spaces[static_cast<size_t>(AddressSpace::Global)] = &m_run.globalMemory();
    m_spaces[static_cast<size_t>(AddressSpace::Local)] = &group.localMemory();
    m_spaces[static_cast<size_t>(AddressSpace::Constant)] = &m_run.constantMemory();
    const NDRange& r = m_run.range();
    for (int d = 0; d < 3; ++d)
        m_groupBase[d] = group.groupId()[d] * r.local[d] + r.offset[d];
    // on the thread that runs the group (KernelRun::flowObservers() is per thread)
    m_flowObserved = !m_run.flowObservers().empty();
    m_statementLog = m_flowObserved ? m_port->eventLog() : nullptr;
    updateStepHooks();
}

WorkItem::~WorkItem() {
    dropFiber();
}

void WorkItem::dropFiber() {
    m_fiberIdle = false;
    m_onFiber = false;
    if (!m_fiber) return;
    // Destroying a suspended fiber unwinds its stack on that stack (boost's forced unwind):
    // AddressSanitizer must know it is running there, as for any other switch.
    void* fake = nullptr;
    startSwitch(&fake, static_cast<const char*>(m_fiberStack.sp) - m_fiberStack.size,
                m_fiberStack.size);
    m_fiber = boost::context::fiber();
    finishSwitch(fake, nullptr, nullptr);
}

void WorkItem::rebind(WorkGroup& group) {
    // A fiber that finished its work-item waits, idle, for the next one and is kept; one
    // suspended in the middle of a kernel (a debugger reset) is unwound first.
    if (!m_fiberIdle) dropFiber();
    attach(group);
    m_state = State::Ready;
    m_barrierRange = SourceRange{};
    m_barrierFlags = 0;
    m_inAsyncCopy = false;
    m_asyncCopies = 0;
    m_collectiveCalls = 0;
    m_frames.clear();
    m_steps = 0;
    m_eval->reset();
    m_currentStmt = nullptr;
    m_atomicLocked = false;
    m_atomicHoldsLock = false;
    m_controller = nullptr;
    updateStepHooks();
    m_pausedAtStatement = false;
    m_started = false;
}

void WorkItem::setLocalId(const std::array<uint64_t, 3>& localId) {
    m_localId = localId;
    for (int d = 0; d < 3; ++d)
        m_globalId[d] = m_groupBase[d] + localId[d];
    const std::array<uint64_t, 3>& size = m_group->size();
    m_localLinearId = localId[0] + size[0] * (localId[1] + size[1] * localId[2]);
}

void WorkItem::runKernelBody() {
    const ast::FunctionDecl& k = m_run.kernel();
    m_frames.clear();
    m_private.clear(m_boundArguments);
    m_steps = 0;
    m_asyncCopies = 0;
    m_collectiveCalls = 0;
    m_frames.push_back(takeFrame(&k));
    bindArguments(m_frames.back());
    try {
        m_eval->runBody(&k);
        m_state = State::Finished;
    } catch (const Abort&) {
        m_state = State::Error;
    } catch (const std::exception& e) {
        // Nothing may leave a work-item's fiber (std::terminate); without a fiber the
        // exception would reach the front end with no location. Said at the statement.
        stoppedByException(e);
    }
    if (m_atomicLocked) atomicEnd();
    for (Frame& done : m_frames)
        recycleFrame(std::move(done));
    m_frames.clear();
}

void WorkItem::stoppedByException(const std::exception& e) noexcept {
    m_state = State::Error;
    const SourceRange& site = m_currentStmt ? m_currentStmt->range : m_run.kernel().nameRange;
    try {
        if (dynamic_cast<const std::bad_alloc*>(&e))
            reportError(DiagnosticKind::AllocationTooLarge,
                        "the host ran out of memory while this work-item ran this statement "
                        "(use smaller work-groups, buffers or private arrays)",
                        site);
        else
            reportError(DiagnosticKind::Internal, std::string("internal error: ") + e.what(), site);
    } catch (...) {
        // No memory even for the report: the work-item stops in error, unreported.
    }
}

void WorkItem::bindArguments(Frame& f) {
    const ast::FunctionDecl& k = m_run.kernel();
    if (m_arguments.size() != k.params.size()) {
        m_arguments.clear();
        m_boundArguments = 0;
        m_kernelSlotsPort = nullptr;
        const exec::Program* program = m_run.loweredProgram();
        const exec::Function* lowered = program ? program->function(&k) : nullptr;
        for (size_t i = 0; i < k.params.size(); ++i) {
            const ast::ParamDecl* p = k.params[i].get();
            const Type* t = p->type->canonical();
            const std::vector<uint8_t>& bytes = m_run.parameterBytes(i);
            const bool localPointer = t->isPointer() && t->pointee.space == AddressSpace::Local;
            const bool written =
                !lowered || i >= lowered->paramWritten.size() || lowered->paramWritten[i];
            m_arguments.push_back({p, t->size, t->isScalar() || t->isVector(), localPointer,
                                   !written && !localPointer, bytes.data(),
                                   std::min<uint64_t>(bytes.size(), t->size), nullptr});
        }
    }
    const bool unobserved = m_port->privateUnobserved();
    if (m_kernelSlotsPort == m_port && m_boundArguments == m_arguments.size() &&
        m_kernelSlots.size() == k.frameSlots) {
        // Every argument's buffer was kept (Memory::clear(keep)): the slots and direct
        // pointers are the previous work-item's; bind the values that may have changed.
        f.slots.assign(m_kernelSlots.begin(), m_kernelSlots.end());
        f.direct.assign(m_kernelDirect.begin(), m_kernelDirect.end());
        if (unobserved) {
            for (uint32_t i : m_rebound) {
                const ArgumentBinding& a = m_arguments[i];
                bindArgumentValue(i, a, address::make(AddressSpace::Private, i + 1, 0), a.data);
            }
            return;
        }
        for (size_t i = 0; i < m_arguments.size(); ++i) {
            const ArgumentBinding& a = m_arguments[i];
            const uint64_t addr =
                address::make(AddressSpace::Private, static_cast<uint32_t>(i + 1), 0);
            if (!a.unchanged)
                bindArgumentValue(i, a, addr, a.data);
            else
                notifyAccess(addr, a.size, true, a.data, a.param->range);
        }
        return;
    }
    f.slots.assign(k.frameSlots, 0);
    f.direct.assign(k.frameSlots, nullptr);
    const bool inPlace = directSlot(true);
    uint32_t bound = 0;
    m_rebound.clear();
    for (size_t i = 0; i < m_arguments.size(); ++i) {
        ArgumentBinding& a = m_arguments[i];
        const ast::ParamDecl& p = *a.param;
        if (!a.unchanged) m_rebound.push_back(static_cast<uint32_t>(i));
        // Argument i is in buffer i + 1 (each argument is its own buffer, allocated in
        // parameter order): the previous work-item's buffer is reused when it is still
        // there (Memory::clear(keep) gave it a new serial and left its bytes in place),
        // else a buffer is allocated.
        uint64_t addr = address::make(AddressSpace::Private, static_cast<uint32_t>(i + 1), 0);
        uint8_t* data = i < m_boundArguments ? a.data : nullptr;
        const bool kept = data != nullptr;
        if (!kept) addr = m_private.allocate(a.size, p.name, data);
        if (address::buffer(addr) == i + 1 && bound == i) {
            ++bound;
            a.data = data;
        } else {
            a.data = nullptr;
        }
        f.slots[p.slot] = addr;
        if (a.inPlace && inPlace) f.direct[p.slot] = data;
        if (kept && a.unchanged) {
            // The kernel cannot have changed these bytes: they are the argument's already.
            if (!unobserved) notifyAccess(addr, a.size, true, data, p.range);
            continue;
        }
        bindArgumentValue(i, a, addr, data);
    }
    m_boundArguments = bound;
    if (bound == m_arguments.size()) {
        m_kernelSlots = f.slots;
        m_kernelDirect = f.direct;
        m_kernelSlotsPort = m_port;
    } else {
        m_kernelSlotsPort = nullptr;
    }
}

void WorkItem::bindArgumentValue(size_t i, const ArgumentBinding& a, uint64_t addr, uint8_t* data) {
    const ast::ParamDecl& p = *a.param;
    if (a.localPointer) {
        std::memset(data, 0, a.size);
        m_env->store(addr, p.type, Value::ofUInt(m_group->localArgument(i)), p.range);
    } else {
        std::memcpy(data, a.value, a.valueBytes);
        if (a.valueBytes < a.size) std::memset(data + a.valueBytes, 0, a.size - a.valueBytes);
    }
    notifyAccess(addr, a.size, true, data, p.range); // the argument's value
}

WorkItem::Frame WorkItem::newFrame(const ast::FunctionDecl* fn) {
    Frame f = takeFrame(fn);
    f.slots.assign(fn->frameSlots, 0);
    f.direct.assign(fn->frameSlots, nullptr);
    return f;
}

WorkItem::Frame WorkItem::takeFrame(const ast::FunctionDecl* fn) {
    Frame f;
    if (!m_spareFrames.empty()) {
        Frame& spare = m_spareFrames.back();
        f.slots.swap(spare.slots);
        f.direct.swap(spare.direct);
        f.temps.swap(spare.temps);
        f.exprTemps.swap(spare.exprTemps);
        m_spareFrames.pop_back();
        f.temps.clear();
        f.exprTemps.clear();
    }
    f.function = fn;
    return f;
}

void WorkItem::recycleFrame(Frame&& f) {
    m_spareFrames.push_back(std::move(f));
}

void WorkItem::initializeProgramVariable(const ast::VarDecl& v, uint64_t addr) {
    m_frames.assign(1, Frame{});
    m_boundArguments = 0; // its temporaries may take the arguments' buffers
    m_kernelSlotsPort = nullptr;
    m_initializingProgram = true;
    try {
        const exec::Program* lowered = m_run.loweredProgram();
        if (const exec::InitPlan* plan = lowered ? lowered->programInit(&v) : nullptr)
            m_eval->initLowered(*plan, addr);
    } catch (const Abort&) {
    }
    m_initializingProgram = false;
    m_frames.clear();
}

uint64_t WorkItem::allocateSlot(Frame& f, uint32_t slot, const QualType& type,
                                const std::string& name, bool initializedNow) {
    const Type* t = type->canonical();
    uint8_t* data;
    uint64_t addr = m_private.allocateNamed(t->size, name, data);
    f.slots[slot] = addr;
    if ((t->isScalar() || t->isVector()) && directSlot(initializedNow))
        f.direct[slot] = data; // what enableDirect() would find, without the lookup
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

boost::context::fiber WorkItem::makeFiber() {
    // Fiber stacks come with a guard page and are sized for kMaxNestingDepth.
    return boost::context::fiber(
        std::allocator_arg,
        FiberStackPool::Allocator{FiberStackPool::forThisThread(), &m_fiberStack},
        [this](boost::context::fiber&& from) -> boost::context::fiber {
            arrived(std::move(from), nullptr);
            // One work-item per turn: a finished work-item's fiber waits here, idle, until
            // the work-item is rebound and resumed (saves creating a fiber per work-item).
            // It ends only when destroyed (dropFiber(), a forced unwind from the switch).
            for (;;) {
                m_onFiber = true;
                runKernelBody();
                m_onFiber = false;
                m_fiberIdle = true;
                switchOut();
                m_fiberIdle = false;
            }
        });
}

bool WorkItem::prepareToRun() {
    if (!m_started) {
        m_started = true;
        if (!m_fiber) {
            try {
                m_fiber = makeFiber();
            } catch (const std::bad_alloc&) {
                // Out of address space for fiber stacks (a huge work-group): stop this
                // work-item.
                reportError(DiagnosticKind::AllocationTooLarge,
                            "no memory left for the stack of this work-item (" +
                                std::to_string(FiberStackPool::stackBytes()) +
                                " bytes); use smaller work-groups",
                            m_run.kernel().nameRange);
                m_state = State::Error;
                return false;
            }
        }
    }
    m_state = State::Ready;
    return true;
}

void WorkItem::resume() {
    if (m_state == State::Finished || m_state == State::Error) return;
    if (!prepareToRun()) return;
    switchTo(this, &m_group->fibers().scheduler);
}

void WorkItem::switchTo(WorkItem* next, boost::context::fiber* park) {
    GroupFibers& g = m_group->fibers();
    g.park = park;
    void* fake = nullptr;
    if (next)
        startSwitch(&fake,
                    static_cast<const char*>(next->m_fiberStack.sp) - next->m_fiberStack.size,
                    next->m_fiberStack.size);
    else
        startSwitch(&fake, g.schedulerStackBottom, g.schedulerStackSize);
    boost::context::fiber& target = next ? next->m_fiber : g.scheduler;
    arrived(std::move(target).resume(), fake);
}

void WorkItem::arrived(boost::context::fiber&& from, void* fake) {
    const void* bottom = nullptr;
    size_t size = 0;
    finishSwitch(fake, &bottom, &size);
    // Read the group again: an idle fiber may have been rebound to another group meanwhile.
    GroupFibers& g = m_group->fibers();
    if (g.park == &g.scheduler) {
        g.schedulerStackBottom = bottom;
        g.schedulerStackSize = size;
    }
    *g.park = std::move(from);
}

void WorkItem::switchOut() {
    WorkItem* next = nullptr;
    if (m_group->fibers().chain) {
        // The next unfinished work-item in local linear id order (the one the scheduler
        // would resume next), skipping any whose fiber cannot be created.
        for (uint64_t from = localLinearId() + 1; (next = m_group->firstUnfinished(from));
             from = next->localLinearId() + 1)
            if (next->prepareToRun()) break;
    }
    switchTo(next, &m_fiber);
}

void WorkItem::barrier(uint32_t flags, const SourceRange& site) {
    if (!m_onFiber) {
        // Running directly (the kernel was judged barrier-free): nothing to wait for.
        return;
    }
    m_state = State::AtBarrier;
    m_barrierRange = site;
    m_barrierFlags = flags;
    m_barrierName = "barrier";
    m_barrierSubGroup = false;
    switchOut();
}

void WorkItem::switchToCaller() {
    switchTo(nullptr, &m_fiber);
}

uint32_t WorkItem::maxSubGroupSize() const {
    return std::max<uint32_t>(1, m_run.options().subGroupSize);
}

std::span<const Value> WorkItem::collective(const Value& mine, bool subGroup, const char* what,
                                            const SourceRange& site) {
    // Two slot buffers, alternating per call: a work-item released from call k may enter
    // call k+1 (writing the other buffer) before the last one has read the results of k.
    std::vector<Value>& slots = m_group->collectiveSlots(m_collectiveCalls++ & 1);
    const uint64_t id = localLinearId();
    slots[id] = mine;
    if (m_onFiber) {
        m_state = State::AtBarrier;
        m_barrierRange = site;
        m_barrierFlags = 0; // no memory fence (6.13.15 functions only synchronise)
        m_barrierName = what;
        m_barrierSubGroup = subGroup;
        switchOut();
    }
    if (!subGroup) return {slots.data(), slots.size()};
    const uint64_t s = maxSubGroupSize(), first = id / s * s;
    return {slots.data() + first, std::min<uint64_t>(s, slots.size() - first)};
}

} // namespace clstep
