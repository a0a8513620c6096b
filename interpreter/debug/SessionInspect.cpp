// Session: snapshots (work-item states, variables, memory contents).
#include "debug/AccessTracer.h"
#include "debug/Session.h"
#include "debug/SessionController.h"
#include "debug/SnapshotPager.h"
#include "debug/ValueFormatter.h"
#include "frontend/AstWalk.h"
#include "runtime/KernelRun.h"
#include "runtime/WorkGroup.h"
#include "runtime/WorkItem.h"

namespace clstep::debug {

using namespace ast;

const char* workItemStateName(WorkItemState s) {
    switch (s) {
    case WorkItemState::NotStarted:
        return "not started";
    case WorkItemState::Ready:
        return "ready";
    case WorkItemState::AtBarrier:
        return "at barrier";
    case WorkItemState::AtBreakpoint:
        return "at breakpoint";
    case WorkItemState::Finished:
        return "finished";
    case WorkItemState::Error:
        return "error";
    }
    return "?";
}

namespace {

const uint8_t* bytesAt(const WorkItem& wi, const KernelRun& run, const WorkGroup& g, uint64_t a,
                       uint64_t size) {
    const Memory* mem = nullptr;
    switch (address::space(a)) {
    case AddressSpace::Private:
        mem = &wi.privateMemory();
        break;
    case AddressSpace::Local:
        mem = &const_cast<WorkGroup&>(g).localMemory();
        break;
    case AddressSpace::Global:
        mem = &const_cast<KernelRun&>(run).globalMemory();
        break;
    case AddressSpace::Constant:
        mem = &const_cast<KernelRun&>(run).constantMemory();
        break;
    default:
        return nullptr;
    }
    return const_cast<Memory*>(mem)->bytes(a, size);
}

} // namespace

std::vector<uint8_t> Session::argumentBytes(size_t index) const {
    return m_run ? m_run->argumentBytes(index) : std::vector<uint8_t>{};
}

void Session::fillVariables(Snapshot& s) const {
    const WorkItem* wi = selectedItem();
    const WorkGroup* g = viewedGroup();
    if (!wi || !g || wi->callDepth() == 0) return;
    size_t frame = wi->callDepth() - 1;
    const FunctionDecl* f = wi->frameFunction(frame);
    ValueFormatter fmt(m_runOptions.deviceBigEndian);
    auto add = [&](const std::string& name, const QualType& type, uint32_t slot) {
        uint64_t a = wi->frameSlotAddress(frame, slot);
        if (!a) return;
        uint64_t size = type->canonical()->size;
        s.variables.push_back(fmt.variable(name, type, a, bytesAt(*wi, *m_run, *g, a, size), size));
    };
    for (const auto& p : f->params)
        add(p->name, p->type, p->slot);
    // the function's own variables, in declaration order (program-scope ones are not its)
    walk(f->body.get(), [&](const Stmt* st) {
        if (st->kind != StmtKind::Decl) return;
        for (const DeclPtr& d : static_cast<const DeclStmt*>(st)->decls)
            if (d->kind == DeclKind::Var && !static_cast<const VarDecl*>(d.get())->isProgramScope) {
                auto* v = static_cast<const VarDecl*>(d.get());
                add(v->name, v->type, v->slot);
            }
    });
}

std::shared_ptr<const ElementLayout> Session::elementLayout(AddressSpace space,
                                                            const std::string& name) const {
    if (!m_run || name.empty()) return nullptr;
    const FunctionDecl& k = m_run->kernel();
    if (space == AddressSpace::Private) {
        // a kernel parameter's own copy (a pointer argument is an address), else the kernel's
        // variable of that name: what the memory pane decodes once the work-item finished and
        // no frame names its variables (issue #31 item 2)
        for (const auto& p : k.params)
            if (p->name == name) return ElementLayout::of(p->type.type);
        std::shared_ptr<const ElementLayout> found;
        if (k.body)
            walk(k.body.get(), [&](const Stmt* st) {
                if (found || st->kind != StmtKind::Decl) return;
                for (const DeclPtr& d : static_cast<const DeclStmt*>(st)->decls) {
                    if (d->kind != DeclKind::Var || d->name != name) continue;
                    const auto* v = static_cast<const VarDecl*>(d.get());
                    if (!v->isProgramScope && (v->type.space == AddressSpace::Private ||
                                               v->type.space == AddressSpace::None)) {
                        const Type* t = v->type.type->canonical();
                        while (t->isArray() && t->element)
                            t = t->element->canonical();
                        found = ElementLayout::of(t);
                    }
                }
            });
        return found;
    }
    // a kernel argument: the .sim's element type unless it says only bytes, else the pointee
    for (size_t i = 0; i < k.params.size(); ++i) {
        const ParamDecl& p = *k.params[i];
        if (p.name != name || !p.type->canonical()->isPointer()) continue;
        if (i < m_argTypeNames.size() && !m_argTypeNames[i].empty() &&
            m_argTypeNames[i] != "uchar" && m_argTypeNames[i] != "char") {
            const uint64_t size = m_args.size() > i ? m_args[i].elementBytes : 0;
            if (size) return ElementLayout::ofScalar(m_argTypeNames[i], size);
        }
        return ElementLayout::of(p.type->canonical()->pointee.type);
    }
    auto arrayElement = [](const Type* t) {
        t = t->canonical();
        while (t->isArray() && t->element)
            t = t->element->canonical();
        return t;
    };
    // a program-scope variable, or a __local variable of the kernel
    for (const VarDecl* v : m_program->programVars)
        if (v->name == name && v->type.space == space)
            return ElementLayout::of(arrayElement(v->type.type));
    if (space == AddressSpace::Local && k.body) {
        std::shared_ptr<const ElementLayout> found;
        walk(k.body.get(), [&](const Stmt* st) {
            if (found || st->kind != StmtKind::Decl) return;
            for (const DeclPtr& d : static_cast<const DeclStmt*>(st)->decls)
                if (d->kind == DeclKind::Var && d->name == name &&
                    static_cast<const VarDecl*>(d.get())->type.space == AddressSpace::Local)
                    found = ElementLayout::of(
                        arrayElement(static_cast<const VarDecl*>(d.get())->type.type));
        });
        return found;
    }
    return nullptr;
}

void Session::fillMemory(Snapshot& s) const {
    m_pager->beginSnapshot();
    auto regions = [&](const Memory& mem, uint64_t owner, std::vector<MemoryRegion>& out) {
        const auto& buffers = mem.buffers();
        for (uint32_t i = 1; i < buffers.size(); ++i) {
            const Buffer& b = buffers[i];
            if (!b.alive) continue;
            const size_t n = b.bytes.size();
            MemoryRegion r;
            r.space = mem.space();
            r.name = b.name();
            r.address = address::make(mem.space(), i, 0);
            const AccessTracer::Key key{static_cast<int>(mem.space()), owner, i};
            // pages the last step did not change are the previous snapshot's (SnapshotPager)
            r.bytes = m_pager->bytes(key, b.bytes);
            // host-initialised argument buffers count as written, and so do program-scope
            // variables and string literals (initialised, or zeroed, before the kernel
            // starts: spec 6.5.3); only a buffer the .sim leaves uninitialised does not.
            // __private bytes start zeroed.
            bool initialised = mem.space() == AddressSpace::Private;
            if (mem.space() == AddressSpace::Global || mem.space() == AddressSpace::Constant) {
                initialised = true;
                for (const KernelArgument& a : m_args)
                    if (a.name == b.name() && a.kind == KernelArgument::Kind::Buffer) {
                        initialised = !a.noInit;
                        break;
                    }
            }
            const AccessTracer::Shadow* sh = m_tracer->shadow(key);
            // the pages holding bytes accessed by the latest action get last read/write marks
            std::vector<bool> markPages;
            if (sh && m_step > 0 && m_tracer->touchedStep() == m_step) {
                constexpr size_t kPage = PagedArray<uint8_t>::kPageElements;
                markPages.assign((n + kPage - 1) / kPage, m_tracer->touchedOverflow());
                if (!m_tracer->touchedOverflow())
                    for (const AccessTracer::Touch& t : m_tracer->touched())
                        if (t.key == key)
                            for (size_t p = t.begin / kPage;
                                 p < markPages.size() && p * kPage < t.end; ++p)
                                markPages[p] = true;
            }
            r.flags = m_pager->flags(key, n, sh, initialised, m_step, markPages);
            if (sh) {
                // shared with the tracer's shadow until it next writes those pages
                r.lastAccessor = sh->accessor;
                r.lastStep = sh->step;
                r.lastAccessor.resize(n, -1);
                r.lastStep.resize(n, 0);
            }                       // never accessed: lastAccessor and lastStep stay empty
            if (m_byteStatistics) { // per-byte statistics only while a pane shows them
                if (m_stats) r.accessCost = m_stats->byteCosts(r.address, n);
                if (sh) {
                    r.accessCount.assign(n, 0);
                    for (size_t k = 0; k < n && k < sh->count.size(); ++k)
                        r.accessCount[k] = sh->count[k];
                }
            }
            r.element = elementLayout(mem.space(), b.name());
            if (mem.space() == AddressSpace::Global)
                if (const image::Object* img = m_run->imageAt(r.address))
                    r.image = std::make_shared<const image::Object>(*img);
            out.push_back(std::move(r));
        }
    };
    regions(m_run->globalMemory(), 0, s.memory[AddressSpace::Global]);
    regions(m_run->constantMemory(), 0, s.memory[AddressSpace::Constant]);
    if (const WorkGroup* g = viewedGroup()) {
        regions(const_cast<WorkGroup*>(g)->localMemory(), m_viewLinear,
                s.memory[AddressSpace::Local]);
        if (const WorkItem* wi = selectedItem()) {
            regions(wi->privateMemory(), 0, s.memory[AddressSpace::Private]);
            // the selected work-item's reads and writes of the last step, initializations of
            // variables included
            if (m_step > 0 && m_tracer->touchedStep() == m_step) {
                const WorkItemId id = wi->ids();
                const int64_t me = static_cast<int64_t>(
                    id.global[0] - m_range.offset[0] +
                    m_range.global[0] * ((id.global[1] - m_range.offset[1]) +
                                         m_range.global[1] * (id.global[2] - m_range.offset[2])));
                for (const AccessTracer::PrivateTouch& t : m_tracer->privateTouches()) {
                    if (t.workItem != me) continue;
                    for (MemoryRegion& r : s.memory[AddressSpace::Private]) {
                        if (address::buffer(r.address) != t.buffer) continue;
                        const size_t n = r.bytes.size();
                        if (r.lastAccessor.size() < n) r.lastAccessor.resize(n, -1);
                        if (r.lastStep.size() < n) r.lastStep.resize(n, 0);
                        for (uint64_t k = t.begin; k < t.end && k < n; ++k) {
                            r.flags[k] |=
                                t.write ? (ByteLastWrite | ByteLastAccessWrite) : ByteLastRead;
                            r.lastAccessor[k] = me;
                            r.lastStep[k] = m_step;
                        }
                    }
                }
            }
        }
    }
    m_pager->endSnapshot();
}

Snapshot Session::snapshot() const {
    Snapshot s;
    s.step = m_step;
    s.stopReason = m_lastError.empty() ? m_stop.text : m_lastError;
    s.diagnostics = diagnostics();
    s.launchFile = m_launchPath;
    s.diagnosticDetails.assign(s.diagnostics.size(), nullptr);
    s.trace = m_tracer->log().entries();
    s.traceTotal = m_tracer->log().total();
    if (!m_run) return s;
    s.running = true;
    s.runFinished = !m_group;
    s.diagnosticCounts.assign(s.diagnostics.size(), 1);
    s.diagnosticShown.assign(s.diagnostics.size(), 1);
    size_t offset = s.diagnostics.size() - m_run->diagnostics().size();
    for (size_t i = 0; i < m_run->diagnosticCounts().size(); ++i) {
        if (offset + i >= s.diagnostics.size()) break;
        s.diagnosticCounts[offset + i] = m_run->diagnosticCounts()[i];
        s.diagnosticShown[offset + i] = m_run->diagnosticCounts()[i];
        // a repeated report shows the occurrence the last action stopped at (the pair of the
        // stop reason), else its latest occurrence
        if (m_controller->shownIndex == static_cast<long>(i)) {
            s.diagnostics[offset + i] = m_controller->shown;
            s.diagnosticShown[offset + i] = m_controller->shownNumber;
        } else if (s.diagnosticCounts[offset + i] > 1) {
            s.diagnostics[offset + i] = m_run->latestOccurrence(i);
        }
    }
    s.output = m_run->output();
    s.group = groupIdOf(m_viewLinear);
    for (int d = 0; d < 3; ++d)
        s.numGroups[d] = m_range.groups(d);
    s.groupsFinished = m_groupsFinished;
    const WorkGroup* g = viewedGroup();
    if (g) {
        s.groupSize = g->size();
        s.groupFinished = g->finished();
        s.selected = m_selected;
        for (size_t i = 0; i < g->workItems().size(); ++i) {
            const WorkItem& wi = *g->workItems()[i];
            WorkItemSnapshot w;
            w.id = wi.ids();
            w.linearLocalId = i;
            w.steps = wi.stepsExecuted();
            w.reportedError = m_controller->erred.count(w.id.global) != 0;
            switch (wi.state()) {
            case WorkItem::State::Ready:
                w.state = wi.stepsExecuted() == 0     ? WorkItemState::NotStarted
                          : m_atBreakpoint.count(&wi) ? WorkItemState::AtBreakpoint
                                                      : WorkItemState::Ready;
                break;
            case WorkItem::State::AtBarrier:
                w.state = WorkItemState::AtBarrier;
                break;
            case WorkItem::State::Finished:
                w.state = WorkItemState::Finished;
                break;
            case WorkItem::State::Error:
                w.state = WorkItemState::Error;
                break;
            }
            if (wi.state() == WorkItem::State::AtBarrier)
                w.position = wi.barrierRange();
            else if (wi.currentStatement())
                w.position = wi.currentStatement()->range;
            else if (w.state == WorkItemState::NotStarted)
                w.position = m_run->kernel().nameRange;
            for (size_t f = 0; f < wi.callDepth(); ++f) {
                StackFrame fr;
                fr.function = wi.frameFunction(f)->name;
                if (const Stmt* st = wi.frameStatement(f)) fr.position = st->range;
                w.callStack.push_back(fr);
            }
            w.subGroup =
                static_cast<uint32_t>(i / std::max<uint32_t>(1, m_runOptions.subGroupSize));
            s.workItems.push_back(std::move(w));
        }
        s.subGroupSize = m_runOptions.subGroupSize;
        const std::vector<Scheduler::LaneState> lanes =
            Scheduler::laneStates(g->workItems(), m_runOptions.subGroupSize);
        for (size_t i = 0; i < lanes.size(); ++i)
            s.workItems[i].lane = lanes[i];
        // the branch that split a sub-group, while it has masked lanes (only known for the
        // executing group)
        const size_t groups =
            (lanes.size() + s.subGroupSize - 1) / std::max<uint32_t>(1, s.subGroupSize);
        s.subGroupSplits.assign(groups, SourceRange{});
        for (size_t sg = 0; sg < groups; ++sg) {
            bool masked = false;
            for (size_t i = sg * s.subGroupSize;
                 i < std::min(lanes.size(), (sg + 1) * s.subGroupSize); ++i)
                masked = masked || lanes[i] == Scheduler::LaneState::Masked;
            if (masked && m_stats && g == m_group.get())
                s.subGroupSplits[sg] = m_stats->lastSplit(static_cast<uint32_t>(sg));
        }
    }
    if (m_stats) {
        s.accessStats =
            std::make_shared<const std::vector<AccessStatsRecord>>(m_stats->accessRecords());
        s.divergence =
            std::make_shared<const std::vector<DivergenceRecord>>(m_stats->divergenceRecords());
    }
    fillVariables(s);
    fillMemory(s);
    fillCheckResults(s);
    return s;
}

} // namespace clstep::debug
