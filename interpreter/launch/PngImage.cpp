#include "launch/PngImage.h"

#include <png.h>

#include <cerrno>
#include <csetjmp>
#include <cstdio>
#include <cstring>

namespace clstep::launch {

namespace {

/// libpng's state for one file. Only plain data: the setjmp/longjmp error path of libpng
/// (its manual, "Setjmp/longjmp issues") must not skip C++ destructors.
struct Reader {
    std::FILE* file = nullptr;
    png_structp png = nullptr;
    png_infop info = nullptr;
    char message[256] = {};
};

void onError(png_structp png, png_const_charp message) {
    auto* r = static_cast<Reader*>(png_get_error_ptr(png));
    std::snprintf(r->message, sizeof r->message, "%s", message);
    png_longjmp(png, 1);
}

void onWarning(png_structp, png_const_charp) {}

/// Reads the header and sets the expansions; false with r.message on error.
bool readHeader(Reader& r, uint32_t& width, uint32_t& height, unsigned& channels, unsigned& depth,
                size_t& rowBytes) {
    if (setjmp(png_jmpbuf(r.png))) return false;
    png_init_io(r.png, r.file);
    png_set_user_limits(r.png, 65536, 65536);
    png_read_info(r.png, r.info);
    const int colorType = png_get_color_type(r.png, r.info);
    const int bits = png_get_bit_depth(r.png, r.info);
    if (colorType == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(r.png);
    if (colorType == PNG_COLOR_TYPE_GRAY && bits < 8) png_set_expand_gray_1_2_4_to_8(r.png);
    if (png_get_valid(r.png, r.info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(r.png);
    png_set_interlace_handling(r.png);
    png_read_update_info(r.png, r.info);
    width = png_get_image_width(r.png, r.info);
    height = png_get_image_height(r.png, r.info);
    channels = png_get_channels(r.png, r.info);
    depth = png_get_bit_depth(r.png, r.info);
    rowBytes = png_get_rowbytes(r.png, r.info);
    return true;
}

/// Writes `rows` (8-bit RGBA) as a PNG; false with r.message on error.
bool writeRows(Reader& r, uint32_t width, uint32_t height, png_bytepp rows) {
    if (setjmp(png_jmpbuf(r.png))) return false;
    png_init_io(r.png, r.file);
    png_set_IHDR(r.png, r.info, width, height, 8, PNG_COLOR_TYPE_RGBA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(r.png, r.info);
    png_write_image(r.png, rows);
    png_write_end(r.png, nullptr);
    return true;
}

bool readRows(Reader& r, png_bytepp rows) {
    if (setjmp(png_jmpbuf(r.png))) return false;
    png_read_image(r.png, rows);
    png_read_end(r.png, nullptr);
    return true;
}

} // namespace

std::string PngImage::read(const std::string& path, PngImage& out, uint64_t maxBytes) {
    Reader r;
    r.file = std::fopen(path.c_str(), "rb");
    if (!r.file) return "cannot open the PNG file '" + path + "': " + std::strerror(errno);
    unsigned char signature[8] = {};
    if (std::fread(signature, 1, 8, r.file) != 8 || png_sig_cmp(signature, 0, 8) != 0) {
        std::fclose(r.file);
        return "'" + path + "' is not a PNG file";
    }
    r.png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &r, onError, onWarning);
    if (r.png) r.info = png_create_info_struct(r.png);
    std::string error;
    size_t rowBytes = 0;
    if (!r.png || !r.info) {
        error = "libpng could not start";
    } else {
        png_set_sig_bytes(r.png, 8);
        if (!readHeader(r, out.width, out.height, out.channels, out.bitDepth, rowBytes))
            error = "the PNG file '" + path + "' is damaged: " + r.message;
        else if (uint64_t(rowBytes) * out.height > maxBytes)
            error = "the PNG file '" + path + "' is too large (" + std::to_string(out.width) + "x" +
                    std::to_string(out.height) + " pixels)";
    }
    if (error.empty()) {
        std::vector<uint8_t> data(rowBytes * out.height);
        std::vector<png_bytep> rows(out.height);
        for (uint32_t y = 0; y < out.height; ++y)
            rows[y] = data.data() + y * rowBytes;
        if (!readRows(r, rows.data())) {
            error = "the PNG file '" + path + "' is damaged: " + r.message;
        } else {
            const size_t count = size_t(out.width) * out.height * out.channels;
            out.samples.resize(count);
            for (uint32_t y = 0; y < out.height; ++y)
                for (size_t i = 0; i < size_t(out.width) * out.channels; ++i) {
                    const uint8_t* p = rows[y] + (out.bitDepth == 16 ? 2 * i : i);
                    out.samples[y * size_t(out.width) * out.channels + i] =
                        out.bitDepth == 16 ? uint16_t(p[0] << 8 | p[1]) : p[0]; // big-endian
                }
        }
    }
    png_destroy_read_struct(r.png ? &r.png : nullptr, r.info ? &r.info : nullptr, nullptr);
    std::fclose(r.file);
    return error;
}

std::string PngImage::write(const std::string& path, const image::Object& img,
                            const std::vector<uint8_t>& bytes) {
    const uint64_t rows = img.height * img.slices();
    if (img.width == 0 || rows == 0 || img.width > 65536 || rows > 65536 * 64)
        return "cannot write a PNG picture of " + std::to_string(img.width) + "x" +
               std::to_string(rows) + " pixels";
    if (bytes.size() < img.byteSize()) return "the image has fewer bytes than its size";
    std::vector<uint8_t> data(img.width * rows * 4);
    std::vector<png_bytep> rowPointers(rows);
    const bool isFloat = image::readKind(img.format.type) == image::ReadKind::Float;
    for (uint64_t z = 0; z < img.slices(); ++z)
        for (uint64_t y = 0; y < img.height; ++y) {
            uint8_t* out = data.data() + (z * img.height + y) * img.width * 4;
            rowPointers[z * img.height + y] = out;
            for (uint64_t x = 0; x < img.width; ++x) {
                const image::Texel t =
                    image::decode(img.format, bytes.data() + img.texelOffset(x, y, z));
                for (int c = 0; c < 4; ++c) {
                    if (isFloat) {
                        const float f = t.f[c] > 0.0f ? (t.f[c] < 1.0f ? t.f[c] : 1.0f) : 0.0f;
                        out[x * 4 + c] = uint8_t(f * 255.0f + 0.5f);
                    } else {
                        const int64_t v = image::readKind(img.format.type) == image::ReadKind::UInt
                                              ? int64_t(uint32_t(t.i[c]))
                                              : int64_t(t.i[c]);
                        out[x * 4 + c] = uint8_t(v < 0 ? 0 : v > 255 ? 255 : v);
                    }
                }
            }
        }
    Reader r;
    r.file = std::fopen(path.c_str(), "wb");
    if (!r.file) return "cannot write the PNG file '" + path + "': " + std::strerror(errno);
    r.png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &r, onError, onWarning);
    if (r.png) r.info = png_create_info_struct(r.png);
    std::string error;
    if (!r.png || !r.info)
        error = "libpng could not start";
    else if (!writeRows(r, uint32_t(img.width), uint32_t(rows), rowPointers.data()))
        error = "cannot write the PNG file '" + path + "': " + r.message;
    png_destroy_write_struct(r.png ? &r.png : nullptr, r.info ? &r.info : nullptr);
    if (std::fclose(r.file) != 0 && error.empty())
        error = "cannot write the PNG file '" + path + "': " + std::strerror(errno);
    return error;
}

std::string PngImage::texels(const image::Object& img, std::vector<uint8_t>& bytes) const {
    const uint64_t rows = img.height * img.slices();
    if (width != img.width || height != rows)
        return "the PNG picture is " + std::to_string(width) + "x" + std::to_string(height) +
               " pixels but the image needs " + std::to_string(img.width) + "x" +
               std::to_string(rows) +
               (img.slices() > 1 ? " (its slices or layers stacked top to bottom)" : "");
    const unsigned want = image::channelCount(img.format.order);
    const char* kinds[] = {"", "gray", "gray+alpha", "RGB", "RGBA"};
    if ((want == 1 && channels != 1) || (want == 2 && channels != 2))
        return "the PNG picture is " + std::string(kinds[channels]) + " but the format " +
               std::string(image::orderName(img.format.order)) + " has " + std::to_string(want) +
               (want == 1 ? " channel: use a gray picture" : " channels: use a gray+alpha picture");
    if (bitDepth == 16 && image::channelBytes(img.format.type) == 1)
        return "unsupported depth: the PNG picture has 16 bits per sample but " +
               std::string(image::typeName(img.format.type)) +
               " has 8 (convert the picture to 8 bits, or use a 16-bit or float type)";
    const bool isFloat = image::readKind(img.format.type) == image::ReadKind::Float;
    const float scale = 1.0f / float((1u << bitDepth) - 1);
    const unsigned texelBytes = image::texelBytes(img.format);
    bytes.assign(img.byteSize(), 0);
    for (uint64_t i = 0; i < uint64_t(width) * height; ++i) {
        const uint16_t* s = samples.data() + i * channels;
        const uint32_t max = (1u << bitDepth) - 1;
        uint32_t v[4];
        switch (channels) {
        case 1:
            v[0] = v[1] = v[2] = v[3] = s[0];
            if (want == 4) v[3] = max;
            break;
        case 2: // gray + alpha: (gray, alpha) for 2 channels, (g, g, g, a) for 4
            v[0] = s[0];
            v[1] = want == 2 ? s[1] : s[0];
            v[2] = s[0];
            v[3] = s[1];
            break;
        default: // RGB, RGBA
            v[0] = s[0];
            v[1] = s[1];
            v[2] = s[2];
            v[3] = channels == 4 ? s[3] : max;
            break;
        }
        image::Texel t;
        for (int c = 0; c < 4; ++c) {
            t.f[c] = isFloat ? float(v[c]) * scale : 0.0f;
            t.i[c] = int32_t(v[c]);
        }
        image::encode(img.format, t, bytes.data() + i * texelBytes);
    }
    return "";
}

} // namespace clstep::launch
