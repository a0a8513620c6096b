#pragma once

#include "builtins/ImageObject.h"

#include <cstdint>
#include <string>
#include <vector>

namespace clstep::launch {

/// A PNG file decoded with libpng, for the `png=FILE` data of image arguments in `.sim`
/// files (clstep extension, README "Images in .sim files"). Palette images are expanded to
/// RGB, gray depths below 8 bits to 8 bits, and a tRNS chunk to an alpha channel; samples
/// keep their stored values (no gamma or color-space conversion).
class PngImage {
public:
    uint32_t width = 0;  ///< pixels
    uint32_t height = 0; ///< pixels
    /// Channels per pixel: 1 gray, 2 gray + alpha, 3 RGB, 4 RGBA.
    unsigned channels = 0;
    unsigned bitDepth = 8; ///< bits per sample: 8 or 16
    /// The samples, row by row, pixel by pixel, channel by channel (width * height *
    /// channels values of 0 to 2^bitDepth - 1).
    std::vector<uint16_t> samples;

    /// Decodes the PNG file at `path`. Returns "" or the error: the file cannot be opened,
    /// is no PNG, is damaged (libpng's message), or is larger than `maxBytes` bytes once
    /// decoded.
    static std::string read(const std::string& path, PngImage& out, uint64_t maxBytes);

    /// The texels of `img` (tightly packed, image::Object::make layout) from this picture:
    /// the picture's width must be the image's width and its height the image's rows times
    /// its slices (the layers of an array image and the slices of a 3D image stacked top to
    /// bottom; 1 row for 1D images). Channels map to (r, g, b, a): a 4-channel format takes
    /// gray, gray + alpha, RGB (alpha opaque) or RGBA pictures; a 2-channel format takes gray
    /// + alpha (as its two channels); a 1-channel format takes gray. Normalized and float
    /// channel types get sample / (2^bitDepth - 1) converted as write_imagef does; integer
    /// types get the sample value. A 16-bit picture for an 8-bit channel type is refused
    /// (it would lose bits). Returns "" or the error message.
    std::string texels(const image::Object& img, std::vector<uint8_t>& bytes) const;

    /// Writes the texels `bytes` of `img` (its own pitches) as an 8-bit RGBA PNG file at
    /// `path` (`run --dump-png`): slices and layers stacked top to bottom, each texel decoded
    /// as read_image* returns it (missing channels 0, alpha 1); normalized and float values
    /// clamped to [0, 1] and scaled to 0-255, integer values clamped to 0-255. Returns "" or
    /// the error (the file cannot be written).
    static std::string write(const std::string& path, const image::Object& img,
                             const std::vector<uint8_t>& bytes);
};

} // namespace clstep::launch
