// WorkItem: lifecycle, frames, fibers and barriers.
#include "runtime/WorkItem.h"

#include "runtime/Evaluator.h"
#include "runtime/FiberStackPool.h"
#include "runtime/KernelRun.h"
#include "runtime/PrivateWrites.h"
#include "runtime/WorkGroup.h"
#include "runtime/WorkItemEnv.h"
#include "runtime/exec/LoweredProgram.h"

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
    : m_run(run), m_group(&group), m_eval(std::make_unique<Evaluator>(*this)),
      m_env(std::make_unique<WorkItemEnv>(*this)) {
    attach(group);
}

void WorkItem::attach(WorkGroup& group) {
    m_group = &group;
    m_route.port = &group.memoryPort();
    std::array<Memory*, 8>& spaces = m_route.spaces;
    spaces.fill(nullptr);
    spaces[static_cast<size_t>(AddressSpace::Private)] = &m_calls.memory;
    spaces[static_cast<size_t>(AddressSpace::Global)] = &m_run.globalMemory();
    spaces[static_cast<size_t>(AddressSpace::Local)] = &group.localMemory();
    spaces[static_cast<size_t>(AddressSpace::Constant)] = &m_run.constantMemory();
    const NDRange& r = m_run.range();
    m_ids.placeInGroup(group.groupId(), r.local, r.offset);
    // on the thread that runs the group (KernelRun::flowObservers() is per thread)
    m_hooks.flowObserved = !m_run.flowObservers().empty();
    m_hooks.statementLog = m_hooks.flowObserved ? m_route.port->eventLog() : nullptr;
    m_hooks.update();
}

WorkItem::~WorkItem() {
    dropFiber();
}

void WorkItem::dropFiber() {
    m_fiber.idle = false;
    m_fiber.running = false;
    if (!m_fiber.fiber) return;
    // Destroying a suspended fiber unwinds its stack on that stack (boost's forced unwind):
    // AddressSanitizer must know it is running there, as for any other switch.
    void* fake = nullptr;
    startSwitch(&fake, static_cast<const char*>(m_fiber.stack.sp) - m_fiber.stack.size,
                m_fiber.stack.size);
    m_fiber.fiber = boost::context::fiber();
    finishSwitch(fake, nullptr, nullptr);
}

void WorkItem::rebind(WorkGroup& group) {
    // A fiber that finished its work-item waits, idle, for the next one and is kept; one
    // suspended in the middle of a kernel (a debugger reset) is unwound first.
    if (!m_fiber.idle) dropFiber();
    attach(group);
    m_state = State::Ready;
    m_wait.clear();
    m_access.asyncCopy = false;
    m_access.asyncCopies = 0;
    m_calls.frames.clear();
    m_hooks.steps = 0;
    m_eval->reset();
    m_hooks.statement = nullptr;
    m_access.atomic = false;
    m_access.holdsLock = false;
    m_hooks.controller = nullptr;
    m_hooks.update();
    m_fiber.started = false;
}

void WorkItem::setLocalId(const std::array<uint64_t, 3>& localId) {
    m_ids.setLocalId(localId, m_group->size());
}

void WorkItem::runKernelBody() {
    const ast::FunctionDecl& k = m_run.kernel();
    m_calls.frames.clear();
    m_calls.memory.clear(m_args.bound);
    m_hooks.steps = 0;
    m_access.asyncCopies = 0;
    m_wait.collectiveCalls = 0;
    // the kernel's frame: the previous work-item's, in place (FrameStack)
    m_calls.frames.push().function = &k;
    bindArguments(m_calls.frames.back());
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
    if (m_access.atomic) atomicEnd();
    m_calls.frames.clear(); // the frames' storage kept for the next work-item
}

void WorkItem::stoppedByException(const std::exception& e) noexcept {
    m_state = State::Error;
    const SourceRange& site =
        m_hooks.statement ? m_hooks.statement->range : m_run.kernel().nameRange;
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

void WorkItem::buildArgumentBindings() {
    const ast::FunctionDecl& k = m_run.kernel();
    m_args.bindings.clear();
    m_args.forgetKept();
    const exec::LoweredProgram* program = m_run.loweredProgram();
    const exec::Function* lowered = program ? program->function(&k) : nullptr;
    for (size_t i = 0; i < k.params.size(); ++i) {
        const ast::ParamDecl* p = k.params[i].get();
        const Type* t = p->type->canonical();
        const std::vector<uint8_t>& bytes = m_run.parameterBytes(i);
        const bool localPointer = t->isPointer() && t->pointee.space == AddressSpace::Local;
        const bool written =
            !lowered || i >= lowered->paramWritten.size() || lowered->paramWritten[i];
        // Scalars, vectors and opaque handles (images, samplers, events: read at each builtin
        // call) may be accessed in place.
        const bool inPlace = t->isScalar() || t->isVector() || t->kind == TypeKind::Opaque;
        m_args.bindings.push_back({p, t->size, inPlace, localPointer, !written && !localPointer,
                                   bytes.data(), std::min<uint64_t>(bytes.size(), t->size),
                                   nullptr});
    }
}

namespace {
/// The observers learn that the `size` bytes of argument buffer `addr` (in `memory`) hold
/// the argument's value: the store of a whole buffer, shown as the port shows it. When the
/// port keeps the only `__private` observer's shadow of written bytes (MemoryPort::
/// privateShadow()), that is the shadow's mark, made directly: the flags of the argument
/// kept from the previous work-item are taken over (PrivateWrites::wholeWritten).
inline void argumentWritten(WorkItem& wi, MemoryPort& port, Memory& memory, uint64_t addr,
                            uint64_t size, const uint8_t* data, const SourceRange& site) {
    if (PrivateWrites* shadow = port.privateShadow()) {
        shadow->wholeWritten(wi.localLinearId(), addr, *memory.buffer(addr));
        return;
    }
    port.notifyAccess(wi, addr, size, true, data, site);
}
} // namespace

void WorkItem::bindArguments(Frame& f) {
    const ast::FunctionDecl& k = m_run.kernel();
    if (m_args.bindings.size() != k.params.size()) buildArgumentBindings();
    std::vector<ArgumentBindings::Binding>& bindings = m_args.bindings;
    const bool unobserved = m_route.port->privateUnobserved();
    if (m_args.slotsPort == m_route.port && m_args.bound == bindings.size() &&
        m_args.kernelSlots.size() == k.frameSlots) {
        // Every argument's buffer was kept (Memory::clear(keep)): the slots and direct
        // pointers are the previous work-item's; bind the values that may have changed.
        f.addresses.assign(m_args.kernelSlots.begin(), m_args.kernelSlots.end());
        f.direct.assign(m_args.kernelDirect.begin(), m_args.kernelDirect.end());
        if (unobserved) {
            for (uint32_t i : m_args.rebound) {
                const ArgumentBindings::Binding& a = bindings[i];
                bindArgumentValue(i, a, address::make(AddressSpace::Private, i + 1, 0), a.data);
            }
            return;
        }
        if (PrivateWrites* shadow = m_route.port->privateShadow()) {
            // the values that may have changed, then every argument's buffer marked written
            // at once (argumentWritten() of each, in one pass)
            for (uint32_t i : m_args.rebound) {
                const ArgumentBindings::Binding& a = bindings[i];
                bindArgumentValue(i, a, address::make(AddressSpace::Private, i + 1, 0), a.data);
            }
            shadow->argumentsWritten(localLinearId(), m_calls.memory,
                                     static_cast<uint32_t>(bindings.size()));
            return;
        }
        for (size_t i = 0; i < bindings.size(); ++i) {
            const ArgumentBindings::Binding& a = bindings[i];
            const uint64_t addr =
                address::make(AddressSpace::Private, static_cast<uint32_t>(i + 1), 0);
            if (!a.unchanged)
                bindArgumentValue(i, a, addr, a.data);
            else
                argumentWritten(*this, *m_route.port, m_calls.memory, addr, a.size, a.data,
                                a.param->range);
        }
        return;
    }
    f.addresses.assign(k.frameSlots, 0);
    f.direct.assign(k.frameSlots, nullptr);
    const bool inPlace = directSlot(true);
    uint32_t bound = 0;
    m_args.rebound.clear();
    for (size_t i = 0; i < bindings.size(); ++i) {
        ArgumentBindings::Binding& a = bindings[i];
        const ast::ParamDecl& p = *a.param;
        if (!a.unchanged) m_args.rebound.push_back(static_cast<uint32_t>(i));
        // Argument i is in buffer i + 1 (each argument is its own buffer, allocated in
        // parameter order): the previous work-item's buffer is reused when it is still
        // there (Memory::clear(keep) kept it, the same object, its bytes in place),
        // else a buffer is allocated.
        uint64_t addr = address::make(AddressSpace::Private, static_cast<uint32_t>(i + 1), 0);
        uint8_t* data = i < m_args.bound ? a.data : nullptr;
        const bool kept = data != nullptr;
        if (!kept) addr = m_calls.memory.allocate(a.size, p.name, data);
        if (address::buffer(addr) == i + 1 && bound == i) {
            ++bound;
            a.data = data;
        } else {
            a.data = nullptr;
        }
        f.addresses[p.slot] = addr;
        if (a.inPlace && inPlace) f.direct[p.slot] = data;
        if (kept && a.unchanged) {
            // The kernel cannot have changed these bytes: they are the argument's already.
            if (!unobserved)
                argumentWritten(*this, *m_route.port, m_calls.memory, addr, a.size, data, p.range);
            continue;
        }
        bindArgumentValue(i, a, addr, data);
    }
    m_args.bound = bound;
    if (bound == bindings.size()) {
        m_args.kernelSlots = f.addresses;
        m_args.kernelDirect = f.direct;
        m_args.slotsPort = m_route.port;
    } else {
        m_args.slotsPort = nullptr;
    }
}

void WorkItem::bindArgumentValue(size_t i, const ArgumentBindings::Binding& a, uint64_t addr,
                                 uint8_t* data) {
    const ast::ParamDecl& p = *a.param;
    if (a.localPointer) {
        std::memset(data, 0, a.size);
        m_env->store(addr, p.type, Value::ofUInt(m_group->localArgument(i)), p.range);
    } else {
        std::memcpy(data, a.value, a.valueBytes);
        if (a.valueBytes < a.size) std::memset(data + a.valueBytes, 0, a.size - a.valueBytes);
    }
    // the argument's value
    argumentWritten(*this, *m_route.port, m_calls.memory, addr, a.size, data, p.range);
}

void WorkItem::initializeProgramVariable(const ast::VarDecl& v, uint64_t addr) {
    m_calls.frames.clear();
    Frame& f = m_calls.frames.push(); // a frame of no function, no slots: temporaries only
    f.addresses.clear();
    f.direct.clear();
    m_args.forgetKept(); // its temporaries may take the arguments' buffers
    m_access.initializingProgram = true;
    try {
        const exec::LoweredProgram* lowered = m_run.loweredProgram();
        if (const exec::InitPlan* plan = lowered ? lowered->programInit(&v) : nullptr)
            m_eval->initLowered(*plan, addr);
    } catch (const Abort&) {
    }
    m_access.initializingProgram = false;
    m_calls.frames.clear();
}

void WorkItem::enableDirect(Frame& f, uint32_t slot, const QualType& type) {
    const Type* t = type->canonical();
    if (t->isScalar() || t->isVector())
        f.direct[slot] = m_calls.memory.bytes(f.addresses[slot], t->size);
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
        FiberStackPool::Allocator{FiberStackPool::forThisThread(), &m_fiber.stack},
        [this](boost::context::fiber&& from) -> boost::context::fiber {
            arrived(std::move(from), nullptr);
            // One work-item per turn: a finished work-item's fiber waits here, idle, until
            // the work-item is rebound and resumed (saves creating a fiber per work-item).
            // It ends only when destroyed (dropFiber(), a forced unwind from the switch).
            for (;;) {
                m_fiber.running = true;
                runKernelBody();
                m_fiber.running = false;
                m_fiber.idle = true;
                switchOut();
                m_fiber.idle = false;
            }
        });
}

bool WorkItem::prepareToRun() {
    if (!m_fiber.started) {
        m_fiber.started = true;
        if (!m_fiber.fiber) {
            try {
                m_fiber.fiber = makeFiber();
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
                    static_cast<const char*>(next->m_fiber.stack.sp) - next->m_fiber.stack.size,
                    next->m_fiber.stack.size);
    else
        startSwitch(&fake, g.schedulerStackBottom, g.schedulerStackSize);
    boost::context::fiber& target = next ? next->m_fiber.fiber : g.scheduler;
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
    switchTo(next, &m_fiber.fiber);
}

void WorkItem::barrier(uint32_t flags, const SourceRange& site) {
    if (!m_fiber.running) {
        // Running directly (the kernel was judged barrier-free): nothing to wait for.
        return;
    }
    m_state = State::AtBarrier;
    m_wait.enter(site, flags, "barrier", false);
    switchOut();
}

void WorkItem::switchToCaller() {
    switchTo(nullptr, &m_fiber.fiber);
}

uint32_t WorkItem::maxSubGroupSize() const {
    return std::max<uint32_t>(1, m_run.options().subGroupSize);
}

std::span<const Value> WorkItem::collective(const Value& mine, bool subGroup, const char* what,
                                            const SourceRange& site) {
    // Two slot buffers, alternating per call: a work-item released from call k may enter
    // call k+1 (writing the other buffer) before the last one has read the results of k.
    std::vector<Value>& slots = m_group->collectiveSlots(m_wait.collectiveCalls++ & 1);
    const uint64_t id = localLinearId();
    slots[id] = mine;
    if (m_fiber.running) {
        m_state = State::AtBarrier;
        m_wait.enter(site, 0, what, subGroup); // no memory fence (6.13.15: only synchronises)
        switchOut();
    }
    if (!subGroup) return {slots.data(), slots.size()};
    const uint64_t s = maxSubGroupSize(), first = id / s * s;
    return {slots.data() + first, std::min<uint64_t>(s, slots.size() - first)};
}

} // namespace clstep
