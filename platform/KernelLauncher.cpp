#include "KernelLauncher.h"

#include "DeviceSettings.h"
#include "ImageRegion.h"
#include "KernelObject.h"
#include "LaunchRecorder.h"
#include "MemObject.h"
#include "ProgramObject.h"
#include "common/DeepStackThread.h"
#include "launch/CheckedRun.h"
#include "launch/LaunchConfig.h"
#include "runtime/KernelRun.h"

#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <sstream>

namespace clstep::ocl {

namespace {

/// Every launch's diagnostics so far, for CLSTEP_DIAGNOSTICS_JSON.
nlohmann::json& allDiagnostics() {
    static nlohmann::json all = nlohmann::json::array();
    return all;
}

/// Stores the bytes of the image argument `a` that the kernel changed (`after`, tightly
/// packed like a.bytes) into the image `mem`, whose own pitches may differ.
void writeBackImage(MemObject& mem, const KernelArgument& a, const std::vector<uint8_t>& after) {
    const image::Object& img = *mem.image;
    for (size_t b = 0; b < after.size(); ++b) {
        if (after[b] == a.bytes[b]) continue;
        const uint64_t z = b / a.image.slicePitch, y = b % a.image.slicePitch / a.image.rowPitch;
        const uint64_t x = b % a.image.rowPitch;
        mem.data()[z * img.slicePitch + y * img.rowPitch + x] = after[b];
    }
}

} // namespace

cl_int launchKernel(KernelObject& k, const std::vector<KernelObject::ArgValue>& values,
                    const NDRange& range, uint32_t launchNumber) {
    const DeviceSettings& settings = DeviceSettings::get();
    std::vector<KernelArgument> args;
    for (size_t i = 0; i < values.size(); ++i) {
        const KernelObject::ArgValue& v = values[i];
        const launch::KernelParamInfo& p = k.signature.params[i];
        KernelArgument a;
        a.name = p.name;
        switch (v.kind) {
        case KernelObject::ArgValue::Kind::Buffer: {
            a.kind = KernelArgument::Kind::Buffer;
            a.bytes.assign(v.mem->data(), v.mem->data() + v.mem->size);
            a.size = v.mem->size;
            a.readOnly = (v.mem->flags & CL_MEM_READ_ONLY) != 0;
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
    // Launches not selected by CLSTEP_LAUNCHES run without checks and are not recorded.
    static std::map<std::string, uint32_t> perKernel;
    bool selected = settings.selects(launchNumber, k.name, ++perKernel[k.name]);
    CheckOptions checks = selected ? settings.checks : CheckOptions::none();
    RunOptions ro;
    ro.deviceBigEndian = settings.bigEndian;
    ro.maxStepsPerWorkItem = settings.maxSteps;

    std::ostringstream out, err;
    nlohmann::json diagnostics;
    bool failed = false;
    std::vector<std::vector<uint8_t>> finalBytes(args.size());
    runOnDeepStack([&] {
        KernelRun run(*k.program->built, k.name, range, args, ro);
        launch::DiagnosticPrinter printer(k.program->built->sources);
        std::string header =
            "clstep: launch " + std::to_string(launchNumber) + ", kernel '" + k.name + "':";
        if (!run.ready()) {
            err << header << "\n";
            for (const Diagnostic& d : run.diagnostics())
                printer.printText(err, d);
            diagnostics = printer.toJson(run.diagnostics(), run.diagnosticCounts());
            failed = true;
            return;
        }
        diagnostics = launch::runChecked(run, k.name, checks, printer, out, err, header);
        failed = hasErrors(run.diagnostics());
        for (size_t i = 0; i < args.size(); ++i)
            if (args[i].kind == KernelArgument::Kind::Buffer ||
                args[i].kind == KernelArgument::Kind::Image)
                finalBytes[i] = run.argumentBytes(i);
    });
    if (selected && !settings.recordDir.empty())
        recordLaunch(settings.recordDir, launchNumber, k, range, args, finalBytes);
    // Write back only the bytes the kernel changed, so two arguments naming the same buffer
    // (or overlapping sub-buffers) both keep their writes.
    for (size_t i = 0; i < args.size(); ++i) {
        const std::vector<uint8_t>& after = finalBytes[i];
        if (after.size() != args[i].bytes.size()) continue;
        if (args[i].kind == KernelArgument::Kind::Image) {
            if (!(values[i].mem->flags & CL_MEM_READ_ONLY))
                writeBackImage(*values[i].mem, args[i], after);
            continue;
        }
        if (args[i].kind != KernelArgument::Kind::Buffer || args[i].readOnly) continue;
        uint8_t* dst = values[i].mem->data();
        for (size_t b = 0; b < after.size(); ++b)
            if (after[b] != args[i].bytes[b]) dst[b] = after[b];
    }
    if (!out.str().empty()) std::cout << out.str() << std::flush;
    if (!settings.quiet && !err.str().empty()) std::cerr << err.str() << std::flush;
    if (!settings.diagnosticsJson.empty() && !diagnostics.empty()) {
        allDiagnostics().push_back(
            {{"launch", launchNumber}, {"kernel", k.name}, {"diagnostics", diagnostics}});
        std::ofstream json(settings.diagnosticsJson);
        json << allDiagnostics().dump(2, ' ', false, nlohmann::json::error_handler_t::replace)
             << "\n";
    }
    return failed ? CL_OUT_OF_RESOURCES : CL_COMPLETE;
}

} // namespace clstep::ocl
