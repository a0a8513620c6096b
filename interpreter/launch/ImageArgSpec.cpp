// The image headers of .sim files (clstep extension): image=WxH[xD] and format=ORDER/TYPE.
#include "launch/ImageArgSpec.h"

#include <charconv>

namespace clstep::launch::imagespec {

std::optional<image::Dim> paramImageDim(std::string_view typeName) {
    for (std::string_view q : {"__read_only ", "read_only ", "__write_only ", "write_only ",
                               "__read_write ", "read_write ", "const "})
        if (typeName.starts_with(q)) return paramImageDim(typeName.substr(q.size()));
    return image::dimFromTypeName(typeName);
}

std::string parseSizes(std::string_view text, std::vector<uint64_t>& sizes) {
    sizes.clear();
    size_t pos = 0;
    while (true) {
        size_t x = text.find('x', pos);
        std::string_view part = text.substr(pos, x == std::string_view::npos ? x : x - pos);
        uint64_t v = 0;
        auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), v);
        if (part.empty() || ec != std::errc() || end != part.data() + part.size())
            return "Invalid image size '" + std::string(text) +
                   "': expected WIDTH[xHEIGHT[xDEPTH]] in texels";
        sizes.push_back(v);
        if (x == std::string_view::npos) break;
        pos = x + 1;
    }
    if (sizes.size() > 3) return "an image has at most 3 sizes (WIDTHxHEIGHTxDEPTH)";
    return "";
}

std::optional<image::Format> parseFormat(std::string_view text) {
    size_t slash = text.find('/');
    if (slash == std::string_view::npos) return std::nullopt;
    auto order = image::orderFromName(text.substr(0, slash));
    auto type = image::typeFromName(text.substr(slash + 1));
    if (!order || !type) return std::nullopt;
    return image::Format{*order, *type};
}

ElementType channelElement(image::ChannelType t) {
    using image::ChannelType;
    switch (t) {
    case ChannelType::SnormInt8:
    case ChannelType::SignedInt8:
        return ElementType::Char;
    case ChannelType::UnormInt8:
    case ChannelType::UnsignedInt8:
        return ElementType::UChar;
    case ChannelType::SnormInt16:
    case ChannelType::SignedInt16:
        return ElementType::Short;
    case ChannelType::UnormInt16:
    case ChannelType::UnsignedInt16:
    case ChannelType::HalfFloat:
        return ElementType::UShort;
    case ChannelType::SignedInt32:
        return ElementType::Int;
    case ChannelType::UnsignedInt32:
        return ElementType::UInt;
    case ChannelType::Float:
        return ElementType::Float;
    }
    return ElementType::UChar;
}

namespace {
const char* sizeSpelling(image::Dim dim) {
    switch (dim) {
    case image::Dim::Image1D:
    case image::Dim::Image1DBuffer:
        return "WIDTH";
    case image::Dim::Image1DArray:
        return "WIDTHxLAYERS";
    case image::Dim::Image2D:
        return "WIDTHxHEIGHT";
    case image::Dim::Image2DArray:
        return "WIDTHxHEIGHTxLAYERS";
    case image::Dim::Image3D:
        return "WIDTHxHEIGHTxDEPTH";
    }
    return "WIDTHxHEIGHT";
}
} // namespace

std::string makeObject(const std::vector<uint64_t>& n, const image::Format& format,
                       std::string_view typeName, uint64_t maxBytes, image::Object& out) {
    image::Dim dim = n.size() == 1   ? image::Dim::Image1D
                     : n.size() == 2 ? image::Dim::Image2D
                                     : image::Dim::Image3D;
    if (!typeName.empty()) {
        auto d = paramImageDim(typeName);
        if (!d)
            return "'image' is only valid for image parameters (image2d_t, ...), not '" +
                   std::string(typeName) + "'";
        dim = *d;
    }
    size_t want = image::spatialDims(dim) + (image::isArray(dim) ? 1 : 0);
    if (n.size() != want)
        return "a " + std::string(image::typeName(dim)) + " needs " + std::to_string(want) +
               " size(s) in 'image=' (" + sizeSpelling(dim) + ")";
    uint64_t w = n[0], h = 1, d = 1, layers = 1;
    if (dim == image::Dim::Image1DArray) {
        layers = n[1];
    } else if (dim == image::Dim::Image2DArray) {
        h = n[1];
        layers = n[2];
    } else if (dim == image::Dim::Image3D) {
        h = n[1];
        d = n[2];
    } else if (n.size() >= 2) {
        h = n[1];
    }
    out = image::Object::make(dim, format, w, h, d, layers);
    std::string why = out.validate();
    if (!why.empty()) return "cannot create the image: " + why;
    if (out.byteSize() > maxBytes)
        return "the image needs " + std::to_string(out.byteSize()) + " bytes, more than the " +
               std::to_string(maxBytes) + " clstep accepts for one argument";
    return "";
}

} // namespace clstep::launch::imagespec
