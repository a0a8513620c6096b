#include "common/TextFormat.h"

namespace clstep {

std::string hexBytes(const uint8_t* bytes, size_t size) {
    static const char digits[] = "0123456789abcdef";
    std::string s;
    s.reserve(size * 3);
    for (size_t i = 0; i < size; ++i) {
        if (i) s += ' ';
        s += digits[bytes[i] >> 4];
        s += digits[bytes[i] & 15];
    }
    return s;
}

std::string idsText(const WorkItemId& w) {
    auto three = [](const std::array<uint64_t, 3>& v) {
        return "(" + std::to_string(v[0]) + "," + std::to_string(v[1]) + "," +
               std::to_string(v[2]) + ")";
    };
    return "Global" + three(w.global) + " Local" + three(w.local) + " Group" + three(w.group);
}

} // namespace clstep
