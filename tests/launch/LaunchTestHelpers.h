#pragma once
// Helpers shared by the launch-file tests (tst_simparser, tst_argparser).

#include "common/Diagnostic.h"
#include "launch/KernelSignature.h"

#include <QString>
#include <QStringList>

#include <array>
#include <bit>
#include <cstdint>
#include <fstream>
#include <initializer_list>
#include <sstream>
#include <string>
#include <vector>

namespace clstep::launch::test {

/// The whole file at `path` ("" if it cannot be read).
inline std::string readText(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

/// "LINE:COL: severity: message | ..." for a failure message.
inline QString describe(const std::vector<Diagnostic>& diags) {
    QStringList out;
    for (const Diagnostic& d : diags)
        out << QString("%1:%2: %3: %4")
                   .arg(d.range.begin.line)
                   .arg(d.range.begin.column)
                   .arg(severityName(d.severity), QString::fromStdString(d.message));
    return out.join(" | ");
}

/// A kernel parameter description for binding.
inline KernelParamInfo param(std::string name, ParamAddressSpace space,
                                     std::string type, uint64_t size) {
    return {std::move(name), space, std::move(type), size};
}

/// The bytes of `values` in host order, as a .sim file's values give them.
template <typename T>
std::vector<uint8_t> bytesOf(std::initializer_list<T> values) {
    std::vector<uint8_t> out;
    for (T v : values)
        for (uint8_t b : std::bit_cast<std::array<uint8_t, sizeof(T)>>(v))
            out.push_back(b);
    return out;
}

} // namespace clstep::launch::test
