#include "ExpectedOutput.h"

#include "launch/BufferDump.h"
#include "launch/SimWriter.h"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace clstep::cli {

namespace fs = std::filesystem;

namespace {

std::vector<uint8_t> readBytes(const fs::path& path, bool& ok) {
    std::ifstream in(path, std::ios::binary);
    ok = static_cast<bool>(in);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::string elementText(launch::ElementType type, bool hex, const uint8_t* p) {
    std::string text = launch::BufferDump::formatElement(type, hex, p);
    if (type == launch::ElementType::Float || type == launch::ElementType::Double) {
        // Two floats can print alike and differ in their bits: show the bits too.
        std::string bits = launch::BufferDump::formatElement(type == launch::ElementType::Float
                                                                 ? launch::ElementType::UInt
                                                                 : launch::ElementType::ULong,
                                                             true, p);
        text += " [" + bits + "]";
    }
    return text;
}

} // namespace

bool ExpectedOutput::check(const launch::LaunchConfig& config,
                           const std::vector<std::vector<uint8_t>>& finalBytes,
                           const std::string& path, std::ostream& err) {
    std::string where = path;
    if (where.empty()) where = (fs::path(config.simPath).parent_path() / "expected").string();
    std::error_code ec;
    if (fs::is_directory(where, ec)) return checkDirectory(config, finalBytes, where, err);
    if (fs::is_regular_file(where, ec)) return checkDumpText(config, finalBytes, where, err);
    err << "clstep-cli: --expect: '" << where
        << "' is neither a directory of expected buffers (argI-NAME.bin) nor a dump file\n";
    return false;
}

bool ExpectedOutput::checkDirectory(const launch::LaunchConfig& config,
                                    const std::vector<std::vector<uint8_t>>& finalBytes,
                                    const std::string& dir, std::ostream& err) {
    bool same = true;
    size_t compared = 0;
    for (size_t i = 0; i < config.args.size(); ++i) {
        const launch::KernelArgSpec& spec = config.args[i];
        if (!spec.dump || i >= finalBytes.size()) continue;
        fs::path file = fs::path(dir) / launch::SimWriter::argumentFileName(i, spec.name);
        std::string label = "argument " + std::to_string(i) + " '" + spec.name + "'";
        bool ok = false;
        std::vector<uint8_t> expected = readBytes(file, ok);
        if (!ok) {
            err << "clstep-cli: --expect: no expected bytes for " << label << ": cannot read "
                << file.string() << "\n";
            same = false;
            continue;
        }
        ++compared;
        const std::vector<uint8_t>& got = finalBytes[i];
        if (expected.size() != got.size()) {
            err << "clstep-cli: --expect: " << label << " has " << got.size() << " bytes, "
                << file.string() << " " << expected.size() << "\n";
            same = false;
            continue;
        }
        launch::ElementType type = spec.type.value_or(launch::ElementType::UChar);
        size_t width = launch::elementSize(type);
        if (got.size() % width) {
            type = launch::ElementType::UChar;
            width = 1;
        }
        size_t differing = 0;
        std::string shown;
        for (size_t e = 0; e < got.size() / width; ++e) {
            const uint8_t* g = got.data() + e * width;
            const uint8_t* x = expected.data() + e * width;
            if (std::memcmp(g, x, width) == 0) continue;
            if (++differing <= kShown)
                shown += std::string(differing == 1 ? "" : "; ") + spec.name + "[" +
                         std::to_string(e) + "] = " + elementText(type, spec.hex, g) +
                         " (expected " + elementText(type, spec.hex, x) + ")";
        }
        if (differing) {
            err << "clstep-cli: --expect: " << label << ": " << differing << " of "
                << got.size() / width << " elements differ from " << file.string() << "; " << shown
                << (differing > kShown ? "; ..." : "") << "\n";
            same = false;
        }
    }
    if (compared == 0 && same) {
        err << "clstep-cli: --expect: the launch has no dump argument to compare with " << dir
            << "\n";
        return false;
    }
    return same;
}

bool ExpectedOutput::checkDumpText(const launch::LaunchConfig& config,
                                   const std::vector<std::vector<uint8_t>>& finalBytes,
                                   const std::string& file, std::ostream& err) {
    std::string text;
    for (size_t i = 0; i < config.args.size() && i < finalBytes.size(); ++i)
        if (config.args[i].dump) text += launch::BufferDump::format(config.args[i], finalBytes[i]);
    std::ifstream in(file, std::ios::binary);
    std::istringstream got(text);
    std::string want, have;
    size_t line = 0, differing = 0;
    for (;;) {
        bool moreWant = static_cast<bool>(std::getline(in, want));
        bool moreHave = static_cast<bool>(std::getline(got, have));
        if (!moreWant && !moreHave) break;
        ++line;
        if (moreWant && moreHave && want == have) continue;
        if (++differing <= kShown)
            err << file << ":" << line << ": --expect: expected '" << (moreWant ? want : "<end>")
                << "', the replay printed '" << (moreHave ? have : "<end>") << "'\n";
    }
    if (differing > kShown) err << file << ": --expect: " << differing << " lines differ in all\n";
    return differing == 0;
}

} // namespace clstep::cli
