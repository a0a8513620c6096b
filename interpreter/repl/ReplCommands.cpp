#include "repl/ReplCommands.h"

#include "repl/EntryEvaluator.h"
#include "repl/KernelBuilder.h"
#include "repl/LayoutPrinter.h"
#include "repl/MemoryPrinter.h"
#include "repl/ReplCompiler.h"
#include "repl/ScratchpadLauncher.h"
#include "repl/TypeSpeller.h"
#include "repl/ValuePrinter.h"

#include "launch/LaunchConfig.h"

#include <fstream>
#include <sstream>

namespace clstep::repl {

namespace {

ReplResult message(const std::string& text, bool ok = true) {
    ReplResult r;
    r.kind = EntryKind::Command;
    r.ok = ok;
    r.text = text.empty() || text.back() == '\n' ? text : text + "\n";
    return r;
}

std::string trim(const std::string& s) {
    size_t b = s.find_first_not_of(" \t\r\n");
    if (b == std::string::npos) return "";
    size_t e = s.find_last_not_of(" \t\r\n");
    return s.substr(b, e - b + 1);
}

std::string three(const std::array<uint64_t, 3>& v, uint32_t dims) {
    std::string s;
    for (uint32_t d = 0; d < dims; ++d) {
        if (d) s += ',';
        s += std::to_string(v[d]);
    }
    return s;
}

} // namespace

std::string ReplCommands::help() {
    return "Type OpenCL C: declarations are kept, statements run on the selected work-item,\n"
           "an expression (no trailing ';') shows its value, type and bytes.\n"
           "  float4 v = (float4)(1, 2, 3, 4);      v.wzyx * 2      as_uint(1.0f)\n"
           "  typedef struct { char a; int b; } S;  int sq(int x) { return x * x; }\n"
           "  __constant int lut[3] = {1, 2, 3};     for (int i = 0; i < 4; i++) acc += v[i];\n"
           "Commands:\n"
           "  :help                 this text\n"
           "  :vars                 kept variables and their values\n"
           "  :type EXPR            the type of an expression\n"
           "  :layout TYPE          size, alignment, members and padding of a type\n"
           "  :mem [SPACE]          bytes of private, local, constant or global memory\n"
           "  :ndrange G [L]        global and local size (G and L: X[,Y[,Z]])\n"
           "  :workitem ID          global id of the work-item entries run on (X[,Y[,Z]])\n"
           "  :run KERNEL ARGS...   run a kernel over the NDRange; ARGS as in .sim files:\n"
           "                        <size=64 float range=0:1:15 dump> <local size=64> <int> 4\n"
           "  :endian big|little    simulated device byte order (values are kept)\n"
           "  :std CL1.2|CL2.0      OpenCL C version (also CL1.0, CL1.1, CL3.0)\n"
           "  :steps N              step limit per work-item (stops endless loops)\n"
           "  :bytes on|off         show the bytes of each value\n"
           "  :program              the accumulated declarations\n"
           "  :save FILE.cl         write the declarations as a kernel file\n"
           "  :load FILE.cl         add the declarations of a kernel file\n"
           "  :reset                forget declarations and variables (settings stay)\n"
           "  :quit                 leave\n"
           "An entry continues on the next line while a bracket is open.\n";
}

ReplResult ReplCommands::execute(const std::string& line) {
    std::string text = trim(line);
    size_t space = text.find_first_of(" \t");
    std::string name = text.substr(1, space == std::string::npos ? std::string::npos : space - 1);
    std::string arg = space == std::string::npos ? "" : trim(text.substr(space));
    if (name == "help" || name == "h" || name == "?") return message(help());
    if (name == "quit" || name == "q" || name == "exit") {
        ReplResult r = message("");
        r.quit = true;
        return r;
    }
    if (name == "reset") return reset();
    if (name == "vars") return vars();
    if (name == "type" || name == "t") return type(arg);
    if (name == "layout") {
        const uint32_t origin = m_session.addEntry(arg);
        return LayoutPrinter(m_session.state, m_session.sources, origin).layout(arg);
    }
    if (name == "mem") return MemoryPrinter(m_session).print(arg);
    if (name == "ndrange") return ndrange(arg);
    if (name == "workitem" || name == "wi") return workitem(arg);
    if (name == "run") return ScratchpadLauncher(m_session).run(arg);
    if (name == "endian") return endian(arg);
    if (name == "std") return standard(arg);
    if (name == "steps") return steps(arg);
    if (name == "bytes") return bytes(arg);
    if (name == "program") return program();
    if (name == "save") return save(arg);
    if (name == "load") return load(arg);
    return message("unknown command ':" + name + "' (:help lists the commands)", false);
}

ReplResult ReplCommands::reset() {
    m_session.state.chunks.clear();
    m_session.state.variables.clear();
    m_session.state.typeOwner.reset();
    m_session.lastRun.clear();
    m_session.lastKernel.clear();
    return message("declarations and variables forgotten (settings kept: " + contextText() + ")");
}

ReplResult ReplCommands::vars() {
    const ReplState& st = m_session.state;
    if (st.variables.empty()) return message("(no variables)");
    ValuePrinter printer(st.settings.bigEndian);
    std::string out;
    for (const PersistentVariable& v : st.variables)
        out += printer.variable(v.declaration, v.type, v.bytes) + "\n";
    return message(out);
}

ReplResult ReplCommands::type(const std::string& arg) {
    if (arg.empty()) return message("usage: :type EXPR", false);
    const uint32_t origin = m_session.addEntry(arg);
    EntryEvaluator evaluator(m_session.state, m_session.sources, origin);
    EntryEvaluator::ExpressionProbe probe = evaluator.probeExpression(arg);
    ReplResult r = message("");
    r.diagnostics = probe.diagnostics;
    if (!probe.parsed || probe.program->hasErrors() || !probe.expr || !probe.expr->type) {
        r.ok = false;
        r.text = evaluator.format(probe.diagnostics);
        if (r.text.empty()) r.text = "error: not an expression\n";
        return r;
    }
    const QualType t = probe.expr->type;
    r.type = TypeSpeller::display(t);
    r.text = evaluator.format(probe.diagnostics) + r.type;
    if (probe.expr->isLValue && t.space != AddressSpace::None)
        r.text += std::string("  (an lvalue in ") + addressSpaceName(t.space) + " memory)";
    if (!t->isVoid()) r.text += "  (" + std::to_string(t->canonical()->size) + " bytes)";
    r.text += "\n";
    return r;
}

std::string ReplCommands::contextText() const {
    const ReplSettings& s = m_session.state.settings;
    std::string out =
        "ndrange global " + three(s.range.global, s.range.dims) + ", local " +
        (s.range.localGiven ? three(s.range.local, s.range.dims) : std::string("auto")) +
        "; work-item " + three(s.workItem, s.range.dims) + "; " + (s.bigEndian ? "big" : "little") +
        "-endian; CL" + std::to_string(s.clVersion / 100) + "." +
        std::to_string(s.clVersion % 100 / 10);
    return out;
}

ReplResult ReplCommands::ndrange(const std::string& arg) {
    ReplSettings& s = m_session.state.settings;
    if (arg.empty()) return message(contextText());
    std::istringstream in(arg);
    std::string g, l, extra;
    in >> g >> l >> extra;
    NDRange range;
    uint32_t dims = 0;
    if (!launch::parseSizeList(g, range.global, dims) || !extra.empty())
        return message("usage: :ndrange GLOBAL [LOCAL], each X[,Y[,Z]] (e.g. :ndrange 16 4)",
                       false);
    range.dims = dims;
    range.localGiven = !l.empty();
    if (!l.empty()) {
        uint32_t ldims = 0;
        if (!launch::parseSizeList(l, range.local, ldims) || ldims != dims)
            return message("the local size needs as many dimensions as the global size", false);
    }
    for (uint32_t d = 0; d < 3; ++d) {
        if (range.global[d] == 0 || range.local[d] == 0)
            return message("sizes must be greater than 0", false);
        if (range.localGiven && range.global[d] % range.local[d] != 0 && s.clVersion < 200)
            return message(
                "the local size must divide the global size before OpenCL C 2.0 (:std CL2.0 allows "
                "non-uniform work-groups)",
                false);
    }
    // Every entry runs the whole NDRange (the other work-items return at once).
    if (range.totalWorkItems() > (uint64_t(1) << 22))
        return message("the scratchpad runs at most 4194304 work-items", false);
    s.range = range;
    std::string note;
    for (uint32_t d = 0; d < 3; ++d)
        if (s.workItem[d] >= range.global[d]) {
            s.workItem = {0, 0, 0};
            note = " (work-item reset to 0)";
        }
    return message(contextText() + note);
}

ReplResult ReplCommands::workitem(const std::string& arg) {
    ReplSettings& s = m_session.state.settings;
    if (arg.empty()) return message(contextText());
    std::array<uint64_t, 3> id;
    uint32_t dims = 0;
    if (!launch::parseSizeList(arg, id, dims))
        return message("usage: :workitem X[,Y[,Z]] (a global id)", false);
    for (uint32_t d = dims; d < 3; ++d)
        id[d] = 0;
    for (uint32_t d = 0; d < 3; ++d)
        if (id[d] >= s.range.global[d])
            return message("work-item " + three(id, std::max(dims, s.range.dims)) +
                               " is outside the NDRange (" + contextText() + ")",
                           false);
    s.workItem = id;
    return message(contextText());
}

ReplResult ReplCommands::endian(const std::string& arg) {
    if (arg.empty()) return message(contextText());
    if (arg != "big" && arg != "little") return message("usage: :endian big|little", false);
    m_session.state.setBigEndian(arg == "big");
    return message(std::string("device byte order: ") + arg +
                   "-endian (kept variables keep their values; their bytes changed)");
}

ReplResult ReplCommands::standard(const std::string& arg) {
    std::string value = arg.rfind("CL", 0) == 0 || arg.empty() ? arg : "CL" + arg;
    int version = CompileOptions::parseClStd(value);
    if (!version) return message("usage: :std CL1.0|CL1.1|CL1.2|CL2.0|CL3.0", false);
    const NDRange& range = m_session.state.settings.range;
    if (version < 200 && range.localGiven)
        for (uint32_t d = 0; d < 3; ++d)
            if (range.global[d] % range.local[d] != 0)
                return message(
                    "the NDRange has non-uniform work-groups, which need OpenCL C 2.0; change "
                    ":ndrange first",
                    false);
    ReplState next = m_session.state;
    next.settings.clVersion = version;
    next.layout();
    EntryPlan plan;
    SyntheticSource source = KernelBuilder::build(next, plan);
    auto program = ReplCompiler::compile(source, next.settings);
    if (program->hasErrors()) {
        const uint32_t origin = m_session.addEntry(":std " + arg);
        EntryEvaluator evaluator(m_session.state, m_session.sources, origin);
        return message(evaluator.format(ReplCompiler::entryDiagnostics(*program, source, origin)) +
                           "the declarations do not compile as " + value +
                           "; staying with the current version",
                       false);
    }
    m_session.state = std::move(next);
    return message(contextText());
}

ReplResult ReplCommands::steps(const std::string& arg) {
    try {
        size_t used = 0;
        unsigned long long n = std::stoull(arg, &used);
        if (used != arg.size() || n == 0) throw std::invalid_argument(arg);
        m_session.state.settings.maxSteps = n;
        return message("step limit: " + std::to_string(n) + " statements per work-item");
    } catch (...) {
        return message("usage: :steps N (now " + std::to_string(m_session.state.settings.maxSteps) +
                           ")",
                       false);
    }
}

ReplResult ReplCommands::bytes(const std::string& arg) {
    if (arg != "on" && arg != "off") return message("usage: :bytes on|off", false);
    m_session.state.settings.showBytes = arg == "on";
    return message(std::string("bytes of values: ") + arg);
}

ReplResult ReplCommands::program() {
    std::string text = m_session.state.programText();
    return message(text.empty() ? "(no declarations)" : text);
}

ReplResult ReplCommands::save(const std::string& arg) {
    if (arg.empty()) return message("usage: :save FILE.cl", false);
    const ReplState& st = m_session.state;
    const ReplSettings& s = st.settings;
    std::ostringstream out;
    out << "// OpenCL C scratchpad (clstep-cli repl), CL" << s.clVersion / 100 << "."
        << s.clVersion % 100 / 10 << "\n";
    out << st.programText();
    ValuePrinter printer(s.bigEndian);
    bool header = false;
    for (const PersistentVariable& v : st.variables) {
        const Type* t = v.type->canonical();
        if (!header) {
            out << "\n// Kept variables (':load' declares the '//:' lines again):\n";
            header = true;
        }
        const std::string value = printer.value(v.type, v.bytes);
        const bool restorable =
            (t->isScalarArithmetic() || t->isVector()) && v.space == AddressSpace::Private &&
            value.find("nan") == std::string::npos && value.find("inf") == std::string::npos;
        out << (restorable ? "//: " : "// ") << v.declaration << " = " << value << ";\n";
    }
    std::ofstream file(arg, std::ios::binary);
    if (!file || !(file << out.str())) return message("cannot write '" + arg + "'", false);
    return message("saved " + std::to_string(st.chunks.size()) + " declaration(s) and " +
                   std::to_string(st.variables.size()) + " variable(s) to " + arg);
}

ReplResult ReplCommands::load(const std::string& arg) {
    if (arg.empty()) return message("usage: :load FILE.cl", false);
    std::ifstream file(arg, std::ios::binary);
    if (!file) return message("cannot open '" + arg + "'", false);
    std::ostringstream ss;
    ss << file.rdbuf();
    const std::string text = ss.str();
    ReplResult r = message("");
    // A file loaded again (perhaps edited) is registered under a new name.
    const std::string path = m_session.sources.findFile(arg)
                                 ? arg + " (entry " + std::to_string(m_session.entries) + ")"
                                 : arg;
    const uint32_t origin = m_session.sources.addFile(path, text);
    ReplSession backup = m_session;
    if (EntryEvaluator::lastSignificant(text) != '\0') {
        r = EntryEvaluator(m_session.state, m_session.sources, origin).evaluate(text);
        const bool declarations = r.kind == EntryKind::Declaration;
        r.kind = EntryKind::Command;
        if (!r.ok || !declarations) {
            m_session = std::move(backup);
            r.text += "':load' takes declarations only; nothing was loaded\n";
            r.ok = false;
            return r;
        }
    }
    // Variables saved by ':save'.
    std::istringstream lines(text);
    std::string line;
    size_t restored = 0;
    uint32_t lineNumber = 0;
    while (std::getline(lines, line)) {
        ++lineNumber;
        if (line.rfind("//: ", 0) != 0) continue;
        const std::string decl = line.substr(4);
        const uint32_t id =
            m_session.sources.addFile(path + ":" + std::to_string(lineNumber), decl);
        ReplResult v = EntryEvaluator(m_session.state, m_session.sources, id).evaluate(decl);
        r.text += v.text;
        if (!v.ok) {
            m_session = std::move(backup);
            r.ok = false;
            r.text += "nothing was loaded\n";
            return r;
        }
        ++restored;
    }
    r.text += "loaded " + arg +
              (restored ? " (" + std::to_string(restored) + " variable(s))" : "") + "\n";
    return r;
}

} // namespace clstep::repl
