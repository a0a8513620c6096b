#pragma once

#include "builtins/ImageFormat.h"
#include "builtins/ImageObject.h"

#include <cstdint>
#include <string>

namespace clstep::debug {

/// The texels of an image argument as the debugger shows them (a snapshot region's
/// MemoryRegion::image and bytes), so that front ends need not reach into builtins/:
/// decoding by the image's format (spec 8.3.1 conversion rules, 6.12.14.7 channel mapping)
/// and a one-line description.
class ImageTexels {
public:
    /// Decodes the texel at `bytes` (texelBytes() bytes, little-endian) into (r, g, b, a):
    /// floats for normalized and float formats, integers otherwise (see readKind()).
    static image::Texel decode(const image::Object& img, const uint8_t* bytes);
    /// Which of Texel's members hold the channel values (Float, Int or UInt).
    static image::ReadKind readKind(const image::Object& img);
    /// Bytes of one texel (channels x bytes per channel).
    static unsigned texelBytes(const image::Object& img);
    /// "64×32 image2d_t CL_RGBA/CL_UNORM_INT8" (sizes in texels; ", N layers" for arrays).
    static std::string summary(const image::Object& img);
};

} // namespace clstep::debug
