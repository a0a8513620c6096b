#include "repl/MemoryPrinter.h"

#include "repl/KernelBuilder.h"
#include "repl/ReplCompiler.h"
#include "repl/TypeBytes.h"
#include "repl/TypeSpeller.h"
#include "repl/ValuePrinter.h"
#include "runtime/KernelRun.h"

#include <cstdio>

namespace clstep::repl {

namespace {

std::string endianText(const ReplSettings& s) {
    return s.bigEndian ? "big-endian" : "little-endian";
}

/// Hex rows of 16 bytes with their offsets ("  0010: 00 01 ..."), at most `limit` bytes.
std::string hexRows(const std::vector<uint8_t>& bytes, uint64_t limit = 256) {
    std::string out;
    for (uint64_t off = 0; off < bytes.size() && off < limit; off += 16) {
        char head[32];
        std::snprintf(head, sizeof head, "        %04llx: ", static_cast<unsigned long long>(off));
        uint64_t n = std::min<uint64_t>(16, bytes.size() - off);
        out += head + TypeBytes::hex(std::span<const uint8_t>(bytes.data() + off, n), 4) + "\n";
    }
    if (bytes.size() > limit)
        out += "        ... (" + std::to_string(bytes.size() - limit) + " more bytes)\n";
    return out;
}

} // namespace

std::string MemoryPrinter::variables(AddressSpace space) const {
    const ReplState& st = m_session.state;
    const ReplSettings& s = st.settings;
    ValuePrinter printer(s.bigEndian);
    std::string body;
    uint64_t total = 0;
    size_t count = 0;
    for (const PersistentVariable& v : st.variables) {
        if (v.space != space) continue;
        ++count;
        // Offsets as if the variables of this space were laid out one after the other.
        const uint64_t a = std::max<uint64_t>(v.align, 1);
        const uint64_t offset = (total + a - 1) / a * a;
        total = offset + v.size;
        char at[32];
        std::snprintf(at, sizeof at, "  +%-4llu ", static_cast<unsigned long long>(offset));
        body += at + printer.variable(v.declaration, v.type, v.bytes) + "\n";
        const uint64_t component = TypeBytes::componentSize(v.type.type);
        if (v.bytes.size() <= 16)
            body += "        " + TypeBytes::hex(v.bytes, component > 1 ? component : 0) + "\n";
        else
            body += hexRows(v.bytes, 64);
    }
    const std::string id = std::to_string(s.workItem[0]) + "," + std::to_string(s.workItem[1]) +
                           "," + std::to_string(s.workItem[2]);
    std::string head = std::string(addressSpaceName(space)) +
                       (space == AddressSpace::Private ? " memory of work-item (" + id + ")"
                                                       : " memory of its work-group") +
                       ": " + std::to_string(count) + " variable" + (count == 1 ? "" : "s");
    if (!count) return head + "\n";
    return head + ", " + std::to_string(total) + " bytes, " + endianText(s) + "\n" + body;
}

std::string MemoryPrinter::programScope(AddressSpace space) const {
    const ReplState& st = m_session.state;
    ReplState laid = st;
    laid.layout();
    EntryPlan plan;
    SyntheticSource source = KernelBuilder::build(laid, plan);
    std::shared_ptr<Program> program = ReplCompiler::compile(source, st.settings);
    std::string head = std::string(addressSpaceName(space)) + " program-scope variables";
    if (program->hasErrors()) return head + ": (the declarations do not compile)\n";
    std::vector<KernelArgument> args(2);
    for (KernelArgument& a : args) {
        a.kind = KernelArgument::Kind::Buffer;
        a.bytes.assign(8, 0);
        a.size = 8;
    }
    RunOptions ro;
    ro.deviceBigEndian = st.settings.bigEndian;
    KernelRun setup(*program, KernelBuilder::kKernelName, st.settings.range, args, ro);
    ValuePrinter printer(st.settings.bigEndian);
    std::string body;
    size_t count = 0;
    for (const ast::VarDecl* v : program->programVars) {
        if (v->type.space != space) continue;
        ++count;
        const uint64_t size = v->type->canonical()->size;
        Memory& mem =
            space == AddressSpace::Constant ? setup.constantMemory() : setup.globalMemory();
        const uint8_t* p =
            setup.ready() ? mem.bytes(setup.programVarAddress(v->slot), size) : nullptr;
        std::string decl = TypeSpeller::declaration(v->type, v->name).value_or(v->name);
        if (!p) {
            body += "  " + decl + " (not available)\n";
            continue;
        }
        std::vector<uint8_t> bytes(p, p + size);
        body += "  " + printer.variable(decl, v->type, bytes) + "\n";
        const uint64_t component = TypeBytes::componentSize(v->type.type);
        if (bytes.size() <= 16)
            body += "        " + TypeBytes::hex(bytes, component > 1 ? component : 0) + "\n";
        else
            body += hexRows(bytes, 64);
    }
    return head + ": " + std::to_string(count) +
           (count ? ", " + endianText(st.settings) + "\n" : "\n") + body;
}

std::string MemoryPrinter::runBuffers() const {
    if (m_session.lastRun.empty()) return "buffers of the last :run: none\n";
    std::string out = "buffers of the last :run (" + m_session.lastKernel + "), " +
                      endianText(m_session.state.settings) + ":\n";
    for (const RunBuffer& b : m_session.lastRun) {
        out += "  " + b.space + " '" + b.name + "': " + std::to_string(b.bytes.size()) + " bytes\n";
        out += hexRows(b.bytes);
    }
    return out;
}

ReplResult MemoryPrinter::print(const std::string& space) const {
    ReplResult r;
    r.kind = EntryKind::Command;
    std::string s = space;
    if (s.rfind("__", 0) == 0) s = s.substr(2);
    const bool cl20 = m_session.state.settings.clVersion >= 200;
    if (s.empty()) {
        r.text = variables(AddressSpace::Private);
        bool locals = false;
        for (const PersistentVariable& v : m_session.state.variables)
            locals |= v.space == AddressSpace::Local;
        if (locals) r.text += variables(AddressSpace::Local);
        r.text += programScope(AddressSpace::Constant);
        if (cl20) r.text += programScope(AddressSpace::Global);
        if (!m_session.lastRun.empty()) r.text += runBuffers();
    } else if (s == "private" || s == "p") {
        r.text = variables(AddressSpace::Private);
    } else if (s == "local" || s == "l") {
        r.text = variables(AddressSpace::Local);
    } else if (s == "constant" || s == "c") {
        r.text = programScope(AddressSpace::Constant);
    } else if (s == "global" || s == "g") {
        r.text = (cl20 ? programScope(AddressSpace::Global) : std::string()) + runBuffers();
    } else {
        r.ok = false;
        r.text = "usage: :mem [private|local|constant|global]\n";
    }
    return r;
}

} // namespace clstep::repl
