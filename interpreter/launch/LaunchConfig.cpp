#include "launch/LaunchConfig.h"
#include "core/ScalarTypes.h"

#include <array>
#include <charconv>
#include <string>

namespace clstep::launch {

namespace {
/// The row of element type `t` in the scalar type table (name and size).
const ScalarTypeInfo& scalarOf(ElementType t) {
    return *scalarTypeInfo(t);
}
} // namespace

bool parseSizeList(std::string_view text, std::array<uint64_t, 3>& out, uint32_t& dims) {
    out = {1, 1, 1};
    dims = 0;
    size_t begin = 0;
    while (begin <= text.size()) {
        size_t end = text.find_first_of(",x", begin);
        if (end == std::string_view::npos) end = text.size();
        std::string_view part = text.substr(begin, end - begin);
        if (dims == 3 || part.empty() ||
            part.find_first_not_of("0123456789") != std::string_view::npos)
            return false;
        uint64_t v = 0;
        auto [ptr, ec] = std::from_chars(part.data(), part.data() + part.size(), v);
        if (ec != std::errc() || ptr != part.data() + part.size()) return false;
        out[dims++] = v;
        begin = end + 1;
    }
    return dims > 0;
}

size_t elementSize(ElementType t) {
    return scalarOf(t).size;
}

std::string_view elementTypeName(ElementType t) {
    return scalarOf(t).name;
}

std::optional<ElementType> elementTypeFromName(std::string_view name) {
    const ScalarTypeInfo* s = scalarTypeNamed(name);
    if (!s || !isElementType(s->kind)) return std::nullopt;
    return s->kind;
}

std::optional<ElementType> defaultElementType(std::string_view typeName) {
    // Also accept C spellings: leading qualifiers and "unsigned int" for "uint".
    std::string name(typeName);
    for (std::string_view qualifier : {"const ", "volatile ", "restrict "})
        while (std::string_view(name).starts_with(qualifier))
            name.erase(0, qualifier.size());
    if (std::string_view(name).starts_with("unsigned ")) name.replace(0, 9, "u");
    typeName = name;
    // the element types in Oclgrind's order (MATCH_TYPE_PREFIX: char before uchar ... float
    // before double), which is the scalar table's
    for (const ScalarTypeInfo& s : vectorElementTypes())
        if (isElementType(s.kind) && typeName.starts_with(s.name)) return s.kind;
    if (typeName.starts_with("void*")) return ElementType::UChar;
    return std::nullopt;
}

} // namespace clstep::launch
