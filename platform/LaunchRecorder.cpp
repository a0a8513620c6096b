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

namespace {

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
            // The .sim image extension (README "Images in .sim files"): the texels as uchar
            // hex bytes, so the replay gets the very same bits whatever the format.
            spec = imageSpec(a);
            break;
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
