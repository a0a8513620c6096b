#include "ProgramObject.h"

#include "Context.h"
#include "DeviceSettings.h"
#include "common/DeepStackThread.h"
#include "frontend/Ast.h"
#include "frontend/AstWalk.h"
#include "launch/DiagnosticPrinter.h"

#include <atomic>
#include <filesystem>
#include <iostream>
#include <set>
#include <sstream>

namespace clstep::ocl {

namespace {
std::atomic<unsigned> programCounter{0};
}

ProgramObject::ProgramObject(Context* context, std::string source)
    : context(context), source(std::move(source)) {
    context->retain();
    m_fileName = "clstep-program-" + std::to_string(++programCounter) + ".cl";
}

ProgramObject::~ProgramObject() {
    context->release();
}

namespace {
/// Appends `text` as "<decimal byte count>\n<bytes>".
void putField(std::string& out, const std::string& text) {
    out += std::to_string(text.size()) + "\n" + text;
}

/// Reads a field written by putField at `pos` (advanced past it); false if malformed.
bool getField(const std::string& in, size_t& pos, std::string& text) {
    const size_t nl = in.find('\n', pos);
    if (nl == std::string::npos || nl == pos || nl - pos > 19) return false;
    uint64_t n = 0;
    for (size_t i = pos; i < nl; ++i) {
        if (in[i] < '0' || in[i] > '9') return false;
        n = n * 10 + uint64_t(in[i] - '0');
    }
    if (n > in.size() - nl - 1) return false;
    text = in.substr(nl + 1, n);
    pos = nl + 1 + n;
    return true;
}
} // namespace

std::string ProgramObject::binary() const {
    if (binaryType != CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT &&
        binaryType != CL_PROGRAM_BINARY_TYPE_LIBRARY)
        return kBinaryMagic + source;
    std::string out = kObjectMagic;
    putField(out, std::to_string(binaryType));
    putField(out, options);
    putField(out, std::to_string(headers.size()));
    for (const auto& [name, text] : headers) {
        putField(out, name);
        putField(out, text);
    }
    putField(out, source);
    return out;
}

bool ProgramObject::loadBinary(const std::string& bytes) {
    const std::string magic = kBinaryMagic, objectMagic = kObjectMagic;
    if (bytes.compare(0, magic.size(), magic) == 0) {
        source = bytes.substr(magic.size());
        binaryType = CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
        fromBinary = true;
        return true;
    }
    if (bytes.compare(0, objectMagic.size(), objectMagic) != 0) return false;
    size_t pos = objectMagic.size();
    std::string type, opts, count, text;
    if (!getField(bytes, pos, type) || !getField(bytes, pos, opts) || !getField(bytes, pos, count))
        return false;
    if (type != std::to_string(CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT) &&
        type != std::to_string(CL_PROGRAM_BINARY_TYPE_LIBRARY))
        return false;
    if (count.empty() || count.size() > 6 ||
        count.find_first_not_of("0123456789") != std::string::npos)
        return false;
    std::vector<std::pair<std::string, std::string>> hs(std::stoul(count));
    for (auto& [name, body] : hs)
        if (!getField(bytes, pos, name) || !getField(bytes, pos, body)) return false;
    if (!getField(bytes, pos, text) || pos != bytes.size()) return false;
    source = std::move(text);
    options = std::move(opts);
    headers = std::move(hs);
    binaryType = type == std::to_string(CL_PROGRAM_BINARY_TYPE_LIBRARY)
                     ? CL_PROGRAM_BINARY_TYPE_LIBRARY
                     : CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT;
    fromBinary = true;
    return true;
}

namespace {
/// The calls in `program` of functions it declares but never defines (the first call of each
/// such function), as `undefined-function` errors.
std::vector<Diagnostic> undefinedCalls(const Program& program) {
    std::set<std::string> defined;
    for (const ast::DeclPtr& d : program.unit->decls)
        if (d->kind == ast::DeclKind::Function && static_cast<ast::FunctionDecl*>(d.get())->body)
            defined.insert(d->name);
    std::vector<Diagnostic> out;
    std::set<std::string> reported;
    for (const ast::DeclPtr& d : program.unit->decls) {
        if (d->kind != ast::DeclKind::Function) continue;
        const auto* f = static_cast<const ast::FunctionDecl*>(d.get());
        if (!f->body) continue;
        ast::walk(
            f->body.get(), [](const ast::Stmt*) {},
            [&](const ast::Expr* e) {
                if (e->kind != ast::ExprKind::Call) return;
                const auto* c = static_cast<const ast::CallExpr*>(e);
                if (!c->function || c->builtin >= 0 || defined.count(c->function->name) ||
                    !reported.insert(c->function->name).second)
                    return;
                Diagnostic diag;
                diag.kind = DiagnosticKind::UndefinedFunction;
                diag.message = "function '" + c->function->name +
                               "' is called but not defined in the linked program";
                diag.range = c->range;
                diag.notes.push_back({c->function->nameRange, "declared here"});
                out.push_back(std::move(diag));
            });
    }
    return out;
}
} // namespace

cl_int ProgramObject::build(const std::string& opts, const std::string& headerDir, bool link) {
    options = opts;
    globalVariables.clear();
    std::string error;
    CompileOptions co;
    co.deviceLittleEndian = !DeviceSettings::get().bigEndian;
    if (!co.applyBuildOptions(opts, error)) {
        status = CL_BUILD_ERROR;
        log = "clstep: " + error + "\n";
        m_kernelNames.clear();
        return CL_INVALID_BUILD_OPTIONS;
    }
    if (!headerDir.empty()) co.includeDirs.insert(co.includeDirs.begin(), headerDir);
    std::unique_ptr<Program> program;
    runOnDeepStack([&] {
        program = Program::fromSource(m_fileName, source, co);
        if (link && !program->hasErrors())
            for (Diagnostic& d : undefinedCalls(*program))
                program->diagnostics.push_back(std::move(d));
    });
    std::ostringstream out;
    launch::DiagnosticPrinter printer(program->sources);
    for (const Diagnostic& d : program->diagnostics)
        printer.printText(out, d);
    log = out.str();
    m_kernelNames.clear();
    for (const ast::FunctionDecl* k : program->kernels)
        m_kernelNames.push_back(k->name);
    if (program->hasErrors()) {
        status = CL_BUILD_ERROR;
        built.reset();
        return CL_BUILD_PROGRAM_FAILURE;
    }
    status = CL_BUILD_SUCCESS;
    binaryType = CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
    if (!link) keepIncludedFiles(*program, headerDir);
    built = std::move(program);
    return CL_SUCCESS;
}

void ProgramObject::keepIncludedFiles(const Program& program, const std::string& headerDir) {
    namespace fs = std::filesystem;
    const fs::path embedded = headerDir.empty() ? fs::path() : fs::absolute(headerDir);
    for (uint32_t id = 1; id <= program.sources.fileCount(); ++id) {
        if (id == program.mainFile) continue;
        std::error_code ec;
        const fs::path file = fs::absolute(program.sources.path(id), ec);
        if (ec || file.empty()) continue;
        const std::string text = file.lexically_normal().string();
        if (!embedded.empty() && text.rfind(embedded.string() + "/", 0) == 0) continue;
        const std::string name = kIncludedPrefix + file.lexically_normal().relative_path().string();
        bool known = false;
        for (const auto& h : headers)
            known = known || h.first == name;
        if (!known) headers.emplace_back(name, program.sources.text(id));
    }
}

void ProgramObject::reportFailedBuild(const char* call, const char* code) const {
    if (DeviceSettings::get().quiet) return;
    std::ostringstream out;
    out << "clstep: " << call << " failed (" << code << ") for program " << m_fileName;
    if (!m_kernelNames.empty()) {
        out << " (kernels";
        for (const std::string& k : m_kernelNames)
            out << " '" << k << "'";
        out << ")";
    }
    out << ", options \"" << options << "\":\n" << log;
    if (log.empty() || log.back() != '\n') out << "\n";
    std::cerr << out.str() << std::flush;
}

size_t ProgramObject::globalVariableBytes() const {
    size_t total = 0;
    if (built)
        for (const ast::VarDecl* v : built->programVars)
            if (v->type.space == AddressSpace::Global) total += v->type->canonical()->size;
    return total;
}

} // namespace clstep::ocl
