#include "debug/ImageTexels.h"

namespace clstep::debug {

image::Texel ImageTexels::decode(const image::Object& img, const uint8_t* bytes) {
    return image::decode(img.format, bytes);
}

image::ReadKind ImageTexels::readKind(const image::Object& img) {
    return image::readKind(img.format.type);
}

unsigned ImageTexels::texelBytes(const image::Object& img) {
    return image::texelBytes(img.format);
}

std::string ImageTexels::summary(const image::Object& img) {
    std::string size = std::to_string(img.width);
    if (img.dim != image::Dim::Image1D && img.dim != image::Dim::Image1DBuffer)
        size += "\u00d7" + std::to_string(img.height);
    if (img.dim == image::Dim::Image3D) size += "\u00d7" + std::to_string(img.depth);
    if (image::isArray(img.dim)) size += ", " + std::to_string(img.arraySize) + " layers";
    return size + " " + std::string(image::typeName(img.dim)) + " " +
           std::string(image::orderName(img.format.order)) + "/" +
           std::string(image::typeName(img.format.type));
}

} // namespace clstep::debug
