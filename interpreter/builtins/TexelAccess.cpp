// Texel loads and stores of the image builtins: the access types and the store path.
#include "builtins/TexelAccess.h"

#include <array>

namespace clstep::image {

namespace {

/// A byte-aligned type of `kind` and `size` bytes named "texel" (the name only appears in
/// a misaligned-access message, which alignment 1 never gives).
Type texelUnit(TypeKind kind, uint64_t size) {
    Type t;
    t.kind = kind;
    t.name = "texel";
    t.size = size;
    t.align = 1;
    return t;
}

/// The access types, built once when the library is loaded (no guard on the hot path).
struct TexelTypes {
    Type ulong = texelUnit(TypeKind::ULong, 8);
    Type uchar = texelUnit(TypeKind::UChar, 1);
    std::array<Type, 5> words{texelUnit(TypeKind::UChar, 1), texelUnit(TypeKind::UShort, 2),
                              texelUnit(TypeKind::UInt, 4), texelUnit(TypeKind::ULong, 8),
                              texelUnit(TypeKind::Vector, 16)};
    std::array<Type, 17> bytes;
    std::array<QualType, 5> wordQuals;
    std::array<QualType, 17> byteQuals;

    TexelTypes() {
        words[4].element = &ulong;
        words[4].count = 2;
        for (unsigned i = 0; i < bytes.size(); ++i) {
            bytes[i] = texelUnit(TypeKind::Vector, i);
            bytes[i].element = &uchar;
            bytes[i].count = i;
            byteQuals[i].type = &bytes[i];
            byteQuals[i].space = AddressSpace::Global;
        }
        for (unsigned i = 0; i < words.size(); ++i) {
            wordQuals[i].type = &words[i];
            wordQuals[i].space = AddressSpace::Global;
        }
    }
};

const TexelTypes kTexelTypes;

} // namespace

const QualType& texelWordType(unsigned n) {
    return kTexelTypes.wordQuals[n == 1 ? 0 : n == 2 ? 1 : n == 4 ? 2 : n == 8 ? 3 : 4];
}

const QualType& texelByteType(unsigned n) {
    return kTexelTypes.byteQuals[n < 17 ? n : 16];
}

void storeTexel(BuiltinEnv& env, uint64_t address, unsigned n, const uint8_t* bytes,
                const SourceRange& site) {
    Value v;
    if (!texelIsWord(n) || env.deviceBigEndian()) {
        for (unsigned i = 0; i < n && i < 16; ++i)
            v.components[i].u = bytes[i];
        env.store(address, texelByteType(n), v, site);
        return;
    }
    if (n == 16) {
        std::memcpy(&v.components[0].u, bytes, 8);
        std::memcpy(&v.components[1].u, bytes + 8, 8);
        env.store(address, texelWordType(n), v, site);
        return;
    }
    // A texel of up to 8 bytes is one scalar (storeScalar: the same checks as store).
    Component c;
    if (n == 1) {
        c.u = bytes[0];
    } else if (n == 2) {
        uint16_t w;
        std::memcpy(&w, bytes, 2);
        c.u = w;
    } else if (n == 4) {
        uint32_t w;
        std::memcpy(&w, bytes, 4);
        c.u = w;
    } else {
        std::memcpy(&c.u, bytes, 8);
    }
    env.storeScalar(address, texelWordType(n), c, site);
}

} // namespace clstep::image
