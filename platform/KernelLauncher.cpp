#include "KernelLauncher.h"

#include "DeviceSettings.h"
#include "GuiBreak.h"
#include "ImageRegion.h"
#include "KernelObject.h"
#include "LaunchRecorder.h"
#include "MemObject.h"
#include "ProcessReports.h"
#include "ProgramObject.h"
#include "common/ChangedBytes.h"
#include "common/DeepStackThread.h"
#include "core/Address.h"
#include "launch/CheckedRun.h"
#include "launch/LaunchConfig.h"
#include "launch/Suppressions.h"
#include "runtime/KernelRun.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <set>
#include <span>
#include <sstream>

namespace clstep::ocl {

namespace {

/// The platform's names for its settings: the step limit is the CLSTEP_MAX_STEPS
/// variable (or clstep-cli exec's flag).
const FrontEndWording kPlatformWording{"CLSTEP_MAX_STEPS (clstep-cli exec --max-steps)"};

/// Stores the bytes of the image argument `a` that the kernel changed (`after`, `n` bytes,
/// tightly packed like a.bytes) into the image `mem`, whose own pitches may differ.
void writeBackImage(MemObject& mem, const KernelArgument& a, const uint8_t* after, size_t n) {
    const image::Object& img = *mem.image;
    const uint64_t rowBytes = a.image.rowPitch;
    if (!rowBytes || !a.image.slicePitch) return;
    // Row by row (packed rows are rowBytes long; the image's rows may be longer).
    for (uint64_t row = 0; row * rowBytes < n; ++row) {
        const uint64_t b = row * rowBytes, z = b / a.image.slicePitch;
        const uint64_t y = b % a.image.slicePitch / rowBytes;
        const uint8_t* now = after + b;
        const uint8_t* before = a.bytes.data() + b;
        uint8_t* dst = mem.data() + z * img.slicePitch + y * img.rowPitch;
        copyChangedBytes(dst, before, now, std::min<uint64_t>(rowBytes, n - b));
    }
}

/// Arguments that name one cl_mem, or sub-buffers of one buffer, in one address space.
struct BufferGroup {
    MemObject* root = nullptr; ///< the buffer that owns the bytes (no parent)
    size_t origin = 0;         ///< byte offset in `root` where the shared range starts
    size_t owner = 0;          ///< the argument whose buffer holds the shared range
};

/// Makes arguments that share memory (API spec 5.2.1: the same cl_mem twice, or sub-buffers
/// of one buffer) point into ONE interpreter buffer, so a write through one is seen through
/// the other and the race checks see both: the member with the lowest origin gets the bytes
/// of the union of the ranges, the others become aliases (KernelArgument::aliasOf) into it.
/// Members in different address spaces (__global and __constant) keep separate copies.
std::vector<BufferGroup> shareBuffers(const KernelObject& k,
                                      const std::vector<KernelObject::ArgValue>& values,
                                      std::vector<KernelArgument>& args) {
    std::vector<BufferGroup> groups;
    std::vector<bool> done(args.size(), false);
    for (size_t i = 0; i < args.size(); ++i) {
        if (args[i].kind != KernelArgument::Kind::Buffer || done[i]) continue;
        MemObject* root = values[i].mem->parent ? values[i].mem->parent : values[i].mem;
        std::vector<size_t> members;
        for (size_t j = i; j < args.size(); ++j) {
            if (args[j].kind != KernelArgument::Kind::Buffer || done[j]) continue;
            MemObject* r = values[j].mem->parent ? values[j].mem->parent : values[j].mem;
            if (r == root &&
                k.signature.params[j].addressSpace == k.signature.params[i].addressSpace)
                members.push_back(j);
        }
        if (members.size() < 2) continue;
        size_t lo = SIZE_MAX, hi = 0, owner = members[0];
        for (size_t j : members) {
            done[j] = true;
            const MemObject* m = values[j].mem;
            if (m->origin < lo) owner = j;
            lo = std::min(lo, m->origin);
            hi = std::max(hi, m->origin + m->size);
        }
        bool readOnly = true;
        for (size_t j : members)
            readOnly = readOnly && args[j].readOnly;
        for (size_t j : members) {
            if (j == owner) continue;
            args[j].aliasOf = static_cast<int>(owner);
            args[j].aliasOffset = values[j].mem->origin - lo;
            args[j].bytes.clear();
        }
        args[owner].bytes.assign(root->data() + lo, root->data() + hi);
        args[owner].size = hi - lo;
        args[owner].readOnly = readOnly;
        groups.push_back({root, lo, owner});
    }
    return groups;
}

/// True when no argument but `i` has bytes of a memory object (buffer, sub-buffer, image,
/// image1d_buffer_t's buffer) in [`dst`, `dst` + `n`): then nothing but argument `i`'s
/// write-back changes those bytes after the launch's snapshot of them.
bool onlyArgumentOn(const std::vector<KernelObject::ArgValue>& values, size_t i, const uint8_t* dst,
                    size_t n) {
    for (size_t j = 0; j < values.size(); ++j) {
        MemObject* m = values[j].mem;
        if (j == i || !m ||
            (values[j].kind != KernelObject::ArgValue::Kind::Buffer &&
             values[j].kind != KernelObject::ArgValue::Kind::Image))
            continue;
        const uint8_t* b = m->data();
        if (b < dst + n && dst < b + m->size) return false;
    }
    return true;
}

/// Writes back argument `i` after its launch: the bytes the kernel changed (`after`, `n` bytes:
/// the argument's final bytes, compared with its snapshot `a.bytes`) go into its cl_mem, or
/// for a shared buffer (BufferGroup) into the root buffer at the group's origin. Read-only
/// buffers and images, aliases (written back through their owner), and arguments whose final
/// bytes are missing (`n` differs from the snapshot's size: the launch stopped) are skipped.
/// `inLaunch`: called inside the launch, which holds the API lock from the snapshot on (no
/// other command ran since). Then, when no other argument's bytes overlap the destination
/// (onlyArgumentOn()), the snapshot is still the destination's bytes, so writing the changed
/// bytes is copying all of them: one block copy instead of the comparison. (After a break into
/// the GUI, which waits without the lock, only the changed bytes are written.)
void writeBack(const std::vector<KernelObject::ArgValue>& values,
               const std::vector<BufferGroup>& groups, size_t i, const KernelArgument& a,
               const uint8_t* after, size_t n, bool inLaunch) {
    if (n != a.bytes.size() || a.aliasOf >= 0) return;
    if (a.kind == KernelArgument::Kind::Image) {
        if (!(values[i].mem->flags & CL_MEM_READ_ONLY)) writeBackImage(*values[i].mem, a, after, n);
        return;
    }
    if (a.kind != KernelArgument::Kind::Buffer || a.readOnly) return;
    uint8_t* dst = values[i].mem->data();
    for (const BufferGroup& g : groups)
        if (g.owner == i) dst = g.root->data() + g.origin;
    if (inLaunch && onlyArgumentOn(values, i, dst, n))
        std::memcpy(dst, after, n);
    else
        copyChangedBytes(dst, a.bytes.data(), after, n);
}

/// The final bytes of buffer or image argument `i` of `run`, in the interpreter's own buffer
/// (no copy: valid while `run` lives), or an empty span when the argument has none (an alias,
/// a null pointer, a launch that failed before its arguments were set up).
std::span<const uint8_t> finalBytesOf(KernelRun& run, size_t i, bool deviceBigEndian) {
    const std::vector<uint8_t>& param = run.parameterBytes(i);
    if (param.size() != 8 || run.arguments()[i].aliasOf >= 0) return {};
    uint8_t raw[8];
    std::copy(param.begin(), param.end(), raw);
    if (deviceBigEndian) std::reverse(raw, raw + 8); // pointers are in device byte order
    uint64_t addr = 0;
    std::memcpy(&addr, raw, 8);
    Memory& mem =
        address::space(addr) == AddressSpace::Constant ? run.constantMemory() : run.globalMemory();
    const Buffer* b = mem.buffer(addr);
    if (!b) return {};
    return {b->bytes.data(), b->bytes.size()};
}

/// Gives the program-scope `__global` variables of `run` the values the program's previous
/// launch left (ProgramObject::globalVariables; none before its first launch, when the
/// initializers' values stay).
void restoreGlobalVariables(const ProgramObject& p, KernelRun& run) {
    for (size_t slot = 0; slot < p.globalVariables.size(); ++slot) {
        const std::vector<uint8_t>& saved = p.globalVariables[slot];
        if (saved.empty()) continue;
        if (uint8_t* bytes = run.globalMemory().bytes(run.programVarAddress(slot), saved.size()))
            std::copy(saved.begin(), saved.end(), bytes);
    }
}

/// Keeps the program-scope `__global` variables' values after `run` for the program's next
/// launch (OpenCL C 3.0 6.8: they live as long as the program).
void saveGlobalVariables(ProgramObject& p, KernelRun& run) {
    const auto& vars = p.built->programVars;
    p.globalVariables.assign(vars.size(), {});
    for (size_t slot = 0; slot < vars.size(); ++slot) {
        if (vars[slot]->type.space != AddressSpace::Global) continue;
        const uint64_t addr = run.programVarAddress(slot);
        const Buffer* buffer = run.globalMemory().buffer(addr);
        if (!buffer) continue;
        const uint8_t* bytes = run.globalMemory().bytes(addr, buffer->size());
        if (bytes) p.globalVariables[slot].assign(bytes, bytes + buffer->size());
    }
}

/// The "launch-stopped" diagnostic of an exception `ex` that stopped launch `k` outside its
/// work-items (they stop at their statement), at the kernel's declaration.
Diagnostic launchStopped(const KernelObject& k, const std::exception& ex) {
    Diagnostic d;
    d.severity = Severity::Error;
    d.kind = DiagnosticKind::LaunchStopped;
    d.message = dynamic_cast<const std::bad_alloc*>(&ex)
                    ? std::string("the launch stopped: the host ran out of memory (the launch "
                                  "copies its buffers into the interpreter; use smaller "
                                  "buffers or fewer work-items)")
                    : std::string("the launch stopped: ") + ex.what();
    if (const ast::FunctionDecl* f = k.program->built->findKernel(k.name)) d.range = f->range;
    return d;
}

/// Prints launch `launchNumber`'s output and diagnostics (`err`, unless quiet) and adds its
/// reported diagnostics to the process's reports (CLSTEP_DIAGNOSTICS_JSON, CLSTEP_SUMMARY).
void publish(const DeviceSettings& settings, const KernelObject& k, uint32_t launchNumber,
             const std::string& out, const std::string& err, const nlohmann::json& diagnostics) {
    if (!out.empty()) std::cout << out << std::flush;
    if (!settings.quiet && !err.empty()) std::cerr << err << std::flush;
    ProcessReports::get().addLaunch(settings, k.name, launchNumber, diagnostics);
}

/// launchKernel() but for its exceptions: those out of the set-up and the write-back
/// (the host's memory ran out copying the buffers) come out of it.
cl_int launchOrThrow(KernelObject& k, const std::vector<KernelObject::ArgValue>& values,
                     const NDRange& range, uint32_t launchNumber) {
    const DeviceSettings& settings = DeviceSettings::get();
    std::vector<KernelArgument> args;
    std::vector<std::string> noInitOrigins; // by argument index
    for (size_t i = 0; i < values.size(); ++i) {
        const KernelObject::ArgValue& v = values[i];
        const launch::KernelParamInfo& p = k.signature.params[i];
        KernelArgument a;
        a.name = p.name;
        switch (v.kind) {
        case KernelObject::ArgValue::Kind::Buffer: {
            a.kind = KernelArgument::Kind::Buffer;
            a.size = v.mem->size; // its bytes: below, once shared buffers are known

            a.readOnly = (v.mem->flags & CL_MEM_READ_ONLY) != 0;
            // A buffer created without data that nothing wrote yet: its bytes are
            // uninitialized (the uninitialized-read check names its clCreateBuffer call).
            if (const MemObject* root = v.mem->parent ? v.mem->parent : v.mem; root->neverWritten) {
                a.noInit = true;
                noInitOrigins.resize(i + 1);
                noInitOrigins[i] = "buffer " + std::to_string(root->createOrder) +
                                   " created by clCreateBuffer without data";
            }
            a.writeOnly = (v.mem->flags & CL_MEM_WRITE_ONLY) != 0;
            if (auto t = launch::defaultElementType(p.typeName))
                a.elementBytes = static_cast<unsigned>(launch::elementSize(*t));
            break;
        }
        case KernelObject::ArgValue::Kind::Image:
            // The texels, tightly packed (the image's own pitches may be the host's).
            a.kind = KernelArgument::Kind::Image;
            a.bytes = packImage(*v.mem->image, v.mem->data(), a.image);
            a.size = a.bytes.size();
            break;
        case KernelObject::ArgValue::Kind::Local:
            a.kind = KernelArgument::Kind::Local;
            a.size = v.localSize;
            break;
        case KernelObject::ArgValue::Kind::Null:
            a.kind = KernelArgument::Kind::Null;
            break;
        case KernelObject::ArgValue::Kind::Scalar:
            a.kind = KernelArgument::Kind::Scalar;
            a.bytes = v.bytes;
            a.size = v.bytes.size();
            break;
        }
        args.push_back(std::move(a));
    }
    std::vector<BufferGroup> groups = shareBuffers(k, values, args);
    // The snapshot of each buffer of its own (shareBuffers gave the groups' owners theirs; an
    // alias has none): the interpreter's buffer starts from it, the write-back compares with it.
    for (size_t i = 0; i < args.size(); ++i) {
        const bool owner = std::any_of(groups.begin(), groups.end(),
                                       [&](const BufferGroup& g) { return g.owner == i; });
        if (args[i].kind == KernelArgument::Kind::Buffer && args[i].aliasOf < 0 && !owner)
            args[i].bytes.assign(values[i].mem->data(),
                                 values[i].mem->data() + values[i].mem->size);
    }
    // Launches not selected by CLSTEP_LAUNCHES run without checks and are not recorded.
    static std::map<std::string, uint32_t> perKernel;
    const uint32_t kernelIndex = ++perKernel[k.name];
    bool selected = settings.selects(launchNumber, k.name, kernelIndex);
    CheckOptions checks = selected ? settings.checks : CheckOptions::none();
    checks.noInitOrigins = noInitOrigins;
    // The kernel may write any buffer it is given: none is "never written" after it.
    for (const KernelObject::ArgValue& v : values)
        if (v.kind == KernelObject::ArgValue::Kind::Buffer) v.mem->markWritten();
    RunOptions ro;
    ro.deviceBigEndian = settings.bigEndian;
    ro.maxStepsPerWorkItem = settings.maxSteps;
    // The sub-group size the device reports (CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE, ...),
    // not the interpreter's own default.
    ro.subGroupSize = settings.subGroupSize;

    // The record of the launch (CLSTEP_RECORD) and the GUI (CLSTEP_BREAK_ON) need the arguments
    // and final bytes after the run: the run gets a copy of the arguments, and the write-back
    // waits for the GUI. Otherwise the run takes the arguments (their snapshots stay its
    // arguments()), and the changed bytes are written back from the interpreter's buffers
    // before the run ends: no copy of a buffer into the run, nor out of it.
    const bool keepArgs = (selected && !settings.recordDir.empty()) || !settings.breakOn.empty();

    std::ostringstream out, err;
    nlohmann::json diagnostics;
    bool failed = false, reported = false;
    std::vector<std::vector<uint8_t>> finalBytes(args.size());
    const std::string header =
        "clstep: launch " + std::to_string(launchNumber) + ", kernel '" + k.name + "':";
    runOnDeepStack([&] {
        // An exception out of the interpreter (it ran out of private allocations, of memory)
        // stops the launch: said on stderr and in the JSON, never a silent failed event.
        try {
            KernelRun run(*k.program->built, k.name, range, keepArgs ? args : std::move(args), ro);
            launch::DiagnosticPrinter printer(k.program->built->sources, kPlatformWording);
            if (!run.ready()) {
                err << header << "\n";
                for (const Diagnostic& d : run.diagnostics())
                    printer.printText(err, d);
                diagnostics = printer.toJson(run.diagnostics(), run.diagnosticCounts());
                failed = true;
                return;
            }
            restoreGlobalVariables(*k.program, run);
            // Rules already printed by --gen-suppressions are not printed again.
            static std::set<std::string> printedRules;
            launch::ReportFilter filter;
            filter.suppressions =
                settings.suppressions->empty() ? nullptr : settings.suppressions.get();
            filter.genSuppressions = settings.genSuppressions;
            filter.printedRules = &printedRules;
            const launch::CheckedRunResult result =
                launch::runChecked(run, k.name, checks, printer, out, err, header, filter);
            diagnostics = result.json;
            saveGlobalVariables(*k.program, run);
            // A data race (benign or not) is reported but does not fail the launch: the
            // interpreter's result is well defined (work-items run in order), as in Oclgrind; other
            // errors (out-of-bounds, barrier divergence, ...) changed the execution, so the event
            // fails. A suppressed report is as if it had not been made.
            failed = std::any_of(result.reported.begin(), result.reported.end(), [&](size_t i) {
                const Diagnostic& d = run.diagnostics()[i];
                return d.severity == Severity::Error && d.kind != DiagnosticKind::DataRace &&
                       d.kind != DiagnosticKind::BenignRace;
            });
            reported = !result.reported.empty();
            const std::vector<KernelArgument>& given = run.arguments();
            for (size_t i = 0; i < given.size(); ++i) {
                if (given[i].kind != KernelArgument::Kind::Buffer &&
                    given[i].kind != KernelArgument::Kind::Image)
                    continue;
                if (keepArgs) {
                    finalBytes[i] = run.argumentBytes(i);
                } else {
                    const std::span<const uint8_t> now = finalBytesOf(run, i, ro.deviceBigEndian);
                    writeBack(values, groups, i, given[i], now.data(), now.size(), true);
                }
            }
        } catch (const std::exception& ex) {
            // Not inside a work-item (those stop at their statement): said at the kernel.
            const Diagnostic d = launchStopped(k, ex);
            const launch::DiagnosticPrinter printer(k.program->built->sources, kPlatformWording);
            err << header << "\n";
            printer.printText(err, d);
            diagnostics = nlohmann::json::array({printer.toJson(d)});
            failed = true;
            for (auto& f : finalBytes)
                f.clear();
        }
    });
    if (selected && !settings.recordDir.empty())
        recordLaunch(settings.recordDir, launchNumber, k, range, args, finalBytes,
                     settings.recordInline);
    // --break-on: the launch again in the GUI, whose buffers become the results.
    static bool brokeOnError = false;
    if (settings.breakOn == "error"
            ? reported && !brokeOnError
            : !settings.breakOn.empty() &&
                  DeviceSettings::matches(settings.breakOn, launchNumber, k.name, kernelIndex)) {
        brokeOnError = brokeOnError || settings.breakOn == "error";
        if (!out.str().empty()) std::cout << out.str() << std::flush;
        if (!settings.quiet && !err.str().empty()) std::cerr << err.str() << std::flush;
        out.str("");
        err.str("");
        breakIntoGui(launchNumber, k, range, args, finalBytes);
    }
    // Write back the bytes the kernel changed (done above, inside the run, unless the
    // arguments were kept): an argument with a buffer of its own writes into its cl_mem, a
    // shared buffer (BufferGroup) into the root buffer at its origin.
    if (keepArgs)
        for (size_t i = 0; i < args.size(); ++i)
            writeBack(values, groups, i, args[i], finalBytes[i].data(), finalBytes[i].size(),
                      false);
    publish(settings, k, launchNumber, out.str(), err.str(), diagnostics);
    return failed ? CL_OUT_OF_RESOURCES : CL_COMPLETE;
}

} // namespace

cl_int launchKernel(KernelObject& k, const std::vector<KernelObject::ArgValue>& values,
                    const NDRange& range, uint32_t launchNumber) {
    try {
        return launchOrThrow(k, values, range, launchNumber);
    } catch (const std::exception& ex) {
        // Copying the arguments in (or the results out) failed: the buffers are unchanged.
        try {
            const Diagnostic d = launchStopped(k, ex);
            const launch::DiagnosticPrinter printer(k.program->built->sources, kPlatformWording);
            std::ostringstream err;
            err << "clstep: launch " << launchNumber << ", kernel '" << k.name << "':\n";
            printer.printText(err, d);
            publish(DeviceSettings::get(), k, launchNumber, "", err.str(),
                    nlohmann::json::array({printer.toJson(d)}));
        } catch (...) {
            // No memory even for the report: the event's status still says it failed.
        }
        return CL_OUT_OF_RESOURCES;
    }
}

} // namespace clstep::ocl
