#include "launch/BufferDump.h"

#include <cstring>
#include <iomanip>
#include <sstream>

namespace clstep::launch {

namespace {

/// One element, as `cout << ...` in Simulation::dumpArgument<T>.
template <typename T>
void putElement(std::ostream& out, bool hex, const uint8_t* element) {
    T value;
    std::memcpy(&value, element, sizeof(T));
    if (hex) out << "0x" << std::setfill('0') << std::setw(sizeof(T) * 2) << std::hex;
    if constexpr (sizeof(T) == 1)
        out << static_cast<int>(value);
    else
        out << value;
    out << std::dec;
}

void putElement(std::ostream& out, ElementType type, bool hex, const uint8_t* element) {
    switch (type) {
    case ElementType::Char:
        return putElement<int8_t>(out, hex, element);
    case ElementType::UChar:
        return putElement<uint8_t>(out, hex, element);
    case ElementType::Short:
        return putElement<int16_t>(out, hex, element);
    case ElementType::UShort:
        return putElement<uint16_t>(out, hex, element);
    case ElementType::Int:
        return putElement<int32_t>(out, hex, element);
    case ElementType::UInt:
        return putElement<uint32_t>(out, hex, element);
    case ElementType::Long:
        return putElement<int64_t>(out, hex, element);
    case ElementType::ULong:
        return putElement<uint64_t>(out, hex, element);
    case ElementType::Float:
        return putElement<float>(out, hex, element);
    case ElementType::Double:
        return putElement<double>(out, hex, element);
    default: // no element type (isElementType)
        return;
    }
}

} // namespace

std::string BufferDump::format(std::string_view name, ElementType type, bool hex,
                               std::span<const uint8_t> bytes) {
    std::ostringstream out;
    out << "\nArgument '" << name << "': " << bytes.size() << " bytes\n";
    const size_t size = elementSize(type);
    for (size_t i = 0; i < bytes.size() / size; ++i) {
        out << "  " << name << "[" << i << "] = ";
        putElement(out, type, hex, bytes.data() + i * size);
        out << "\n";
    }
    out << "\n";
    return out.str();
}

std::string BufferDump::format(const KernelArgSpec& spec, std::span<const uint8_t> bytes) {
    if (spec.kind == ArgKind::Image) return formatImage(spec, bytes);
    return format(spec.name, spec.type.value_or(ElementType::UChar), spec.hex, bytes);
}

std::string BufferDump::formatImage(const KernelArgSpec& spec, std::span<const uint8_t> bytes) {
    const image::Object& img = spec.image;
    const ElementType type = spec.type.value_or(ElementType::UChar);
    const size_t esize = elementSize(type);
    const unsigned texel = image::texelBytes(img.format);
    std::ostringstream out;
    out << "\nImage '" << spec.name << "': " << image::typeName(img.dim) << " " << img.width << "x"
        << img.height;
    if (img.slices() > 1 || img.dim == image::Dim::Image3D || img.dim == image::Dim::Image2DArray)
        out << "x" << img.slices();
    out << " " << image::orderName(img.format.order) << "/" << image::typeName(img.format.type)
        << ", " << bytes.size() << " bytes\n";
    if (bytes.size() < img.byteSize()) return out.str() + "\n";
    const bool layered =
        img.slices() > 1 || img.dim == image::Dim::Image3D || img.dim == image::Dim::Image2DArray;
    const bool rows = image::spatialDims(img.dim) >= 2 || img.dim == image::Dim::Image1DArray;
    for (uint64_t z = 0; z < img.slices(); ++z)
        for (uint64_t y = 0; y < img.height; ++y)
            for (uint64_t x = 0; x < img.width; ++x) {
                out << "  " << spec.name << "(" << x;
                if (rows) out << "," << y;
                if (layered) out << "," << z;
                out << ") = (";
                const uint8_t* t =
                    bytes.data() + img.texelOffset(int64_t(x), int64_t(y), int64_t(z));
                for (unsigned c = 0; c + esize <= texel; c += unsigned(esize)) {
                    if (c) out << ", ";
                    putElement(out, type, spec.hex, t + c);
                }
                out << ")\n";
            }
    out << "\n";
    return out.str();
}

std::string BufferDump::formatElement(ElementType type, bool hex, const uint8_t* element) {
    std::ostringstream out;
    putElement(out, type, hex, element);
    return out.str();
}

} // namespace clstep::launch
