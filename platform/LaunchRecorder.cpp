#include "LaunchRecorder.h"

#include "DeviceSettings.h"
#include "ProgramObject.h"
#include "launch/BufferDump.h"
#include "launch/SimWriter.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>

namespace clstep::ocl {

namespace fs = std::filesystem;

namespace {

/// Writes `bytes` to `path`; false (after a message on stderr) if it cannot.
bool writeBytes(const fs::path& path, const std::vector<uint8_t>& bytes) {
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()),
              static_cast<std::streamsize>(bytes.size()));
    if (out) return true;
    std::cerr << "clstep: cannot write " << path << "\n";
    return false;
}

/// The element type a recorded buffer is dumped as: the parameter's (`float*` -> float) if
/// it divides the size, else uchar.
launch::ElementType dumpType(const std::string& typeName, uint64_t size) {
    auto t = launch::defaultElementType(typeName);
    if (t && size % launch::elementSize(*t) == 0) return *t;
    return launch::ElementType::UChar;
}

/// The `.sim` argument of an image argument (tightly packed texels): `image=` sizes as the
/// image type spells them (WxLAYERS for image1d_array_t, WxHxLAYERS for image2d_array_t),
/// `format=`, the bytes as uchar hex, dumped.
launch::KernelArgSpec imageSpec(const KernelArgument& a) {
    launch::KernelArgSpec spec;
    spec.name = a.name;
    spec.kind = launch::ArgKind::Image;
    const image::Object& img = a.image;
    spec.imageSize = {img.width};
    if (img.dim == image::Dim::Image1DArray) spec.imageSize.push_back(img.arraySize);
    if (image::spatialDims(img.dim) >= 2) spec.imageSize.push_back(img.height);
    if (img.dim == image::Dim::Image3D) spec.imageSize.push_back(img.depth);
    if (img.dim == image::Dim::Image2DArray) spec.imageSize.push_back(img.arraySize);
    spec.imageFormat = img.format;
    spec.image = img;
    spec.type = spec.writtenType = launch::ElementType::UChar;
    spec.hex = true;
    spec.bytes = a.bytes;
    spec.size = a.bytes.size();
    spec.sizeGiven = true;
    spec.contentsKnown = true;
    spec.dump = true;
    return spec;
}

} // namespace

void recordLaunch(const std::string& dir, uint32_t launchNumber, const KernelObject& k,
                  const NDRange& range, const std::vector<KernelArgument>& args,
                  const std::vector<std::vector<uint8_t>>& finalBytes, bool inlineData) {
    char number[16];
    std::snprintf(number, sizeof number, "%04u", launchNumber);
    fs::path bundle = fs::path(dir) / (std::string(number) + "-" + k.name);
    std::error_code ec;
    fs::create_directories(bundle / "expected", ec);
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
    // The program's build options and the device's byte order travel in the .sim, so that
    // `clstep-cli run launch.sim` and the GUI (--break-on) build and run it as the program did.
    if (!k.program->options.empty()) config.buildOptions = k.program->options;
    if (DeviceSettings::get().bigEndian) config.deviceBigEndian = true;
    std::string expected, sharing;
    for (size_t i = 0; i < args.size(); ++i) {
        const KernelArgument& a = args[i];
        launch::KernelArgSpec spec;
        spec.name = a.name;
        spec.size = a.size;
        spec.sizeGiven = true;
        spec.readOnly = a.readOnly;
        spec.writeOnly = a.writeOnly;
        switch (a.kind) {
        case KernelArgument::Kind::Buffer: {
            // The initial bytes go to a file (file=NAME), so the .sim stays small; the dump
            // shows the parameter's element type.
            spec.kind = launch::ArgKind::Buffer;
            std::vector<uint8_t> initial = a.bytes;
            if (a.aliasOf >= 0) {
                const KernelArgument& owner = args[static_cast<size_t>(a.aliasOf)];
                initial.assign(owner.bytes.begin() + static_cast<std::ptrdiff_t>(a.aliasOffset),
                               owner.bytes.begin() +
                                   static_cast<std::ptrdiff_t>(a.aliasOffset + a.size));
                sharing += "# NOTE: argument " + std::to_string(i) + " (" + a.name +
                           ") shares a buffer with argument " + std::to_string(a.aliasOf) + " (" +
                           owner.name + ") at byte offset " + std::to_string(a.aliasOffset) +
                           " in the program; a .sim cannot say so: here each has its own copy, so "
                           "writes through one are not seen through the other and the replay can "
                           "differ from the recorded outputs\n";
            }
            spec.size = initial.size();
            const std::string file = launch::SimWriter::argumentFileName(i, a.name);
            spec.type = spec.writtenType = dumpType(k.signature.params[i].typeName, spec.size);
            spec.dump = true;
            if (!writeBytes(bundle / file, initial)) return;
            const std::vector<uint8_t>& after =
                i < finalBytes.size() && !finalBytes[i].empty() ? finalBytes[i] : initial;
            if (!writeBytes(bundle / "expected" / file, after)) return;
            if (inlineData) { // oclgrind-kernel's form: the exact bits as uchar hex values
                spec.type = spec.writtenType = launch::ElementType::UChar;
                spec.hex = true;
                spec.bytes = initial;
                spec.contentsKnown = true;
            } else {
                spec.file = file;
            }
            expected += launch::BufferDump::format(spec, after);
            break;
        }
        case KernelArgument::Kind::Scalar:
            // Bytes as uchar hex: the replay gets the very same bits whatever the type.
            spec.kind = launch::ArgKind::Scalar;
            spec.type = spec.writtenType = launch::ElementType::UChar;
            spec.hex = true;
            spec.bytes = a.bytes;
            spec.size = a.bytes.size();
            spec.contentsKnown = true;
            break;
        case KernelArgument::Kind::Local:
            spec.kind = launch::ArgKind::Local;
            break;
        case KernelArgument::Kind::Null:
            spec.kind = launch::ArgKind::Null;
            spec.size = 0;
            break;
        case KernelArgument::Kind::Image:
            // The .sim image extension (README "Images in .sim files"): the texels as uchar
            // hex bytes, so the replay gets the very same bits whatever the format.
            spec = imageSpec(a);
            if (spec.dump) {
                const std::vector<uint8_t>& after =
                    i < finalBytes.size() && !finalBytes[i].empty() ? finalBytes[i] : a.bytes;
                expected += launch::BufferDump::format(spec, after);
            }
            break;
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
    if (!sharing.empty())
        std::cerr << "clstep: launch " << launchNumber << " (" << k.name
                  << "): recorded with a separate copy per argument although some arguments "
                     "share one buffer (see the NOTE in "
                  << simPath << ")\n";
    std::ofstream(simPath) << sharing << *text;
    std::ofstream(bundle / "expected-output.txt") << expected;
}

} // namespace clstep::ocl
