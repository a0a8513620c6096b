#pragma once

// Test helper: the KernelSignature of a simple kernel, read from its OpenCL C source with a
// few string operations (no preprocessor; typedef'd structs have size 0 unless given). Good
// enough for the kernels in tests/data/launch and samples/; the real one comes from Sema.

#include "launch/KernelSignature.h"

#include <map>
#include <optional>
#include <regex>
#include <sstream>
#include <string>

namespace clstep::launch::test {

inline std::optional<KernelSignature> signatureFromSource(std::string source,
                                                          const std::string& kernel) {
    static const std::map<std::string, uint64_t> scalarSizes = {
        {"char", 1},   {"uchar", 1},   {"short", 2}, {"ushort", 2}, {"int", 4},
        {"uint", 4},   {"long", 8},    {"ulong", 8}, {"float", 4},  {"double", 8},
        {"float2", 8}, {"float4", 16}, {"int2", 8},  {"int4", 16},  {"size_t", 8}};
    source = std::regex_replace(source, std::regex(R"(//[^\n]*|/\*[\s\S]*?\*/)"), " ");
    source = std::regex_replace(
        source, std::regex(R"(__attribute__\s*\(\((?:[^()]|\([^()]*\))*\)\))"), " ");
    source =
        std::regex_replace(source, std::regex(R"(\bunsigned\s+(char|short|int|long)\b)"), "u$1");
    std::smatch m;
    if (!std::regex_search(source, m, std::regex("\\b" + kernel + R"(\s*\(([^)]*)\))")))
        return std::nullopt;
    KernelSignature sig;
    std::stringstream params(m[1].str());
    std::string param;
    while (std::getline(params, param, ',')) {
        KernelParamInfo info;
        bool pointer = param.find('*') != std::string::npos;
        for (char& c : param)
            if (c == '*') c = ' ';
        std::stringstream words(param);
        std::string type, word, last;
        while (words >> word) {
            if (!last.empty()) {
                if (last == "global" || last == "__global")
                    info.addressSpace = ParamAddressSpace::Global;
                else if (last == "constant" || last == "__constant")
                    info.addressSpace = ParamAddressSpace::Constant;
                else if (last == "local" || last == "__local")
                    info.addressSpace = ParamAddressSpace::Local;
                else if (last != "const" && last != "restrict" && last != "volatile" &&
                         last != "__private" && last != "private")
                    type += (type.empty() ? "" : " ") + last;
            }
            last = word;
        }
        info.name = last;
        info.typeName = type + (pointer ? "*" : "");
        auto size = scalarSizes.find(type);
        info.sizeBytes = pointer ? 8 : size == scalarSizes.end() ? 0 : size->second;
        sig.params.push_back(info);
    }
    return sig;
}

} // namespace clstep::launch::test
