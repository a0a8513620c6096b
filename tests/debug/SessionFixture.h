#pragma once
// Shared by the debug-layer tests that set up a Session by hand (tst_session,
// tst_snapshotspaces, tst_bigsnapshots): one kernel with one `__global int *out` argument.

#include "debug/Session.h"

#include <cstdint>

namespace clstep::debug::test {

/// The buffer argument `out`: `ints` elements of 4 bytes, all 0 (its bytes written).
inline KernelArgument intOutput(uint64_t ints) {
    KernelArgument out;
    out.kind = KernelArgument::Kind::Buffer;
    out.name = "out";
    out.size = ints * 4;
    out.bytes.assign(out.size, 0);
    out.elementBytes = 4;
    return out;
}

/// Selects kernel `kernel` of the loaded program over a 1-dimensional NDRange of `global`
/// work-items in work-groups of `local`, with intOutput(`global`) as its one argument; the
/// session is not reset.
inline void selectOneOutputLaunch(Session& s, const char* kernel, uint64_t global, uint64_t local) {
    NDRange r;
    r.dims = 1;
    r.global = {global, 1, 1};
    r.local = {local, 1, 1};
    s.setKernel(kernel);
    s.setNDRange(r);
    s.setArguments({intOutput(global)}, {"int"});
}

} // namespace clstep::debug::test
