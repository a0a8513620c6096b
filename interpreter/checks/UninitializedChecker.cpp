#include "checks/UninitializedChecker.h"

#include "core/Address.h"
#include "frontend/AstWalk.h"
#include "frontend/Program.h"
#include "runtime/KernelRun.h"
#include "runtime/WorkGroup.h"
#include "runtime/WorkItem.h"

#include <algorithm>
#include <cstring>

namespace clstep {

UninitializedChecker::UninitializedChecker(CheckDetails& details,
                                           std::vector<std::string> noInitOrigins)
    : m_details(details), m_noInitOrigins(std::move(noInitOrigins)) {}

void UninitializedChecker::onRunBegin(KernelRun& run) {
    m_run = &run;
    m_names.onRunBegin(run);
    m_sites.clear();
    m_repeats.clear();
    m_pending.clear();
    m_last = {};
    m_bufferOrigins.clear();
    m_privateOrigins.clear();
    m_localOrigins.clear();
    m_global.clear();
    m_constant.clear();
    m_local.clear();
    m_private.clear();
    m_copyPending = false;
    m_group = nullptr;
    m_privateDecls.clear();
    m_privateDeclsBuilt = false;
    // Buffers the host left uninitialized: track them from the start of the run.
    const auto& args = run.arguments();
    for (size_t i = 0; i < args.size(); ++i) {
        if (args[i].kind != KernelArgument::Kind::Buffer || !args[i].noInit) continue;
        const std::vector<uint8_t>& p = run.parameterBytes(i);
        if (p.size() != 8) continue;
        uint64_t a = 0;
        std::memcpy(&a, p.data(), 8);
        bool constant = address::space(a) == AddressSpace::Constant;
        Memory& mem = constant ? run.constantMemory() : run.globalMemory();
        const Buffer* b = mem.buffer(a);
        if (!b) continue;
        std::vector<Written>& v = constant ? m_constant : m_global;
        uint32_t index = address::buffer(a);
        if (v.size() <= index) v.resize(index + 1);
        // Only the serial now: the flags are made at the buffer's first access (shadowFor), so
        // a checker that sees none (a parallel run's own, whose threads' copies see them)
        // never fills a flag per byte of the buffer.
        v[index].reset(b->serial, 0);
    }
}

void UninitializedChecker::onRunEnd(KernelRun&) {
    flushRepeats();
    m_global.clear();
    m_constant.clear();
    m_local.clear();
    m_private.clear();
}

void UninitializedChecker::onWorkGroupBegin(WorkGroup& group) {
    m_names.onWorkGroupBegin(group);
    m_group = &group;
    m_localOrigins.clear(); // the group's own __local buffers
}

void UninitializedChecker::onWorkGroupEnd(WorkGroup&) {
    flushRepeats();
    // The group's private memories go away with it: the next group's buffers have other
    // serials, so the flags (and their storage) are kept for its work-items (PrivateWrites).
    m_group = nullptr;
}

// Inlined into onMemoryAccess(), its only caller: it runs for every checked access.
[[gnu::always_inline]] inline UninitializedChecker::Written*
UninitializedChecker::shadowFor(const MemoryAccess& a) {
    uint32_t index = address::buffer(a.address);
    std::vector<Written>* shadows = nullptr;
    switch (address::space(a.address)) {
    case AddressSpace::Private:
        return &m_private.of(a.workItem ? a.workItem->localLinearId() : 0, a.address, *a.buffer);
    case AddressSpace::Local:
        shadows = &m_local;
        break;
    case AddressSpace::Global:
    case AddressSpace::Constant: {
        // Only noinit buffers are tracked; their serial was recorded at run start.
        std::vector<Written>& v =
            address::space(a.address) == AddressSpace::Global ? m_global : m_constant;
        if (index >= v.size() || v[index].serial != a.buffer->serial) return nullptr;
        Written& w = v[index];
        if (w.size != a.buffer->size()) [[unlikely]] // the first access: no byte written yet
            w.reset(w.serial, a.buffer->size());
        return &w;
    }
    default:
        return nullptr;
    }
    if (index >= shadows->size()) shadows->resize(index + 1);
    Written& w = (*shadows)[index];
    if (w.serial != a.buffer->serial) w.reset(a.buffer->serial, a.buffer->size());
    return &w;
}

void UninitializedChecker::onMemoryAccess(const MemoryAccess& a) {
    if (!a.buffer || !m_run) return;
    if (!a.copy) {
        // The common cases first, as checkAccess() decides them, without its call: a
        // __global / __constant buffer the host initialized (only noinit buffers are
        // tracked), and a load or store of a __local buffer the group already accessed or
        // of a tracked noinit buffer.
        const AddressSpace space = address::space(a.address);
        const uint32_t index = address::buffer(a.address);
        std::vector<Written>* shadows = nullptr;
        if (space == AddressSpace::Local) {
            shadows = &m_local;
        } else if (space == AddressSpace::Global || space == AddressSpace::Constant) {
            shadows = space == AddressSpace::Global ? &m_global : &m_constant;
            if (index >= shadows->size() || (*shadows)[index].serial != a.buffer->serial) return;
        }
        if (shadows && index < shadows->size()) {
            Written& w = (*shadows)[index];
            const uint64_t off = address::offset(a.address);
            if (w.serial == a.buffer->serial && off + a.size <= w.size) [[likely]] {
                if (a.write) {
                    w.set(off, a.size, nullptr);
                    return;
                }
                if (w.all(off, a.size)) return;
            }
        }
    }
    checkAccess(a);
}

[[gnu::noinline]] void UninitializedChecker::checkAccess(const MemoryAccess& a) {
    Written* w = shadowFor(a);
    uint64_t off = address::offset(a.address);
    if (w && off + a.size > w->size) w = nullptr;
    if (a.copy) {
        if (!a.write) {
            // Remember which source bytes were written; the write half copies the flags.
            // Mostly every byte was written (or is not tracked): no flags to copy then.
            m_copyAllWritten = !w || w->all(off, a.size);
            if (!m_copyAllWritten) {
                m_copyFlags.assign(a.size, 1);
                for (uint64_t i = 0; i < a.size; ++i)
                    m_copyFlags[i] = w->test(off + i) ? 1 : 0;
            }
            m_copySize = a.size;
            m_copyItem = a.workItem;
            m_copyPending = true;
            return;
        }
        bool matches = m_copyPending && m_copyItem == a.workItem && m_copySize == a.size;
        m_copyPending = false;
        if (w) w->set(off, a.size, matches && !m_copyAllWritten ? m_copyFlags.data() : nullptr);
        return;
    }
    if (!w) return;
    if (a.write) {
        w->set(off, a.size, nullptr);
        return;
    }
    if (w->all(off, a.size)) return;
    // Report once per read; later reads of the same bytes are reported again.
    uint64_t first = 0, unwritten = 0;
    for (uint64_t i = 0; i < a.size; ++i)
        if (!w->test(off + i) && !unwritten++) first = off + i;
    report(a, first, unwritten);
}

const UninitializedChecker::Origin& UninitializedChecker::originOf(const MemoryAccess& a) {
    const AddressSpace space = address::space(a.address);
    std::unordered_map<uint64_t, Origin>* cache = &m_bufferOrigins;
    uint64_t key = 0;
    switch (space) {
    case AddressSpace::Private:
        // A `__private` buffer is named by its declaration, fixed for the run; a temporary
        // (no name) has no origin.
        if (!a.buffer->nameSource) return m_noOrigin;
        cache = &m_privateOrigins;
        key = reinterpret_cast<uintptr_t>(a.buffer->nameSource);
        break;
    case AddressSpace::Local:
        // Which __local variable or argument a buffer is holds for the group.
        cache = &m_localOrigins;
        key = address::buffer(a.address);
        break;
    default:
        // The kernel arguments, and so which buffer is which noinit argument, are fixed for
        // the run.
        key = uint64_t(space) << 32 | address::buffer(a.address);
        break;
    }
    auto it = cache->find(key);
    if (it == cache->end()) it = cache->emplace(key, computeOrigin(a)).first;
    return it->second;
}

UninitializedChecker::Origin UninitializedChecker::computeOrigin(const MemoryAccess& a) {
    Origin o;
    const uint32_t index = address::buffer(a.address);
    const ast::FunctionDecl& kernel = m_run->kernel();
    auto declared = [&](const char* kind, const std::string& name, const SourceRange& range,
                        const char* space) {
        o.kind = kind;
        o.name = name;
        o.range = range;
        o.text = std::string("origin: the ") + space + " variable '" + name +
                 "' declared here, never written at these bytes";
    };
    switch (address::space(a.address)) {
    case AddressSpace::Private: {
        if (!a.buffer->nameSource) break; // a temporary: no declaration
        if (!m_privateDeclsBuilt) {
            m_privateDeclsBuilt = true;
            for (const ast::DeclPtr& d : m_run->program().unit->decls) {
                if (d->kind != ast::DeclKind::Function) continue;
                const auto* f = static_cast<const ast::FunctionDecl*>(d.get());
                if (!f->body) continue;
                ast::walk(f->body.get(), [this](const ast::Stmt* s) {
                    if (s->kind == ast::StmtKind::Decl)
                        for (const ast::DeclPtr& v : static_cast<const ast::DeclStmt*>(s)->decls)
                            if (v->kind == ast::DeclKind::Var)
                                m_privateDecls[&v->name] =
                                    static_cast<const ast::VarDecl*>(v.get());
                    return ast::Visit::Children;
                });
            }
        }
        auto it = m_privateDecls.find(a.buffer->nameSource);
        if (it != m_privateDecls.end())
            declared("private variable", it->second->name, it->second->nameRange, "__private");
        break;
    }
    case AddressSpace::Local:
        if (!m_group) break;
        for (const ast::VarDecl* v : ast::kernelScopeLocals(kernel.body.get()))
            if (address::buffer(m_group->localVariable(v)) == index) {
                declared("local variable", v->name, v->nameRange, "__local");
                return o;
            }
        for (size_t i = 0; i < kernel.params.size(); ++i)
            if (m_group->localArgument(i) && address::buffer(m_group->localArgument(i)) == index) {
                const ast::ParamDecl& p = *kernel.params[i];
                o.kind = "local argument";
                o.name = p.name;
                o.range = p.nameRange;
                o.text = "origin: the __local argument '" + p.name +
                         "', allocated by the launch and never written at these bytes";
                return o;
            }
        break;
    case AddressSpace::Global:
    case AddressSpace::Constant: {
        const auto& args = m_run->arguments();
        for (size_t i = 0; i < args.size() && i < kernel.params.size(); ++i) {
            if (args[i].kind != KernelArgument::Kind::Buffer || !args[i].noInit) continue;
            const std::vector<uint8_t>& p = m_run->parameterBytes(i);
            if (p.size() != 8) continue;
            uint64_t addr = 0;
            std::memcpy(&addr, p.data(), 8);
            if (address::space(addr) != address::space(a.address) || address::buffer(addr) != index)
                continue;
            const ast::ParamDecl& param = *kernel.params[i];
            o.kind = "noinit argument";
            o.name = param.name;
            o.range = param.nameRange;
            const std::string from = i < m_noInitOrigins.size() && !m_noInitOrigins[i].empty()
                                         ? m_noInitOrigins[i]
                                         : "the launch's noinit argument " + std::to_string(i + 1);
            o.text = "origin: kernel argument '" + param.name + "' is " + from +
                     ", never written at these bytes";
            return o;
        }
        break;
    }
    default:
        break;
    }
    return o;
}

void UninitializedChecker::report(const MemoryAccess& a, uint64_t firstUnwritten,
                                  uint64_t unwritten) {
    // The common repeat of a batch run: the last report's site, size and buffer again (so the
    // same origin: originOf), counted without a lookup.
    if (m_last.pending && a.buffer == m_last.buffer && a.buffer->serial == m_last.serial &&
        a.size == m_last.size && std::memcmp(&a.site, &m_last.site, sizeof a.site) == 0) {
        if (!m_last.pending->count++) m_pending.push_back(m_last.pending);
        return;
    }
    const AddressSpace space = address::space(a.address);
    const uint16_t site = m_sites.intern(a.site);
    const Origin& origin = originOf(a);
    // A repeat: a report of the same site, space, size and origin was made. A batch run
    // counts it without building it again (onWorkGroupEnd() hands the counts to the run); the
    // debugger's (RunOptions::repeatDetails) reports it with its own work-item.
    const bool batch = !m_run->options().repeatDetails;
    auto [seen, first] = m_repeats.try_emplace(RepeatKey{site, space, a.size, origin.range.begin},
                                               PendingRepeats{0, 0});
    if (batch) m_last = {&seen->second, a.buffer, a.buffer->serial, a.size, a.site};
    if (!first && batch) {
        if (!seen->second.count++) m_pending.push_back(&seen->second);
        return;
    }
    Diagnostic d;
    d.severity = Severity::Warning;
    d.kind = DiagnosticKind::UninitializedRead;
    d.range = a.site;
    d.message.reserve(160); // one allocation for the message
    d.message += "Uninitialized value read of size ";
    d.message += std::to_string(a.size);
    d.message += " at ";
    d.message += addressSpaceShortName(space);
    d.message += " memory address ";
    MemoryNames::appendHexAddress(d.message, a.address);
    // The origin is the first note of every report, repeats too: KernelRun merges reports by
    // their first note's location.
    if (origin.range.valid()) d.notes.push_back({origin.range, origin.text});
    if (batch) seen->second.mergeKey = m_run->mergeKey(d);
    WorkItemId ids = a.workItem ? a.workItem->ids() : WorkItemId{};
    uint64_t off = address::offset(a.address);
    d.message += " (" + m_names.describe(a.address, a.buffer) + "): " + std::to_string(unwritten) +
                 " of " + std::to_string(a.size) + (a.size == 1 ? " byte" : " bytes") +
                 " of the value never written (first: byte " +
                 std::to_string(firstUnwritten - off) + ")";
    if (!origin.kind.empty()) d.message += "; origin: " + origin.kind + " '" + origin.name + "'";
    if (a.workItem) d.workItems.push_back(ids);
    nlohmann::json fields = m_names.locationJson(a.address, a.buffer);
    fields["size"] = a.size;
    fields["first_uninitialized_offset"] = firstUnwritten;
    fields["uninitialized_bytes"] = unwritten;
    if (!origin.kind.empty()) {
        nlohmann::json o = {{"kind", origin.kind},
                            {"name", origin.name},
                            {"line", origin.range.begin.line},
                            {"column", origin.range.begin.column},
                            {"message", origin.text}};
        fields["origin"] = std::move(o);
    }
    fields["access"] = a.atomic ? "atomic read" : "read";
    if (a.workItem) fields["work_item"] = MemoryNames::idsJson(ids);
    if (!first) // the details are the first report's
        m_run->report(std::move(d));
    else
        m_details.recordAndReport(*m_run, std::move(d), std::move(fields));
}

void UninitializedChecker::flushRepeats() {
    for (PendingRepeats* p : m_pending) {
        m_run->reportRepeats(p->mergeKey, p->count);
        p->count = 0;
    }
    m_pending.clear();
}

size_t UninitializedChecker::RepeatKeyHash::operator()(const RepeatKey& k) const {
    uint64_t h = k.site | uint64_t(k.space) << 16 | uint64_t(k.origin.file) << 24;
    h = h * 0x9E3779B97F4A7C15ull + k.size;
    h = h * 0x9E3779B97F4A7C15ull + (uint64_t(k.origin.line) << 32 | k.origin.column);
    return static_cast<size_t>(h ^ (h >> 29));
}

std::unique_ptr<ExecutionObserver> UninitializedChecker::forThread() {
    // Each copy tracks the noinit buffers itself (its onRunBegin). That is exact because a
    // parallel run needs the race detector's proof that no group accessed a __global byte
    // another group wrote (KernelRun::parallelObservable): whether a group's read finds its
    // bytes written depends on that group alone, as in the sequential run.
    return std::make_unique<UninitializedChecker>(m_details, m_noInitOrigins);
}

void UninitializedChecker::onRunDiscarded(KernelRun&) {
    m_repeats.clear();
    m_pending.clear();
    m_last = {};
    m_details.clear();
}

} // namespace clstep
