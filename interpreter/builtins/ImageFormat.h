#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace clstep::image {

/// cl_channel_order values (OpenCL 1.2 API spec 5.3.1.1, cl.h numbering) that clstep
/// supports: the orders of the minimum format list and the other 1-4 channel orders.
enum class ChannelOrder : uint16_t {
    R = 0x10B0,
    A = 0x10B1,
    RG = 0x10B2,
    RA = 0x10B3,
    RGBA = 0x10B5,
    BGRA = 0x10B6,
    ARGB = 0x10B7,
    Intensity = 0x10B8,
    Luminance = 0x10B9,
};

/// cl_channel_type values (5.3.1.1, cl.h numbering) with one component per channel.
enum class ChannelType : uint16_t {
    SnormInt8 = 0x10D0,
    SnormInt16 = 0x10D1,
    UnormInt8 = 0x10D2,
    UnormInt16 = 0x10D3,
    SignedInt8 = 0x10D7,
    SignedInt16 = 0x10D8,
    SignedInt32 = 0x10D9,
    UnsignedInt8 = 0x10DA,
    UnsignedInt16 = 0x10DB,
    UnsignedInt32 = 0x10DC,
    HalfFloat = 0x10DD,
    Float = 0x10DE,
};

/// An image format (cl_image_format).
struct Format {
    ChannelOrder order = ChannelOrder::RGBA;
    ChannelType type = ChannelType::UnormInt8;
    friend bool operator==(const Format&, const Format&) = default;
};

/// CL_RGBA / CL_UNORM_INT8, the most common format (the image builtins' fast path).
inline constexpr Format kRgbaUnorm8{ChannelOrder::RGBA, ChannelType::UnormInt8};

/// float(v) / 255.0f for each byte v: a CL_UNORM_INT8 channel as read_imagef returns it
/// (8.3.1.1), computed once instead of one division per channel read.
inline constexpr std::array<float, 256> kUnorm8ToFloat = [] {
    std::array<float, 256> t{};
    for (unsigned v = 0; v < t.size(); ++v)
        t[v] = float(v) / 255.0f;
    return t;
}();

/// A float as a CL_UNORM_INT8 channel (8.3.1.1: round to nearest even of f * 255, saturated
/// to [0, 255], NaN as 0): the bytes image::encode stores for it. Inline: write_imagef's path
/// for CL_RGBA / CL_UNORM_INT8 asks it for every channel.
inline uint8_t unorm8FromFloat(float f) {
    const float v = f * 255.0f;
    if (!(v > 0.0f)) return 0; // NaN, zero and negatives
    if (v >= 255.0f) return 255;
    return static_cast<uint8_t>(std::nearbyint(v)); // 0 to 255
}

/// How read_image{f,i,ui} return a format's channels (6.12.14.2): normalized and float
/// types as float (read_imagef), signed integer types as int (read_imagei), unsigned as
/// uint (read_imageui).
enum class ReadKind : uint8_t { Float, Int, UInt };

/// Channels of `order` (1 to 4). Inline: the image builtins ask it for every texel.
constexpr unsigned channelCount(ChannelOrder order) {
    switch (order) {
    case ChannelOrder::R:
    case ChannelOrder::A:
    case ChannelOrder::Intensity:
    case ChannelOrder::Luminance:
        return 1;
    case ChannelOrder::RG:
    case ChannelOrder::RA:
        return 2;
    default: // RGBA, BGRA, ARGB (and, as CL_RGBA, any value outside the enum)
        return 4;
    }
}
/// Bytes of one channel of `type` (1, 2 or 4).
constexpr unsigned channelBytes(ChannelType type) {
    switch (type) {
    case ChannelType::SnormInt16:
    case ChannelType::UnormInt16:
    case ChannelType::SignedInt16:
    case ChannelType::UnsignedInt16:
    case ChannelType::HalfFloat:
        return 2;
    case ChannelType::SignedInt32:
    case ChannelType::UnsignedInt32:
    case ChannelType::Float:
        return 4;
    default: // the 8-bit types (and, as CL_UNORM_INT8, any value outside the enum)
        return 1;
    }
}
/// Bytes of one texel (channelCount * channelBytes: 1, 2, 4, 8 or 16).
constexpr unsigned texelBytes(const Format& f) {
    return channelCount(f.order) * channelBytes(f.type);
}
/// How read_image* returns `type` (see ReadKind).
constexpr ReadKind readKind(ChannelType type) {
    switch (type) {
    case ChannelType::SignedInt8:
    case ChannelType::SignedInt16:
    case ChannelType::SignedInt32:
        return ReadKind::Int;
    case ChannelType::UnsignedInt8:
    case ChannelType::UnsignedInt16:
    case ChannelType::UnsignedInt32:
        return ReadKind::UInt;
    default: // normalized, half and float (and any value outside the enum, as CL_UNORM_INT8)
        return ReadKind::Float;
    }
}
/// True for the formats every OpenCL 1.2 device supports for read and write images
/// (5.3.2.1 table 5.8): CL_RGBA with UNORM_INT8/16, SIGNED_INT8/16/32, UNSIGNED_INT8/16/32,
/// HALF_FLOAT, FLOAT, and CL_BGRA with UNORM_INT8.
bool inMinimumList(const Format& f);
/// True when the channel order has an alpha channel (A, RA, RGBA, BGRA, ARGB, Intensity):
/// the border color of CLK_ADDRESS_CLAMP is then (0,0,0,0), otherwise (0,0,0,1) (8.2).
constexpr bool hasAlpha(ChannelOrder order) {
    // (any value outside the enum counts as CL_RGBA)
    return order != ChannelOrder::R && order != ChannelOrder::RG &&
           order != ChannelOrder::Luminance;
}

/// The spelling of the spec ("CL_RGBA", "CL_UNORM_INT8") and the parse of it (the "CL_"
/// prefix is optional, case-insensitive); nullopt for an unknown name.
std::string_view orderName(ChannelOrder order);
std::string_view typeName(ChannelType type);
std::optional<ChannelOrder> orderFromName(std::string_view name);
std::optional<ChannelType> typeFromName(std::string_view name);

/// Four channel values as read_image* returns them: `f` for ReadKind::Float, `i` (int,
/// uint bit patterns) for Int/UInt.
struct Texel {
    std::array<float, 4> f{0, 0, 0, 0};
    std::array<int32_t, 4> i{0, 0, 0, 0};
};

/// Decodes the texel at `bytes` (texelBytes(f) bytes, little-endian) into (r, g, b, a) with
/// the conversion rules of 8.3.1 (normalized integers to [0, 1] / [-1, 1]) and the channel
/// mapping of 6.12.14.7: missing channels read as 0, alpha as 1; Intensity replicates I
/// into all four, Luminance L into r, g, b with alpha 1.
Texel decode(const Format& f, const uint8_t* bytes);
/// Encodes (r, g, b, a) into the texel at `bytes` as write_image{f,i,ui} does (8.3.1.1 and
/// 8.3.2: normalized values are saturated and rounded to nearest even, integers saturated
/// to the channel type's range, float converted to half with round to nearest even).
void encode(const Format& f, const Texel& t, uint8_t* bytes);

} // namespace clstep::image
