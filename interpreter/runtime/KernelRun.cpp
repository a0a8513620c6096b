#include "runtime/KernelRun.h"
#include "runtime/exec/LoweredProgram.h"

#include "common/DeepStackThread.h"

#include "builtins/BuiltinRegistry.h"
#include "frontend/AstWalk.h"
#include "runtime/FootprintLedger.h"
#include "runtime/GroupFootprint.h"
#include "runtime/GroupSequencer.h"
#include "runtime/PortChoice.h"
#include "runtime/RunDriver.h"
#include "runtime/WorkGroup.h"
#include "runtime/WorkItem.h"

#include <algorithm>
#include <cstring>
#include <exception>
#include <new>
#include <optional>
#include <set>
#include <thread>

namespace clstep {

using namespace ast;

namespace {

/// True if `kernelBody`, or a user function it calls directly or indirectly, calls a builtin
/// that may suspend (barrier, wait_group_events, work-group functions). The operands of
/// sizeof, _Alignof and vec_step are not evaluated, so calls in them do not count. Both the
/// AST walk and the call graph are followed iteratively (a worklist of function bodies), so
/// neither deep expressions nor long call chains reach the caller's stack.
bool reachesBarrier(const Stmt* kernelBody) {
    std::set<const FunctionDecl*> seen;
    std::vector<const Stmt*> bodies{kernelBody};
    while (!bodies.empty()) {
        const Stmt* body = bodies.back();
        bodies.pop_back();
        const bool none = walk(
            body, [](const Stmt*) { return Visit::Children; },
            [&](const Expr* e) {
                if (e->kind == ExprKind::Sizeof || e->kind == ExprKind::Alignof ||
                    e->kind == ExprKind::VecStep)
                    return Visit::Skip;
                if (e->kind != ExprKind::Call) return Visit::Children;
                auto* c = static_cast<const CallExpr*>(e);
                if (c->builtin >= 0)
                    return (BuiltinRegistry::instance().def(c->builtin).flags & BuiltinIsBarrier)
                               ? Visit::Stop
                               : Visit::Children;
                const FunctionDecl* f =
                    c->function ? (c->function->definition ? c->function->definition : c->function)
                                : nullptr;
                if (f && f->body && seen.insert(f).second) bodies.push_back(f->body.get());
                return Visit::Children;
            });
        if (!none) return true;
    }
    return false;
}

void swapElements(std::vector<uint8_t>& bytes, const Type* t) {
    t = t->canonical();
    uint64_t es = t->isVector() ? t->element->size : t->size;
    if (es <= 1 || !(t->isScalarArithmetic() || t->isVector())) return;
    for (size_t i = 0; i + es <= bytes.size(); i += es)
        std::reverse(bytes.begin() + i, bytes.begin() + i + es);
}

} // namespace

KernelRun::KernelRun(const Program& program, const std::string& kernelName, NDRange range,
                     std::vector<KernelArgument> args, RunOptions options)
    : m_program(program), m_range(range), m_args(std::move(args)), m_options(options) {
    if (program.hasErrors()) {
        launchError("the program has errors; fix them before running");
        return;
    }
    m_kernel = program.findKernel(kernelName);
    if (!m_kernel && program.kernels.empty()) {
        launchError("the program has no kernel: declare a __kernel function to run it");
        return;
    }
    if (!m_kernel) {
        std::string names;
        for (const FunctionDecl* k : program.kernels)
            names += (names.empty() ? "" : ", ") + k->name;
        launchError("no kernel named '" + kernelName + "'" +
                    (names.empty() ? "" : " (kernels: " + names + ")"));
        return;
    }
    if (!validateRange()) return;
    if (!checkMemoryBounds()) return;
    // ast::walk is iterative, so these analyses run on any stack (an ASan build once
    // overflowed the caller's 8 MiB when they recursed).
    m_usesBarriers = reachesBarrier(m_kernel->body.get());
    try {
        // lowered first (once per program): program-scope initial values run as lowered
        // initializer plans
        m_lowered = &exec::LoweredProgram::of(program);
        setupProgramVars();
        setupArguments();
        collectStringLiterals();
    } catch (const std::bad_alloc&) {
        launchError("the host ran out of memory while allocating the kernel's buffers "
                    "(lower the buffer sizes)");
        return;
    }
    m_ready = !hasErrors(m_diagnostics);
}

KernelRun::~KernelRun() = default;

void KernelRun::launchError(const std::string& message) {
    Diagnostic d;
    d.kind = DiagnosticKind::Launch;
    d.message = message;
    if (m_kernel) d.range = m_kernel->nameRange;
    m_diagnostics.push_back(std::move(d));
    m_counts.push_back(1);
}

void KernelRun::setupProgramVars() {
    m_programVars.assign(m_program.programVars.size(), 0);
    for (size_t i = 0; i < m_program.programVars.size(); ++i) {
        const VarDecl* v = m_program.programVars[i];
        Memory& mem = v->type.space == AddressSpace::Constant ? m_constant : m_global;
        m_programVars[i] = mem.allocate(v->type->canonical()->size, v->name);
    }
    if (m_program.programVars.empty()) return;
    runOnDeepStack([&] { // initializers recurse like any expression
        WorkGroup group(*this, {0, 0, 0});
        WorkItem wi(*this, group);
        for (size_t i = 0; i < m_program.programVars.size(); ++i)
            wi.initializeProgramVariable(*m_program.programVars[i], m_programVars[i]);
    });
}

void KernelRun::setupArguments() {
    const auto& params = m_kernel->params;
    if (m_args.size() != params.size()) {
        launchError("kernel '" + m_kernel->name + "' takes " + std::to_string(params.size()) +
                    " argument(s), but " + std::to_string(m_args.size()) + " were given");
        return;
    }
    m_argAddresses.assign(params.size(), 0);
    m_paramBytes.assign(params.size(), {});
    auto setPointer = [this](size_t i, uint64_t addr) {
        m_argAddresses[i] = addr;
        m_paramBytes[i].resize(8);
        std::memcpy(m_paramBytes[i].data(), &addr, 8);
        // pointers are stored in device byte order like every other value
        if (m_options.deviceBigEndian) std::reverse(m_paramBytes[i].begin(), m_paramBytes[i].end());
    };
    std::vector<size_t> aliases;
    for (size_t i = 0; i < params.size(); ++i) {
        KernelArgument& a = m_args[i];
        const ParamDecl& p = *params[i];
        if (a.name.empty()) a.name = p.name;
        const Type* t = p.type->canonical();
        std::string what = "argument " + std::to_string(i) + " ('" + p.name + "')";
        if (t->isPointer()) {
            AddressSpace s = t->pointee.space;
            if (s == AddressSpace::Local) {
                if (a.kind != KernelArgument::Kind::Local) {
                    launchError(what +
                                " is a __local pointer: give it a local size (<local size=N>)");
                    continue;
                }
                if (a.size == 0) launchError(what + ": __local size must be greater than 0");
                continue;
            }
            uint64_t addr = 0;
            if (a.kind == KernelArgument::Kind::Buffer && a.aliasOf >= 0) {
                aliases.push_back(i); // once every buffer it may point into exists
                continue;
            } else if (a.kind == KernelArgument::Kind::Buffer) {
                Memory& mem = s == AddressSpace::Constant ? m_constant : m_global;
                addr = mem.allocate(a.bytes.size(), a.name);
                Buffer* b = mem.buffer(addr);
                std::copy(a.bytes.begin(), a.bytes.end(), b->bytes.begin());
                b->readOnly = a.readOnly;
                b->writeOnly = a.writeOnly;
            } else if (a.kind != KernelArgument::Kind::Null) {
                launchError(what + " is a pointer: give it a buffer or null");
                continue;
            }
            setPointer(i, addr);
            continue;
        }
        if (auto dim = image::dimFromTypeName(t->name)) {
            if (a.kind != KernelArgument::Kind::Image) {
                launchError(what + " has type '" + t->name + "': give it an image (<image ...>)");
                continue;
            }
            if (a.image.dim != *dim) {
                launchError(what + " has type '" + t->name + "' but the image given is a " +
                            std::string(image::typeName(a.image.dim)));
                continue;
            }
            std::string why = a.image.validate();
            if (why.empty() && a.bytes.size() != a.image.byteSize())
                why = "the image needs " + std::to_string(a.image.byteSize()) +
                      " bytes of texels but " + std::to_string(a.bytes.size()) + " were given";
            if (!why.empty()) {
                launchError(what + ": " + why);
                continue;
            }
            uint64_t addr = m_global.allocate(a.bytes.size(), a.name);
            Buffer* b = m_global.buffer(addr);
            std::copy(a.bytes.begin(), a.bytes.end(), b->bytes.begin());
            // write_image* on a read_only image (and read_image* on a write_only one) are
            // reported like writes to an `ro` buffer (OpenCL C 6.13.14)
            // an image parameter without an access qualifier is read_only (OpenCL C 6.6)
            AccessQualifier access =
                p.typeSyntax ? p.typeSyntax->quals.access : AccessQualifier::None;
            b->readOnly = access == AccessQualifier::ReadOnly || access == AccessQualifier::None;
            b->writeOnly = access == AccessQualifier::WriteOnly;
            m_images[addr] = a.image;
            m_argAddresses[i] = addr;
            m_paramBytes[i].resize(8);
            std::memcpy(m_paramBytes[i].data(), &addr, 8);
            if (m_options.deviceBigEndian)
                std::reverse(m_paramBytes[i].begin(), m_paramBytes[i].end());
            continue;
        }
        if (a.kind != KernelArgument::Kind::Scalar) {
            launchError(what + " has type '" + p.type->name + "': give it a value, not a buffer");
            continue;
        }
        if (a.bytes.size() != t->size) {
            launchError(what + " has type '" + p.type->name + "' (" + std::to_string(t->size) +
                        " bytes) but the value has " + std::to_string(a.bytes.size()) + " bytes");
            continue;
        }
        m_paramBytes[i] = a.bytes;
        if (m_options.deviceBigEndian) swapElements(m_paramBytes[i], t);
    }
    for (size_t i : aliases) {
        std::string what = "argument " + std::to_string(i) + " ('" + params[i]->name + "')";
        if (uint64_t addr = aliasAddress(i, params[i]->type->canonical()->pointee.space, what))
            setPointer(i, addr);
    }
}

const image::Object* KernelRun::imageAt(uint64_t handle) const {
    auto it = m_images.find(handle);
    return it == m_images.end() ? nullptr : &it->second;
}

uint64_t KernelRun::localArgumentSize(size_t index) const {
    if (index >= m_args.size() || m_args[index].kind != KernelArgument::Kind::Local) return 0;
    return m_args[index].size;
}

std::vector<uint8_t> KernelRun::argumentBytes(size_t index) const {
    if (index >= m_argAddresses.size() || !m_argAddresses[index]) return {};
    uint64_t a = m_argAddresses[index];
    const Memory& mem = address::space(a) == AddressSpace::Constant ? m_constant : m_global;
    const Buffer* b = mem.buffer(a);
    if (!b) return {};
    if (m_args[index].aliasOf < 0) return b->bytes;
    uint64_t from = address::offset(a);
    uint64_t to = std::min<uint64_t>(from + m_args[index].size, b->bytes.size());
    return std::vector<uint8_t>(b->bytes.begin() + static_cast<std::ptrdiff_t>(from),
                                b->bytes.begin() + static_cast<std::ptrdiff_t>(to));
}

uint64_t KernelRun::aliasAddress(size_t i, AddressSpace space, const std::string& what) {
    const KernelArgument& a = m_args[i];
    size_t owner = static_cast<size_t>(a.aliasOf);
    if (owner >= m_args.size() || owner == i ||
        m_args[owner].kind != KernelArgument::Kind::Buffer || m_args[owner].aliasOf >= 0 ||
        !m_argAddresses[owner]) {
        launchError(what + " is an alias of argument " + std::to_string(a.aliasOf) +
                    ", which is not a buffer argument of its own");
        return 0;
    }
    uint64_t base = m_argAddresses[owner];
    if (address::space(base) != space) {
        launchError(what + " names the buffer of argument " + std::to_string(owner) +
                    " in another address space");
        return 0;
    }
    Memory& mem = space == AddressSpace::Constant ? m_constant : m_global;
    Buffer* b = mem.buffer(base);
    if (!b || a.aliasOffset + a.size > b->bytes.size()) {
        launchError(what + " covers bytes " + std::to_string(a.aliasOffset) + ".." +
                    std::to_string(a.aliasOffset + a.size) + " of argument " +
                    std::to_string(owner) + "'s buffer, which has " +
                    std::to_string(b ? b->bytes.size() : 0) + " bytes");
        return 0;
    }
    // Reports name the one buffer by every argument that points into it.
    b->setName(b->name() + " = " + a.name);
    if (!a.readOnly) b->readOnly = false;
    if (!a.writeOnly) b->writeOnly = false;
    return base + a.aliasOffset;
}

uint64_t KernelRun::stringLiteral(const StringLiteralExpr* s) {
    std::lock_guard<std::mutex> lock(m_reportMutex);
    auto it = m_strings.find(s);
    if (it != m_strings.end()) return it->second;
    uint64_t a = m_constant.allocate(s->value.size() + 1, "string literal");
    std::memcpy(m_constant.bytes(a, s->value.size()), s->value.data(), s->value.size());
    m_strings[s] = a;
    return a;
}

bool KernelRun::sequenced() const {
    return m_sequencer && GroupSequencer::current() == m_sequencer;
}

void KernelRun::inGroupOrder(GroupAction action) {
    if (sequenced())
        m_sequencer->post(std::move(action));
    else
        action();
}

void KernelRun::report(Diagnostic d) {
    if (sequenced()) {
        m_sequencer->post([this, d = std::move(d)]() mutable { record(std::move(d)); });
        return;
    }
    record(std::move(d));
}

uint32_t KernelRun::mergeKeyLocked(const Diagnostic& d) {
    SourceLocation related = d.notes.empty() ? SourceLocation{} : d.notes.front().range.begin;
    auto key = std::make_tuple(d.kind, d.range.begin, related, d.message.substr(0, 40));
    return m_mergeKeys.try_emplace(std::move(key), static_cast<uint32_t>(m_mergeKeys.size()))
        .first->second;
}

uint32_t KernelRun::mergeKey(const Diagnostic& d) {
    std::lock_guard<std::mutex> lock(m_reportMutex);
    return mergeKeyLocked(d);
}

void KernelRun::record(Diagnostic d) {
    std::lock_guard<std::mutex> lock(m_reportMutex);
    const uint32_t key = mergeKeyLocked(d);
    m_reportCount.fetch_add(1, std::memory_order_relaxed);
    if (key < m_keyIndex.size() && m_keyIndex[key] >= 0) {
        const long index = m_keyIndex[key];
        ++m_counts[index];
        m_lastReport = index;
        // Only the debugger shows the latest occurrence (with repeatDetails); a batch run
        // keeps the first and does not pay for replacing it at every repeat.
        if (m_options.repeatDetails) m_latest[index] = std::move(d);
        return;
    }
    m_lastReport = -1;
    if (m_diagnostics.size() >= m_options.maxDiagnostics) return;
    m_lastReport = static_cast<long>(m_diagnostics.size());
    if (m_keyIndex.size() <= key) m_keyIndex.resize(key + 1, -1);
    m_keyIndex[key] = m_lastReport;
    m_diagnostics.push_back(std::move(d));
    m_counts.push_back(1);
}

void KernelRun::reportRepeats(uint32_t key, uint64_t count) {
    if (sequenced()) {
        m_sequencer->post([this, key, count] { recordRepeats(key, count); });
        return;
    }
    recordRepeats(key, count);
}

void KernelRun::recordRepeats(uint32_t key, uint64_t count) {
    std::lock_guard<std::mutex> lock(m_reportMutex);
    m_reportCount.fetch_add(count, std::memory_order_relaxed);
    m_lastReport = key < m_keyIndex.size() ? m_keyIndex[key] : -1;
    if (m_lastReport >= 0) m_counts[m_lastReport] += count;
}

const Diagnostic& KernelRun::latestOccurrence(size_t index) const {
    auto it = m_latest.find(index);
    return it == m_latest.end() ? m_diagnostics[index] : it->second;
}

void KernelRun::appendOutput(const std::string& text) {
    if (sequenced()) {
        m_sequencer->post(
            [this, text] {
                std::lock_guard<std::mutex> lock(m_reportMutex);
                m_output += text;
            },
            true);
        return;
    }
    std::lock_guard<std::mutex> lock(m_reportMutex);
    m_output += text;
}

bool KernelRun::runAll() {
    if (!m_ready) return false;
    RunDriver driver(*this);
    driver.beginRun();
    const uint64_t total = m_range.totalGroups();
    unsigned cores = m_options.threads ? m_options.threads : std::thread::hardware_concurrency();
    unsigned threads = std::min<uint64_t>(std::max(1u, cores), total);
    // Work-groups are independent until the kernel ends (spec 3.3.1): they run in parallel
    // on the available cores. Observers (checks) get one copy per thread; one of them proves
    // that the groups shared no written __global byte (then the parallel run is the
    // sequential one), or, when none can (no observer, or observers that only add up
    // figures per thread, such as statistics), the memory ports record each group's
    // __global footprint for a FootprintLedger to prove it. Groups that shared one are run
    // again sequentially.
    bool done = false;
    if (threads >= 2 && m_observers.empty()) {
        done = runParallel(driver, threads, false);
    } else if (threads >= 2 && parallelObservable()) {
        done = runParallel(driver, threads, true);
    }
    if (!done) {
        // Work-items that run without a fiber recurse on the thread's own stack: every
        // thread that runs work-groups has a stack sized for kMaxNestingDepth.
        runOnDeepStack([&] {
            WorkGroup::WorkItemPool pool;
            driver.runRemaining(&pool);
        });
    }
    driver.endRun(); // after a parallel run (a sequential one ended with its last group)
    return true;
}

MemoryPort& KernelRun::memoryPort() {
    if (m_ports.empty() || m_portObservers != m_observers.size()) {
        m_ports.push_back(MemoryPort::choose(m_observers, m_options.deviceBigEndian));
        m_portObservers = m_observers.size();
    }
    return *m_ports.back();
}

bool KernelRun::parallelObservable() const {
    bool unproven = true;
    for (const ExecutionObserver* o : m_observers)
        unproven = unproven && o->parallelWithoutProof();
    return provesIndependence() || unproven;
}

bool KernelRun::provesIndependence() const {
    bool proves = false;
    for (const ExecutionObserver* o : m_observers)
        proves = proves || o->provesGroupIndependence();
    return proves;
}

bool KernelRun::runParallel(RunDriver& driver, unsigned threads, bool observed) {
    const uint64_t total = driver.totalGroups();
    // Per thread: observers (copies of the run's), and the work-items (never change threads).
    std::vector<std::vector<std::unique_ptr<ExecutionObserver>>> owned(threads);
    std::vector<std::vector<ExecutionObserver*>> lists(threads);
    std::vector<std::unique_ptr<MemoryPort>> ports(threads); // one per thread: its observers
    // Without an observer that proves the groups independent, each thread's port records
    // the __global bytes of its group, and the ledger finds two groups that share one.
    const bool proven = observed && provesIndependence();
    std::vector<std::unique_ptr<GroupFootprint>> footprints(threads);
    std::optional<FootprintLedger> ledger;
    if (!proven) {
        ledger.emplace(m_global);
        for (auto& f : footprints)
            f = std::make_unique<GroupFootprint>(m_global);
    }
    if (observed) {
        for (unsigned t = 0; t < threads; ++t)
            for (ExecutionObserver* o : m_observers) {
                owned[t].push_back(o->forThread());
                if (!owned[t].back()) return false; // this observer needs one order
                lists[t].push_back(owned[t].back().get());
            }
    }
    std::vector<std::vector<ExecutionObserver*>> flows(threads); // their flow observers
    std::vector<RunDriver> drivers; // one per thread: its observers' lifecycle
    drivers.reserve(threads);
    for (unsigned t = 0; t < threads; ++t) {
        ports[t] = choosePort(lists[t], m_options.deviceBigEndian, footprints[t].get());
        for (ExecutionObserver* o : lists[t])
            if (o->observesControlFlow()) flows[t].push_back(o);
        drivers.emplace_back(*this, lists[t], *ports[t]);
    }
    // What a discarded run restores (a run too big to copy runs sequentially instead).
    std::vector<std::vector<uint8_t>> globalBytes;
    try {
        globalBytes.reserve(m_global.buffers().size());
        for (const Buffer& b : m_global.buffers())
            globalBytes.push_back(b.bytes);
    } catch (const std::bad_alloc&) {
        return false;
    }
    const size_t diagnostics = m_diagnostics.size();
    const auto counts = m_counts;
    const auto keyIndex = m_keyIndex;
    const std::string output = m_output;
    const uint64_t reportCount = m_reportCount.load();
    const long lastReport = m_lastReport;
    if (observed)
        for (RunDriver& d : drivers)
            d.beginRun();
    auto independent = [this, observed] {
        if (!observed) return true;
        for (const ExecutionObserver* o : m_observers)
            if (!o->groupsIndependent()) return false;
        return true;
    };

    // printf output and diagnostics are put back into work-group order.
    GroupSequencer sequencer;
    m_sequencer = &sequencer;
    std::atomic<uint64_t> next{0};
    std::atomic<bool> abandoned{false};
    std::mutex errorMutex;
    std::exception_ptr error;
    auto worker = [&](unsigned t) {
        t_flow = {this, &flows[t]};
        WorkGroup::WorkItemPool items;
        for (uint64_t linear = next++; linear < total; linear = next++) {
            sequencer.begin(linear);
            if (!abandoned.load(std::memory_order_relaxed)) {
                try {
                    drivers[t].runGroup(linear, &items);
                    // The ledger's answer does not depend on the order groups are added in.
                    if (ledger && (footprints[t]->failed() || !ledger->add(footprints[t]->take())))
                        abandoned.store(true, std::memory_order_relaxed);
                } catch (...) {
                    // Stop handing out groups, but keep the group order flowing so that
                    // no other thread waits for this group forever; rethrown below.
                    std::lock_guard<std::mutex> lock(errorMutex);
                    if (!error) error = std::current_exception();
                    abandoned.store(true);
                }
            }
            // The run's observers change only in group order: read them there.
            sequencer.post([&] {
                if (!independent()) abandoned.store(true, std::memory_order_relaxed);
            });
            sequencer.end();
        }
        t_flow = {nullptr, nullptr};
    };
    // Work-items that run without a fiber recurse on the thread's own stack: every thread
    // that runs work-groups has a stack sized for kMaxNestingDepth.
    std::vector<std::unique_ptr<DeepStackThread>> pool;
    for (unsigned t = 0; t < threads; ++t) {
        pool.push_back(std::make_unique<DeepStackThread>());
        if (!pool.back()->start([&worker, t] { worker(t); })) {
            pool.pop_back();
            break;
        }
    }
    if (pool.empty()) runOnDeepStack([&worker] { worker(0); });
    for (auto& t : pool)
        t->join();
    m_sequencer = nullptr;
    for (RunDriver& d : drivers)
        d.endRun();
    if (error) std::rethrow_exception(error);
    if (!abandoned.load()) return true;

    // Work-groups shared written __global bytes: start again, sequentially.
    for (size_t i = 1; i < globalBytes.size(); ++i)
        if (Buffer* b =
                m_global.buffer(address::make(AddressSpace::Global, static_cast<uint32_t>(i), 0)))
            b->bytes = globalBytes[i];
    m_diagnostics.resize(diagnostics);
    m_counts = counts;
    m_keyIndex = keyIndex;
    m_output = output;
    m_reportCount.store(reportCount);
    m_lastReport = lastReport;
    driver.discardRun();
    return false;
}

void KernelRun::collectStringLiterals() {
    // String literals live in __constant memory; allocating them all before the run keeps
    // constant memory immutable while work-groups run in parallel.
    // The literals were found once per program (exec::LoweredProgram::stringLiterals()).
    for (const StringLiteralExpr* e : m_lowered->stringLiterals())
        stringLiteral(e);
}

} // namespace clstep
