// Console: gmem / lmem / pmem hex dumps and the typed `mem` view.
#include "Console.h"

#include "core/Address.h"
#include "core/ScalarTypes.h"
#include "debug/ValueFormatter.h"

#include <cstdio>
#include <iostream>

namespace clstep::cli {

using namespace clstep::debug;

namespace {

using ScalarType = ScalarTypeInfo;

/// The element type `mem` reads for `name`: char ... double (core/ScalarTypes.h), size_t as
/// ulong; null for any other name.
const ScalarType* scalarType(const std::string& name) {
    const ScalarType* t = scalarTypeNamed(name == "size_t" ? "ulong" : name);
    return t && t->kind != TypeKind::Void && t->kind != TypeKind::Bool ? t : nullptr;
}

/// The element type named in a variable's type text ("__local int[16]" -> int,
/// "__global const float*" -> float); null when it is not a scalar.
const ScalarType* elementTypeOf(const std::string& typeText) {
    std::string t = typeText;
    for (const char* q :
         {"__global ", "__local ", "__private ", "__constant ", "const ", "volatile "})
        for (size_t p; (p = t.find(q)) != std::string::npos;)
            t.erase(p, std::string(q).size());
    size_t cut = t.find_first_of("[* ");
    if (cut != std::string::npos) t = t.substr(0, cut);
    return scalarType(t);
}

} // namespace

bool parseSpaceName(std::string s, AddressSpace& out) {
    if (s.rfind("__", 0) == 0) s = s.substr(2);
    if (s == "global" || s == "g")
        out = AddressSpace::Global;
    else if (s == "local" || s == "l")
        out = AddressSpace::Local;
    else if (s == "private" || s == "p")
        out = AddressSpace::Private;
    else if (s == "constant" || s == "c")
        out = AddressSpace::Constant;
    else
        return false;
    return true;
}

void Console::cmdGmem(const Args& args, const std::string&) {
    dumpSpace(AddressSpace::Global, args);
}
void Console::cmdLmem(const Args& args, const std::string&) {
    dumpSpace(AddressSpace::Local, args);
}
void Console::cmdPmem(const Args& args, const std::string&) {
    dumpSpace(AddressSpace::Private, args);
}

void Console::dumpSpace(AddressSpace space, const Args& args) {
    Snapshot snap = m_session.snapshot();
    if (!snap.running) return error("the kernel is not running", "run starts it");
    const std::vector<MemoryRegion>& regions = snap.memory[space];
    const std::string spaceName = addressSpaceName(space);
    if (args.empty()) {
        if (regions.empty()) return void(m_out << "No " << spaceName << " memory here\n");
        for (const MemoryRegion& r : regions) {
            char addr[32];
            std::snprintf(addr, sizeof addr, "0x%016llx",
                          static_cast<unsigned long long>(r.address));
            m_out << "  " << r.name << "  " << addr << "  " << r.bytes.size() << " bytes\n";
        }
        return;
    }
    // BUFFER[+OFFSET], #N[+OFFSET] or an encoded address
    std::string spec = args[0];
    uint64_t offset = 0;
    size_t plus = spec.find('+');
    if (plus != std::string::npos) {
        if (!parseNumber(spec.substr(plus + 1), offset))
            return error("'" + spec + "' has a bad offset", "gmem out+16 8");
        spec = spec.substr(0, plus);
    }
    const MemoryRegion* region = nullptr;
    uint64_t number;
    if (parseNumber(spec, number) && number >= (uint64_t(1) << address::kBufferShift)) {
        if (address::space(number) != space)
            return error("address " + spec + " is not in " + spaceName + " memory",
                         "use the matching gmem/lmem/pmem");
        offset += address::offset(number);
        for (const MemoryRegion& r : regions)
            if (address::buffer(r.address) == address::buffer(number)) region = &r;
    } else {
        for (const MemoryRegion& r : regions)
            if (r.name == spec || (spec.size() > 1 && spec[0] == '#' &&
                                   spec.substr(1) == std::to_string(address::buffer(r.address))))
                region = &r;
    }
    if (!region) {
        std::string names;
        for (const MemoryRegion& r : regions)
            names += (names.empty() ? "" : ", ") + r.name;
        return error("no " + spaceName + " buffer '" + args[0] + "'",
                     names.empty() ? "there is no " + spaceName + " memory here"
                                   : "buffers: " + names);
    }
    uint64_t size = std::min<uint64_t>(
        region->bytes.size() - std::min<uint64_t>(offset, region->bytes.size()), 256);
    if (args.size() > 1 && (!parseNumber(args[1], size) || size == 0))
        return error("'" + args[1] + "' is not a size", "gmem out 16");
    if (offset >= region->bytes.size() || size > region->bytes.size() - offset)
        return error("bytes " + std::to_string(offset) + ".." + std::to_string(offset + size - 1) +
                         " are outside '" + region->name + "' (" +
                         std::to_string(region->bytes.size()) + " bytes)",
                     "gmem " + region->name + " " + std::to_string(region->bytes.size()));
    m_out << spaceName << " '" << region->name << "' bytes " << offset << ".." << offset + size - 1
          << ":\n";
    for (uint64_t row = offset; row < offset + size; row += 16) {
        char head[32];
        std::snprintf(head, sizeof head, "  %6llu:", static_cast<unsigned long long>(row));
        m_out << head;
        for (uint64_t k = row; k < row + 16 && k < offset + size; ++k) {
            char b[8];
            bool written = k < region->flags.size() && (region->flags[k] & ByteWritten);
            std::snprintf(b, sizeof b, " %02x", region->bytes[k]);
            m_out << (written ? b : " ..");
        }
        m_out << "\n";
    }
}

void Console::cmdMem(const Args& args, const std::string&) {
    AddressSpace space;
    if (args.empty() || !parseSpaceName(args[0], space))
        return error("mem needs an address space",
                     "mem global|local|private|constant [BUFFER] [OFFSET] [COUNT] [TYPE]");
    Snapshot snap = m_session.snapshot();
    if (!snap.running) return error("the kernel is not running", "run starts it");
    const std::vector<MemoryRegion>& regions = snap.memory[space];
    if (regions.empty())
        return error(std::string("no ") + addressSpaceName(space) + " memory here");
    const MemoryRegion* region = &regions.front();
    const ScalarType* type = nullptr;
    std::vector<uint64_t> numbers;
    for (size_t i = 1; i < args.size(); ++i) {
        uint64_t n;
        if (const ScalarType* t = scalarType(args[i]))
            type = t;
        else if (parseNumber(args[i], n))
            numbers.push_back(n);
        else {
            const MemoryRegion* found = nullptr;
            for (const MemoryRegion& r : regions)
                if (r.name == args[i] ||
                    (args[i][0] == '#' &&
                     args[i].substr(1) == std::to_string(address::buffer(r.address))))
                    found = &r;
            if (!found) {
                std::string names, types;
                for (const MemoryRegion& r : regions)
                    names += (names.empty() ? "" : ", ") + r.name;
                for (const ScalarType& t : vectorElementTypes())
                    types += std::string(" ") + t.name;
                return error("no " + std::string(addressSpaceName(space)) + " buffer or type '" +
                                 args[i] + "'",
                             "buffers: " + names + "; types:" + types);
            }
            region = found;
        }
    }
    if (!type) {
        EvalResult v =
            m_session.evaluate(region->name); // the variable's own type when it is in scope
        type = v.ok ? elementTypeOf(v.type) : nullptr;
        if (!type) type = scalarType(region->bytes.size() % 4 == 0 ? "int" : "uchar");
    }
    const uint64_t offset = numbers.size() > 0 ? numbers[0] : 0; // bytes
    if (offset >= region->bytes.size())
        return error("byte " + std::to_string(offset) + " is past the end of '" + region->name +
                     "' (" + std::to_string(region->bytes.size()) + " bytes)");
    const uint64_t total = (region->bytes.size() - offset) / type->size;
    if (total == 0)
        return error("less than one " + std::string(type->name) + " left after byte " +
                     std::to_string(offset));
    uint64_t count = numbers.size() > 1 ? numbers[1] : std::min<uint64_t>(total, 64);
    count = std::min(count, total);
    const bool aligned = offset % type->size == 0;
    ValueFormatter fmt(m_session.runOptions().deviceBigEndian);
    m_out << addressSpaceName(space) << " '" << region->name << "' from byte " << offset << " as "
          << type->name << ", " << count << " element" << (count == 1 ? "" : "s") << ":\n";
    for (uint64_t i = 0; i < count; i += 8) {
        if (aligned)
            m_out << "  [" << offset / type->size + i << "]";
        else
            m_out << "  +" << offset + i * type->size << ":";
        for (uint64_t k = i; k < i + 8 && k < count; ++k) {
            const std::vector<uint8_t> e = region->bytes.slice(offset + k * type->size, type->size);
            m_out << " " << fmt.scalar(type->kind, e.data());
        }
        m_out << "\n";
    }
}

} // namespace clstep::cli
