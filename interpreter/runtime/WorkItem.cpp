// WorkItem: lifecycle, fibers and barriers.
#include "runtime/WorkItem.h"

#include "runtime/KernelRun.h"
#include "runtime/WorkGroup.h"

#include <boost/context/protected_fixedsize_stack.hpp>

#include <cstring>

namespace clstep {

WorkItem::WorkItem(KernelRun& run, WorkGroup& group) : m_run(run), m_group(group) {}

WorkItem::~WorkItem() = default;

void WorkItem::setLocalId(const std::array<uint64_t, 3>& localId) {
    m_localId = localId;
    const NDRange& r = m_run.range();
    for (int d = 0; d < 3; ++d)
        m_globalId[d] = m_group.groupId()[d] * r.local[d] + localId[d] + r.offset[d];
}

void WorkItem::runKernelBody() {
    const ast::FunctionDecl& k = m_run.kernel();
    m_frames.clear();
    m_private.clear();
    m_steps = 0;
    Frame f;
    f.function = &k;
    f.slots.assign(k.frameSlots, 0);
    for (size_t i = 0; i < k.params.size(); ++i) {
        const ast::ParamDecl& p = *k.params[i];
        const Type* t = p.type->canonical();
        uint64_t addr = m_private.allocate(t->size, p.name);
        f.slots[p.slot] = addr;
        if (t->isPointer() && t->pointee.space == AddressSpace::Local) {
            uint64_t local = m_group.localArgument(i);
            std::memcpy(m_private.bytes(addr, 8), &local, 8);
        } else {
            const std::vector<uint8_t>& bytes = m_run.parameterBytes(i);
            if (uint8_t* dst = m_private.bytes(addr, t->size))
                std::memcpy(dst, bytes.data(), std::min<size_t>(bytes.size(), t->size));
        }
        notifyAccess(addr, t->size, true, m_private.bytes(addr, t->size), p.range); // the argument's value
    }
    m_frames.push_back(std::move(f));
    try {
        execCompound(k.body.get());
        m_state = State::Finished;
    } catch (const Abort&) {
        m_state = State::Error;
    }
    if (m_atomicLocked) atomicEnd();
    m_frames.clear();
}

void WorkItem::initializeProgramVariable(const ast::VarDecl& v, uint64_t addr) {
    m_frames.assign(1, Frame{});
    try {
        if (v.init) initialize(addr, v.type, v.init.get());
    } catch (const Abort&) {
    }
    m_frames.clear();
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
        m_fiber = boost::context::fiber(
            std::allocator_arg, boost::context::protected_fixedsize_stack(1 << 20),
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
