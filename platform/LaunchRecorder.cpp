#include "LaunchRecorder.h"

#include "ProgramObject.h"
#include "launch/BufferDump.h"
#include "launch/SimWriter.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>

namespace clstep::ocl {

namespace fs = std::filesystem;

void recordLaunch(const std::string& dir, uint32_t launchNumber, const KernelObject& k,
                  const NDRange& range, const std::vector<KernelArgument>& args,
                  const std::vector<std::vector<uint8_t>>& finalBytes) {
    char number[16];
    std::snprintf(number, sizeof number, "%04u", launchNumber);
    fs::path bundle = fs::path(dir) / (std::string(number) + "-" + k.name);
    std::error_code ec;
    fs::create_directories(bundle, ec);
    if (ec) {
        std::cerr << "clstep: cannot record launch " << launchNumber << " in " << bundle << ": "
                  << ec.message() << "\n";
        return;
    }
    std::ofstream(bundle / "kernel.cl", std::ios::binary) << k.program->source;
    std::ofstream(bundle / "build-options.txt") << k.program->options << "\n";

    launch::LaunchConfig config;
    config.kernelFile = (bundle / "kernel.cl").string();
    config.kernelName = k.name;
    config.workDim = range.dims;
    config.globalSize = range.global;
    config.localSize = range.local;
    if (range.offset != std::array<uint64_t, 3>{0, 0, 0}) config.globalOffset = range.offset;
    std::string expected;
    for (size_t i = 0; i < args.size(); ++i) {
        const KernelArgument& a = args[i];
        launch::KernelArgSpec spec;
        spec.name = a.name;
        spec.size = a.size;
        spec.sizeGiven = true;
        spec.readOnly = a.readOnly;
        spec.writeOnly = a.writeOnly;
        switch (a.kind) {
        case KernelArgument::Kind::Buffer:
        case KernelArgument::Kind::Scalar:
            spec.kind = a.kind == KernelArgument::Kind::Buffer ? launch::ArgKind::Buffer
                                                               : launch::ArgKind::Scalar;
            // Bytes as uchar hex: the replay gets the very same bits whatever the type.
            spec.type = spec.writtenType = launch::ElementType::UChar;
            spec.hex = true;
            spec.bytes = a.bytes;
            spec.size = a.bytes.size();
            spec.contentsKnown = true;
            spec.dump = a.kind == KernelArgument::Kind::Buffer;
            break;
        case KernelArgument::Kind::Local:
            spec.kind = launch::ArgKind::Local;
            break;
        case KernelArgument::Kind::Null:
            spec.kind = launch::ArgKind::Null;
            spec.size = 0;
            break;
        case KernelArgument::Kind::Image:
            // The platform creates no images yet (clCreateImage answers not supported).
            std::cerr << "clstep: launch " << launchNumber
                      << " is not recorded: image arguments cannot be recorded yet\n";
            return;
        }
        if (spec.dump) {
            const std::vector<uint8_t>& after = finalBytes[i].empty() ? a.bytes : finalBytes[i];
            expected += launch::BufferDump::format(spec, after);
        }
        config.args.push_back(std::move(spec));
    }
    config.argsBound = true;
    std::vector<Diagnostic> diags;
    std::string simPath = (bundle / "launch.sim").string();
    auto text = launch::SimWriter::write(config, diags, simPath);
    if (!text) {
        std::cerr << "clstep: cannot record launch " << launchNumber << " as a .sim file\n";
        return;
    }
    std::ofstream(simPath) << *text;
    std::ofstream(bundle / "expected-output.txt") << expected;
}

} // namespace clstep::ocl
