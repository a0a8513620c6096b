#include "debug/AddressView.h"

#include "core/Address.h"

#include <cstdio>

namespace clstep::debug {

AddressView describe(uint64_t a) {
    AddressView v;
    if (a == 0) {
        v.text = "NULL";
        return v;
    }
    v.null = false;
    v.space = address::space(a);
    v.buffer = address::buffer(a);
    v.offset = address::offset(a);
    char offset[32];
    std::snprintf(offset, sizeof offset, "%llx", static_cast<unsigned long long>(v.offset));
    v.text = std::string(addressSpaceShortName(v.space)) + " #" + std::to_string(v.buffer) +
             " + 0x" + offset;
    return v;
}

} // namespace clstep::debug
