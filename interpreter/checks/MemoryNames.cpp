#include "checks/MemoryNames.h"

#include "core/Address.h"
#include "frontend/Ast.h"
#include "frontend/AstWalk.h"
#include "runtime/KernelRun.h"
#include "runtime/WorkGroup.h"

#include <cstring>

namespace clstep {

namespace {

void setSize(std::vector<unsigned>& sizes, uint64_t address, unsigned bytes) {
    uint32_t index = address::buffer(address);
    if (!index) return;
    if (sizes.size() <= index) sizes.resize(index + 1, 0);
    sizes[index] = bytes;
}

/// Size of the innermost element of `t` (arrays of arrays down to their scalar/struct).
unsigned innermostElement(const Type* t) {
    t = t->canonical();
    while (t->isArray() && t->element)
        t = t->element->canonical();
    return static_cast<unsigned>(t->size);
}

} // namespace

void MemoryNames::onRunBegin(KernelRun& run) {
    m_global.clear();
    m_constant.clear();
    const auto& args = run.arguments();
    for (size_t i = 0; i < args.size(); ++i) {
        if (args[i].kind != KernelArgument::Kind::Buffer) continue;
        const std::vector<uint8_t>& p = run.parameterBytes(i);
        if (p.size() != 8) continue;
        uint64_t a = 0;
        std::memcpy(&a, p.data(), 8);
        auto& sizes = address::space(a) == AddressSpace::Constant ? m_constant : m_global;
        setSize(sizes, a, args[i].elementBytes);
    }
}

void MemoryNames::onWorkGroupBegin(WorkGroup& group) {
    m_local.clear();
    const ast::FunctionDecl& k = group.kernelRun().kernel();
    for (const ast::VarDecl* v : ast::kernelScopeLocals(k.body.get()))
        setSize(m_local, group.localVariable(v), innermostElement(v->type.type));
    for (size_t i = 0; i < k.params.size(); ++i) {
        uint64_t a = group.localArgument(i);
        const Type* t = k.params[i]->type->canonical();
        if (a && t->isPointer() && t->pointee.type)
            setSize(m_local, a, static_cast<unsigned>(t->pointee->canonical()->size));
    }
}

unsigned MemoryNames::elementBytes(uint64_t address) const {
    const std::vector<unsigned>* sizes = nullptr;
    switch (address::space(address)) {
    case AddressSpace::Global:
        sizes = &m_global;
        break;
    case AddressSpace::Constant:
        sizes = &m_constant;
        break;
    case AddressSpace::Local:
        sizes = &m_local;
        break;
    default:
        return 0;
    }
    uint32_t index = address::buffer(address);
    return index < sizes->size() ? (*sizes)[index] : 0;
}

std::string MemoryNames::hexAddress(uint64_t address) {
    std::string s;
    appendHexAddress(s, address);
    return s;
}

void MemoryNames::appendHexAddress(std::string& out, uint64_t address) {
    // printf's "0x%llx", without its cost (uninitialized reads format one per repeat).
    static constexpr char kDigits[] = "0123456789abcdef";
    char buf[2 + 16];
    buf[0] = '0';
    buf[1] = 'x';
    unsigned digits = 1;
    for (uint64_t v = address >> 4; v; v >>= 4)
        ++digits;
    for (unsigned i = 0; i < digits; ++i)
        buf[2 + digits - 1 - i] = kDigits[(address >> (4 * i)) & 0xf];
    out.append(buf, 2 + digits);
}

nlohmann::json MemoryNames::idsJson(const WorkItemId& w) {
    return {{"global_id", w.global}, {"local_id", w.local}, {"group_id", w.group}};
}

std::string MemoryNames::describe(uint64_t address, const Buffer* buffer) const {
    uint64_t offset = address::offset(address);
    std::string out = buffer && !buffer->name().empty() ? "'" + buffer->name() + "'" : "buffer";
    out += ", byte offset " + std::to_string(offset);
    if (unsigned es = elementBytes(address)) out += ", element " + std::to_string(offset / es);
    return out;
}

nlohmann::json MemoryNames::locationJson(uint64_t address, const Buffer* buffer) const {
    uint64_t offset = address::offset(address);
    nlohmann::json j = {{"space", addressSpaceShortName(address::space(address))},
                        {"buffer", buffer ? buffer->name() : std::string()},
                        {"address", hexAddress(address)},
                        {"offset", offset}};
    if (unsigned es = elementBytes(address)) {
        j["element"] = offset / es;
        j["element_size"] = es;
    }
    return j;
}

} // namespace clstep
