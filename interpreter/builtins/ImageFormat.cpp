#include "builtins/ImageFormat.h"

#include "builtins/MemoryBuiltinHelpers.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>

namespace clstep::image {

namespace {

/// The spec's spelling of each order and type (their sizes and kinds: ImageFormat.h).
struct OrderInfo {
    ChannelOrder order;
    const char* name;
};
const OrderInfo kOrders[] = {
    {ChannelOrder::R, "CL_R"},
    {ChannelOrder::A, "CL_A"},
    {ChannelOrder::RG, "CL_RG"},
    {ChannelOrder::RA, "CL_RA"},
    {ChannelOrder::RGBA, "CL_RGBA"},
    {ChannelOrder::BGRA, "CL_BGRA"},
    {ChannelOrder::ARGB, "CL_ARGB"},
    {ChannelOrder::Intensity, "CL_INTENSITY"},
    {ChannelOrder::Luminance, "CL_LUMINANCE"},
};

struct TypeInfo {
    ChannelType type;
    const char* name;
};
const TypeInfo kTypes[] = {
    {ChannelType::SnormInt8, "CL_SNORM_INT8"},
    {ChannelType::SnormInt16, "CL_SNORM_INT16"},
    {ChannelType::UnormInt8, "CL_UNORM_INT8"},
    {ChannelType::UnormInt16, "CL_UNORM_INT16"},
    {ChannelType::SignedInt8, "CL_SIGNED_INT8"},
    {ChannelType::SignedInt16, "CL_SIGNED_INT16"},
    {ChannelType::SignedInt32, "CL_SIGNED_INT32"},
    {ChannelType::UnsignedInt8, "CL_UNSIGNED_INT8"},
    {ChannelType::UnsignedInt16, "CL_UNSIGNED_INT16"},
    {ChannelType::UnsignedInt32, "CL_UNSIGNED_INT32"},
    {ChannelType::HalfFloat, "CL_HALF_FLOAT"},
    {ChannelType::Float, "CL_FLOAT"},
};

const OrderInfo& info(ChannelOrder o) {
    for (const OrderInfo& i : kOrders)
        if (i.order == o) return i;
    return kOrders[4];
}

const TypeInfo& info(ChannelType t) {
    for (const TypeInfo& i : kTypes)
        if (i.type == t) return i;
    return kTypes[2];
}

bool sameName(std::string_view a, std::string_view spelled) {
    if (a.size() + 3 == spelled.size()) spelled.remove_prefix(3); // without "CL_"
    if (a.size() != spelled.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (std::toupper(static_cast<unsigned char>(a[i])) != spelled[i]) return false;
    return true;
}

/// Storage position of (r, g, b, a) component c for an order, or -1 if not stored.
int storedIndex(ChannelOrder o, int c) {
    switch (o) {
    case ChannelOrder::R:
        return c == 0 ? 0 : -1;
    case ChannelOrder::A:
        return c == 3 ? 0 : -1;
    case ChannelOrder::RG:
        return c < 2 ? c : -1;
    case ChannelOrder::RA:
        return c == 0 ? 0 : c == 3 ? 1 : -1;
    case ChannelOrder::RGBA:
        return c;
    case ChannelOrder::BGRA:
        return c == 3 ? 3 : 2 - c;
    case ChannelOrder::ARGB:
        return (c + 1) % 4;
    case ChannelOrder::Intensity:
    case ChannelOrder::Luminance:
        return 0;
    }
    return -1;
}

/// Round to nearest even and saturate to [lo, hi].
int64_t roundSat(float v, int64_t lo, int64_t hi) {
    if (std::isnan(v)) return 0;
    float r = std::nearbyint(v);
    if (r <= static_cast<float>(lo)) return lo;
    if (r >= static_cast<float>(hi)) return hi;
    return static_cast<int64_t>(r);
}

float decodeChannel(ChannelType t, const uint8_t* p, int32_t& asInt) {
    int32_t v = 0;
    float f = 0.0f;
    switch (t) {
    case ChannelType::SnormInt8:
        v = static_cast<int8_t>(p[0]);
        f = std::max(-1.0f, v / 127.0f);
        break;
    case ChannelType::SnormInt16: {
        int16_t s;
        std::memcpy(&s, p, 2);
        v = s;
        f = std::max(-1.0f, v / 32767.0f);
        break;
    }
    case ChannelType::UnormInt8:
        v = p[0];
        f = v / 255.0f;
        break;
    case ChannelType::UnormInt16: {
        uint16_t s;
        std::memcpy(&s, p, 2);
        v = s;
        f = v / 65535.0f;
        break;
    }
    case ChannelType::SignedInt8:
        v = static_cast<int8_t>(p[0]);
        break;
    case ChannelType::SignedInt16: {
        int16_t s;
        std::memcpy(&s, p, 2);
        v = s;
        break;
    }
    case ChannelType::SignedInt32:
    case ChannelType::UnsignedInt32:
        std::memcpy(&v, p, 4);
        break;
    case ChannelType::UnsignedInt8:
        v = p[0];
        break;
    case ChannelType::UnsignedInt16: {
        uint16_t s;
        std::memcpy(&s, p, 2);
        v = s;
        break;
    }
    case ChannelType::HalfFloat: {
        uint16_t h;
        std::memcpy(&h, p, 2);
        f = mem::halfToFloat(h);
        break;
    }
    case ChannelType::Float:
        std::memcpy(&f, p, 4);
        break;
    }
    asInt = v;
    return f;
}

void encodeChannel(ChannelType t, float f, int32_t i, uint8_t* p) {
    switch (t) {
    case ChannelType::SnormInt8:
        p[0] = static_cast<uint8_t>(static_cast<int8_t>(roundSat(f * 127.0f, -128, 127)));
        break;
    case ChannelType::SnormInt16: {
        int16_t s = static_cast<int16_t>(roundSat(f * 32767.0f, -32768, 32767));
        std::memcpy(p, &s, 2);
        break;
    }
    case ChannelType::UnormInt8:
        p[0] = static_cast<uint8_t>(roundSat(f * 255.0f, 0, 255));
        break;
    case ChannelType::UnormInt16: {
        uint16_t s = static_cast<uint16_t>(roundSat(f * 65535.0f, 0, 65535));
        std::memcpy(p, &s, 2);
        break;
    }
    case ChannelType::SignedInt8:
        p[0] = static_cast<uint8_t>(static_cast<int8_t>(std::clamp<int32_t>(i, -128, 127)));
        break;
    case ChannelType::SignedInt16: {
        int16_t s = static_cast<int16_t>(std::clamp<int32_t>(i, -32768, 32767));
        std::memcpy(p, &s, 2);
        break;
    }
    case ChannelType::SignedInt32:
    case ChannelType::UnsignedInt32:
        std::memcpy(p, &i, 4);
        break;
    case ChannelType::UnsignedInt8:
        p[0] = static_cast<uint8_t>(std::min<uint32_t>(static_cast<uint32_t>(i), 255));
        break;
    case ChannelType::UnsignedInt16: {
        uint16_t s = static_cast<uint16_t>(std::min<uint32_t>(static_cast<uint32_t>(i), 65535));
        std::memcpy(p, &s, 2);
        break;
    }
    case ChannelType::HalfFloat: {
        uint16_t h = mem::halfFromDouble(f, mem::HalfRounding::Rte);
        std::memcpy(p, &h, 2);
        break;
    }
    case ChannelType::Float:
        std::memcpy(p, &f, 4);
        break;
    }
}

} // namespace

bool inMinimumList(const Format& f) {
    if (f.order == ChannelOrder::BGRA) return f.type == ChannelType::UnormInt8;
    if (f.order != ChannelOrder::RGBA) return false;
    switch (f.type) {
    case ChannelType::UnormInt8:
    case ChannelType::UnormInt16:
    case ChannelType::SignedInt8:
    case ChannelType::SignedInt16:
    case ChannelType::SignedInt32:
    case ChannelType::UnsignedInt8:
    case ChannelType::UnsignedInt16:
    case ChannelType::UnsignedInt32:
    case ChannelType::HalfFloat:
    case ChannelType::Float:
        return true;
    default:
        return false;
    }
}

std::string_view orderName(ChannelOrder order) {
    return info(order).name;
}
std::string_view typeName(ChannelType type) {
    return info(type).name;
}
std::optional<ChannelOrder> orderFromName(std::string_view name) {
    for (const OrderInfo& i : kOrders)
        if (sameName(name, i.name)) return i.order;
    return std::nullopt;
}
std::optional<ChannelType> typeFromName(std::string_view name) {
    for (const TypeInfo& i : kTypes)
        if (sameName(name, i.name)) return i.type;
    return std::nullopt;
}

Texel decode(const Format& f, const uint8_t* bytes) {
    Texel t;
    if (f.order == ChannelOrder::RGBA && f.type == ChannelType::UnormInt8) {
        // The most common format, without the per-channel lookups (same values as below).
        for (int c = 0; c < 4; ++c) {
            t.i[c] = bytes[c];
            t.f[c] = kUnorm8ToFloat[bytes[c]];
        }
        return t;
    }
    const bool isFloat = readKind(f.type) == ReadKind::Float;
    const unsigned cb = channelBytes(f.type);
    for (int c = 0; c < 4; ++c) {
        int s = storedIndex(f.order, c);
        if (f.order == ChannelOrder::Luminance && c == 3) s = -1;
        if (s < 0) {
            // missing channel: 0, alpha 1 (1.0f or integer 1)
            t.f[c] = c == 3 ? 1.0f : 0.0f;
            t.i[c] = c == 3 ? 1 : 0;
            continue;
        }
        t.f[c] = decodeChannel(f.type, bytes + s * cb, t.i[c]);
        if (!isFloat) t.f[c] = 0.0f;
    }
    return t;
}

void encode(const Format& f, const Texel& t, uint8_t* bytes) {
    if (f.order == ChannelOrder::RGBA && f.type == ChannelType::UnormInt8) {
        // The most common format, without the per-channel lookups (same values as below).
        for (int c = 0; c < 4; ++c)
            bytes[c] = unorm8FromFloat(t.f[c]);
        return;
    }
    const unsigned cb = channelBytes(f.type);
    for (int c = 0; c < 4; ++c) {
        const int s = storedIndex(f.order, c);
        if (s < 0) continue;
        // Intensity and Luminance store the red component (6.12.14.7).
        if ((f.order == ChannelOrder::Intensity || f.order == ChannelOrder::Luminance) && c != 0)
            continue;
        encodeChannel(f.type, t.f[c], t.i[c], bytes + s * cb);
    }
}

} // namespace clstep::image
