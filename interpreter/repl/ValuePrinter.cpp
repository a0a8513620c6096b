#include "repl/ValuePrinter.h"

#include "debug/ValueFormatter.h"
#include "repl/TypeBytes.h"
#include "repl/TypeSpeller.h"

namespace clstep::repl {

std::string ValuePrinter::value(const QualType& type, const std::vector<uint8_t>& bytes) const {
    return debug::ValueFormatter(m_bigEndian).format(type, bytes.data(), bytes.size());
}

std::string ValuePrinter::typedValue(const QualType& type,
                                     const std::vector<uint8_t>& bytes) const {
    std::string v = value(type, bytes);
    if (type->canonical()->isVector()) return v;
    std::string s = "(";
    s += TypeSpeller::display(type);
    s += ')';
    s += v;
    return s;
}

std::string ValuePrinter::variable(const std::string& declaration, const QualType& type,
                                   const std::vector<uint8_t>& bytes) const {
    return declaration + " = " + value(type, bytes);
}

std::string ValuePrinter::memory(const QualType& type, const std::vector<uint8_t>& bytes) const {
    const uint64_t group = TypeBytes::componentSize(type.type);
    return "memory: " + TypeBytes::hex(bytes, group > 1 ? group : 0) + "  (" +
           std::to_string(bytes.size()) + (bytes.size() == 1 ? " byte, " : " bytes, ") +
           (m_bigEndian ? "big" : "little") + "-endian)";
}

} // namespace clstep::repl
