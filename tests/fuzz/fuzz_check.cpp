// libFuzzer entry point: every input is an OpenCL C file given to the same pipeline as
// `clstep-cli check` (preprocess, parse, Sema). Any crash, hang, leak or sanitizer report is
// a bug; diagnostics are the expected outcome for garbage.
#include "frontend/Program.h"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string text(reinterpret_cast<const char*>(data), size);
    clstep::CompileOptions options;
    auto program = clstep::Program::fromSource("fuzz.cl", std::move(text), options);
    return program ? 0 : 0;
}
