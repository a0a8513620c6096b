#pragma once

#include "builtins/ImageObject.h"
#include "launch/LaunchConfig.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace clstep::launch {

/// The clstep extension of `.sim` argument headers for image parameters (README "Images in
/// .sim files"): `image=W[xH[xD]]` and `format=ORDER/TYPE`. Pure text-to-object helpers for
/// ArgParser; errors are returned as message text, which ArgParser reports at the token.
namespace imagespec {

/// The image type of a kernel parameter whose type is spelled `typeName` ("image2d_t", also
/// with a leading access qualifier: "read_only image2d_t", "__write_only image3d_t"), or
/// nullopt when it is no image type.
std::optional<image::Dim> paramImageDim(std::string_view typeName);

/// Parses the text after `image=` ("64x32") into sizes in texels (1 to 3 numbers). Returns
/// "" or the error message.
std::string parseSizes(std::string_view text, std::vector<uint64_t>& sizes);

/// Parses the text after `format=` ("CL_RGBA/CL_UNORM_INT8", `CL_` optional, any case);
/// nullopt for an unknown order or type, or orders without one component per channel.
std::optional<image::Format> parseFormat(std::string_view text);

/// The element type that reads one channel of `t` (char for SNORM_INT8/SIGNED_INT8, uchar
/// for UNORM_INT8/UNSIGNED_INT8, short/ushort for 16-bit types, ushort bits for
/// HALF_FLOAT, int/uint for 32-bit integers, float for FLOAT).
ElementType channelElement(image::ChannelType t);

/// Builds the image object for `sizes` (as written) and `format` for a parameter of type
/// `typeName` ("image2d_t"; "" while unbound: the number of sizes decides 1D/2D/3D). Returns
/// "" or the error: a wrong number of sizes for the image type, a size of 0 or over the
/// device limits (ImageObject::validate), or more than `maxBytes` bytes.
std::string makeObject(const std::vector<uint64_t>& sizes, const image::Format& format,
                       std::string_view typeName, uint64_t maxBytes, image::Object& out);

} // namespace imagespec
} // namespace clstep::launch
