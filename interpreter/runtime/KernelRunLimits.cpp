#include "runtime/KernelRun.h"

// The launch's limits, checked before anything is allocated or run: every product and sum of
// the NDRange sizes (work-items, work-groups, work-group size, offset + global) and the
// device's __local and global memory (RunOptions::localMemoryBytes/globalMemoryBytes).

#include "frontend/AstWalk.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

namespace clstep {

using namespace ast;

bool KernelRun::validateRange() {
    NDRange& r = m_range;
    if (r.dims < 1 || r.dims > 3) {
        launchError("work dimension must be 1, 2 or 3");
        return false;
    }
    for (int d = 0; d < 3; ++d) {
        if (r.global[d] == 0) {
            launchError("global size in dimension " + std::to_string(d) + " is 0");
            return false;
        }
        const uint64_t required = m_kernel ? m_kernel->reqdWorkGroupSize[d] : 0;
        if (!r.localGiven && required) {
            r.local[d] = required; // the only size the kernel may run with
        } else if (!r.localGiven) {
            uint64_t best = 1;
            uint64_t limit = d == 0 ? 64 : 1;
            for (uint64_t l = 1; l <= limit; ++l)
                if (r.global[d] % l == 0) best = l;
            r.local[d] = best;
        }
        if (r.local[d] == 0) {
            launchError("local size in dimension " + std::to_string(d) + " is 0");
            return false;
        }
        if (required && r.local[d] != required) {
            const auto& q = m_kernel->reqdWorkGroupSize;
            launchError("work-group size " + std::to_string(r.local[0]) + " x " +
                        std::to_string(r.local[1]) + " x " + std::to_string(r.local[2]) +
                        " does not match the kernel's reqd_work_group_size(" +
                        std::to_string(q[0]) + ", " + std::to_string(q[1]) + ", " +
                        std::to_string(q[2]) + ") (OpenCL C 6.7.2)");
            return false;
        }
        if (r.global[d] % r.local[d] != 0 && m_program.options.clVersion < 200) {
            launchError("global size " + std::to_string(r.global[d]) +
                        " is not a multiple of local size " + std::to_string(r.local[d]) +
                        " in dimension " + std::to_string(d) +
                        " (non-uniform work-groups need -cl-std=CL2.0)");
            return false;
        }
    }
    // Every product and sum of sizes must fit in 64 bits (size_t on the device): global ids
    // (offset + global - 1), the rounded-up extent (groups * local), the number of work-items,
    // of work-groups and of work-items per work-group (spec 5.8.5, clEnqueueNDRangeKernel:
    // CL_INVALID_GLOBAL_WORK_SIZE, CL_INVALID_GLOBAL_OFFSET, CL_INVALID_WORK_GROUP_SIZE).
    auto dimsText = [&](const std::array<uint64_t, 3>& v) {
        return std::to_string(v[0]) + " x " + std::to_string(v[1]) + " x " + std::to_string(v[2]);
    };
    uint64_t product = 0;
    for (int d = 0; d < 3; ++d) {
        uint64_t last = 0, extent = 0;
        if (__builtin_add_overflow(r.offset[d], r.global[d] - 1, &last)) {
            launchError("global offset " + std::to_string(r.offset[d]) + " plus global size " +
                        std::to_string(r.global[d]) + " in dimension " + std::to_string(d) +
                        " overflows 64 bits");
            return false;
        }
        if (__builtin_mul_overflow(r.groups(d), r.local[d], &extent) ||
            __builtin_add_overflow(extent, r.offset[d], &last)) {
            launchError("global size " + std::to_string(r.global[d]) +
                        " rounded up to local size " + std::to_string(r.local[d]) +
                        " in dimension " + std::to_string(d) + " overflows 64 bits");
            return false;
        }
    }
    if (__builtin_mul_overflow(r.global[0], r.global[1], &product) ||
        __builtin_mul_overflow(product, r.global[2], &product)) {
        launchError("the NDRange " + dimsText(r.global) +
                    " has more than 2^64 work-items (the product overflows 64 bits)");
        return false;
    }
    if (__builtin_mul_overflow(r.groups(0), r.groups(1), &product) ||
        __builtin_mul_overflow(product, r.groups(2), &product)) {
        launchError("the NDRange " + dimsText(r.global) + " with work-groups of " +
                    dimsText(r.local) + " has more than 2^64 work-groups");
        return false;
    }
    uint64_t groupSize = 0;
    if (__builtin_mul_overflow(r.local[0], r.local[1], &groupSize) ||
        __builtin_mul_overflow(groupSize, r.local[2], &groupSize)) {
        launchError("work-group size " + dimsText(r.local) +
                    " overflows 64 bits (the simulated device's limit is 65536)");
        return false;
    }
    if (groupSize > 65536) {
        launchError("work-group size " + std::to_string(groupSize) +
                    " exceeds the simulated device's limit of 65536");
        return false;
    }
    return true;
}

bool KernelRun::checkMemoryBounds() {
    auto list = [](const std::vector<std::pair<std::string, uint64_t>>& parts) {
        std::string text;
        for (size_t i = 0; i < parts.size() && i < 8; ++i)
            text += (i ? ", '" : "'") + parts[i].first + "' (" + std::to_string(parts[i].second) +
                    " bytes)";
        if (parts.size() > 8) text += ", ...";
        return text;
    };
    // Sums saturate: a sum that overflows is larger than any device.
    auto add = [](uint64_t a, uint64_t b) {
        uint64_t s = 0;
        return __builtin_add_overflow(a, b, &s) ? UINT64_MAX : s;
    };
    std::vector<std::pair<std::string, uint64_t>> locals;
    uint64_t localTotal = 0;
    for (const VarDecl* v : kernelScopeLocals(m_kernel->body.get())) {
        locals.emplace_back(v->name, v->type->canonical()->size);
        localTotal = add(localTotal, locals.back().second);
    }
    const auto& params = m_kernel->params;
    for (size_t i = 0; i < params.size() && i < m_args.size(); ++i)
        if (m_args[i].kind == KernelArgument::Kind::Local) {
            locals.emplace_back(params[i]->name, m_args[i].size);
            localTotal = add(localTotal, m_args[i].size);
        }
    if (localTotal > m_options.localMemoryBytes) {
        launchError("the kernel needs " + std::to_string(localTotal) +
                    " bytes of __local memory per work-group (" + list(locals) +
                    "), more than the device's " + std::to_string(m_options.localMemoryBytes) +
                    " bytes (CL_DEVICE_LOCAL_MEM_SIZE)");
        return false;
    }
    std::vector<std::pair<std::string, uint64_t>> buffers;
    uint64_t globalTotal = 0;
    for (const VarDecl* v : m_program.programVars) {
        buffers.emplace_back(v->name, v->type->canonical()->size);
        globalTotal = add(globalTotal, buffers.back().second);
    }
    for (size_t i = 0; i < m_args.size(); ++i)
        if ((m_args[i].kind == KernelArgument::Kind::Buffer && m_args[i].aliasOf < 0) ||
            m_args[i].kind == KernelArgument::Kind::Image) { // an alias has no bytes of its own
            std::string name =
                m_args[i].name.empty() && i < params.size() ? params[i]->name : m_args[i].name;
            // `size` counts too: a launch file's buffer over the memory budget keeps its
            // size but was never filled (launch::KernelArgSpec::overBudget).
            const uint64_t bytes = std::max<uint64_t>(m_args[i].bytes.size(), m_args[i].size);
            buffers.emplace_back(name, bytes);
            globalTotal = add(globalTotal, bytes);
        }
    if (globalTotal > m_options.globalMemoryBytes) {
        std::sort(buffers.begin(), buffers.end(),
                  [](const auto& a, const auto& b) { return a.second > b.second; });
        launchError("the buffers " + list(buffers) + " need " + std::to_string(globalTotal) +
                    " bytes in total, more than the device's global memory of " +
                    std::to_string(m_options.globalMemoryBytes) +
                    " bytes (CL_DEVICE_GLOBAL_MEM_SIZE)");
        return false;
    }
    return true;
}

} // namespace clstep
