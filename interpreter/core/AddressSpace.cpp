#include "core/AddressSpace.h"

namespace clstep {

const char* addressSpaceName(AddressSpace s) {
    switch (s) {
    case AddressSpace::None: return "";
    case AddressSpace::Private: return "__private";
    case AddressSpace::Global: return "__global";
    case AddressSpace::Local: return "__local";
    case AddressSpace::Constant: return "__constant";
    case AddressSpace::Generic: return "__generic";
    }
    return "";
}

const char* addressSpaceShortName(AddressSpace s) {
    switch (s) {
    case AddressSpace::None: return "";
    case AddressSpace::Private: return "private";
    case AddressSpace::Global: return "global";
    case AddressSpace::Local: return "local";
    case AddressSpace::Constant: return "constant";
    case AddressSpace::Generic: return "generic";
    }
    return "";
}

} // namespace clstep
