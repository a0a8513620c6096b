// SweepMatrix: the configurations of a launch sweep.
#include "launch/SweepMatrix.h"

#include "frontend/Ast.h"
#include "frontend/AstWalk.h"
#include "frontend/Program.h"
#include "launch/LaunchConfig.h"

#include <algorithm>
#include <sstream>

namespace clstep::launch {

std::string SweepConfiguration::localName() const {
    std::string s;
    for (uint32_t d = 0; d < std::max<uint32_t>(dims, 1); ++d)
        s += (d ? "x" : "") + std::to_string(localSize[d]);
    return s;
}

std::string SweepConfiguration::name() const {
    std::string s = "local " + localName();
    if (subGroupSize) s += ", sub-group " + std::to_string(subGroupSize);
    s += ", " + schedule;
    if (schedule == "random") s += " seed " + std::to_string(seed);
    if (endianVaried) s += bigEndian ? ", big-endian" : ", little-endian";
    return s;
}

nlohmann::json SweepConfiguration::toJson() const {
    nlohmann::json local = nlohmann::json::array();
    for (uint32_t d = 0; d < std::max<uint32_t>(dims, 1); ++d)
        local.push_back(localSize[d]);
    return {{"name", name()},
            {"local", local},
            {"sub_group_size", subGroupSize ? nlohmann::json(subGroupSize) : nlohmann::json()},
            {"schedule", schedule},
            {"seed", schedule == "random" ? nlohmann::json(seed) : nlohmann::json()},
            {"device_endian", bigEndian ? "big" : "little"}};
}

namespace {

std::vector<uint64_t> divisors(uint64_t n, uint64_t limit) {
    std::vector<uint64_t> out;
    for (uint64_t i = 1; i <= n && i <= limit; ++i)
        if (n % i == 0) out.push_back(i);
    return out;
}

} // namespace

std::vector<std::array<uint64_t, 3>>
SweepMatrix::dividingSizes(const std::array<uint64_t, 3>& global, uint32_t dims,
                           uint64_t maxWorkGroupSize) {
    std::vector<std::array<uint64_t, 3>> out;
    const std::vector<uint64_t> one{1};
    const auto d0 = divisors(global[0], maxWorkGroupSize);
    const auto d1 = dims >= 2 ? divisors(global[1], maxWorkGroupSize) : one;
    const auto d2 = dims >= 3 ? divisors(global[2], maxWorkGroupSize) : one;
    for (uint64_t z : d2)
        for (uint64_t y : d1)
            for (uint64_t x : d0)
                if (x * y * z <= maxWorkGroupSize) out.push_back({x, y, z});
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<SweepConfiguration> SweepMatrix::expand(const SweepMatrixOptions& o,
                                                    const NDRange& range, bool launchBigEndian) {
    std::vector<std::array<uint64_t, 3>> locals =
        o.localSizes.empty() ? dividingSizes(range.global, range.dims, o.maxWorkGroupSize)
                             : o.localSizes;
    std::vector<uint32_t> subGroups = o.subGroupSizes;
    if (subGroups.empty() && o.usesSubGroups) subGroups = {8, 16, 32, 64};
    if (subGroups.empty()) subGroups = {0};
    std::vector<std::pair<std::string, uint64_t>> schedules;
    for (const std::string& s : o.schedules)
        schedules.push_back({s, 1});
    if (o.schedules.empty()) schedules = {{"in-order", 1}, {"reverse", 1}, {"round-robin", 1}};
    for (unsigned seed = 1; seed <= o.randomSchedules; ++seed)
        schedules.push_back({"random", seed});
    std::vector<bool> endians = o.bigEndian;
    if (endians.empty()) endians = {launchBigEndian};
    // named by the dimensions that have work (a .sim launch always has 3: "16", not "16x1x1")
    uint32_t dims = 1;
    for (uint32_t d = 1; d < range.dims && d < 3; ++d)
        if (range.global[d] > 1) dims = d + 1;
    std::vector<SweepConfiguration> out;
    for (const auto& local : locals)
        for (uint32_t sg : subGroups)
            for (const auto& [schedule, seed] : schedules)
                for (bool big : endians) {
                    SweepConfiguration c;
                    c.localSize = local;
                    c.dims = dims;
                    c.subGroupSize = sg;
                    c.schedule = schedule;
                    c.seed = seed;
                    c.bigEndian = big;
                    c.endianVaried = endians.size() > 1;
                    out.push_back(std::move(c));
                }
    return out;
}

std::vector<KernelArgument> SweepMatrix::argumentsFor(const std::vector<KernelArgument>& args,
                                                      const std::array<uint64_t, 3>& written,
                                                      const std::array<uint64_t, 3>& local,
                                                      const std::vector<std::string>& pinned) {
    const uint64_t from = written[0] * written[1] * written[2];
    const uint64_t to = local[0] * local[1] * local[2];
    std::vector<KernelArgument> out = args;
    if (from == 0 || from == to) return out;
    for (KernelArgument& a : out) {
        if (a.kind != KernelArgument::Kind::Local) continue;
        if (std::find(pinned.begin(), pinned.end(), a.name) != pinned.end()) continue;
        // bytes per work-item kept: size * to / from, rounded up (no overflow: sizes are
        // bounded by the device's __local memory and work-group size)
        a.size = (a.size * to + from - 1) / from;
    }
    return out;
}

bool SweepMatrix::usesSubGroupFunctions(const Program& program) {
    if (!program.unit) return false;
    bool found = false;
    auto onExpr = [&found](const ast::Expr* e) {
        if (found) return ast::Visit::Stop;
        if (e->kind == ast::ExprKind::Call) {
            const ast::Expr* callee = static_cast<const ast::CallExpr*>(e)->callee.get();
            if (callee && callee->kind == ast::ExprKind::Name) {
                const std::string& n = static_cast<const ast::NameExpr*>(callee)->name;
                if (n.find("sub_group") != std::string::npos) {
                    found = true;
                    return ast::Visit::Stop;
                }
            }
        }
        return ast::Visit::Children;
    };
    for (const ast::DeclPtr& d : program.unit->decls) {
        if (d->kind != ast::DeclKind::Function) continue;
        const auto* f = static_cast<const ast::FunctionDecl*>(d.get());
        if (f->body)
            ast::walk(
                f->body.get(), [](const ast::Stmt*) {}, onExpr);
        if (found) return true;
    }
    return false;
}

bool SweepMatrix::parseLocalList(const std::string& text, std::vector<std::array<uint64_t, 3>>& out,
                                 std::string& why) {
    std::istringstream in(text);
    for (std::string item; std::getline(in, item, ',');) {
        std::array<uint64_t, 3> size{1, 1, 1};
        uint32_t dims = 0;
        if (item.find(',') != std::string::npos || !parseSizeList(item, size, dims) ||
            size[0] * size[1] * size[2] == 0) {
            why = "invalid work-group size '" + item + "' (a size is N, NxM or NxMxK)";
            return false;
        }
        out.push_back(size);
    }
    if (out.empty()) {
        why = "empty list of work-group sizes";
        return false;
    }
    if (!text.empty() && text.back() == ',') {
        why = "invalid work-group size list '" + text + "'";
        return false;
    }
    return true;
}

} // namespace clstep::launch
