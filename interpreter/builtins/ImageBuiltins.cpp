// Image functions (OpenCL C 1.2 6.12.14, 2.0 6.13.14): read_image{f,i,ui,h} with and
// without a sampler, write_image{f,i,ui,h} and the get_image_* queries. Texels are read and
// written through BuiltinEnv::load/store on the image's `__global` buffer, so bounds,
// read-only/write-only, race and uninitialized checks see every texel access; the texel
// conversions and sampling equations are ImageFormat and ImageSampler's.

#include "builtins/BuiltinEnv.h"
#include "builtins/BuiltinRegistry.h"
#include "builtins/ImageObject.h"
#include "builtins/ImageSampler.h"
#include "builtins/MemoryBuiltinHelpers.h"
#include "builtins/TexelAccess.h"

#include <array>
#include <cmath>

namespace clstep {

namespace {

using image::Dim;

/// The image type of `q` (an image handle), nullopt for anything else.
std::optional<Dim> imageDim(const QualType& q) {
    if (!q.type || q->canonical()->kind != TypeKind::Opaque) return std::nullopt;
    return image::dimFromTypeName(q->canonical()->name);
}

bool isSampler(const QualType& q) {
    return q.type && q->canonical()->kind == TypeKind::Opaque &&
           q->canonical()->name == "sampler_t";
}

/// Components of the coordinate of an image type (6.12.14.2): 1 for 1D and 1D buffer, 2 for 2D
/// and 1D array (x, layer), 4 for 3D and 2D array (x, y, z or layer, unused).
unsigned coordComponents(Dim d) {
    switch (d) {
    case Dim::Image1D:
    case Dim::Image1DBuffer:
        return 1;
    case Dim::Image1DArray:
    case Dim::Image2D:
        return 2;
    case Dim::Image2DArray:
    case Dim::Image3D:
        return 4;
    }
    return 2;
}

/// True when `q` is a coordinate of `components` components; `isFloat` tells float from int. Scalar
/// coordinates of 1D images accept any integer or float scalar (converted to int / float).
bool coordArg(const QualType& q, unsigned components, bool& isFloat) {
    if (!q.type) return false;
    const Type* c = q->canonical();
    if (c->components() != components) return false;
    const Type* e = c->scalarType()->canonical();
    if (e->kind == TypeKind::Float) {
        isFloat = true;
        return true;
    }
    if (components == 1 ? e->isInteger() : e->kind == TypeKind::Int) {
        isFloat = false;
        return true;
    }
    return false;
}

/// True when `q` is an arithmetic scalar, which converts implicitly to a parameter of a
/// builtin with a single overload for that argument: to any vector type by widening
/// (OpenCL C 6.2.1), to a scalar one by the usual conversion (clang accepts both).
bool isWideningScalar(const QualType& q) {
    return q.type && q->canonical()->isScalarArithmetic();
}

const Type* vec4(TypeContext& types, TypeKind k) {
    return types.vector(types.scalar(k), 4);
}

/// Which read_image / write_image: the element type of the color and the ReadKind the
/// image's channel type must have (6.12.14.2: read_imagef for normalized and float formats,
/// read_imagei for signed, read_imageui for unsigned integer formats).
enum class Fn : uint8_t { F, I, UI, H };

TypeKind colorKind(Fn fn) {
    switch (fn) {
    case Fn::F:
        return TypeKind::Float;
    case Fn::I:
        return TypeKind::Int;
    case Fn::UI:
        return TypeKind::UInt;
    case Fn::H:
        return TypeKind::Half;
    }
    return TypeKind::Float;
}

image::ReadKind readKindOf(Fn fn) {
    return fn == Fn::I    ? image::ReadKind::Int
           : fn == Fn::UI ? image::ReadKind::UInt
                          : image::ReadKind::Float;
}

const char* fnSuffix(Fn fn) {
    return fn == Fn::F ? "f" : fn == Fn::I ? "i" : fn == Fn::UI ? "ui" : "h";
}

/// read_image{f,i,ui,h}(image, sampler, coord) and (image, coord): the sampler-less form
/// takes int coordinates (6.12.14.2, 2.0 6.13.14.2); image1d_buffer_t has only that form.
template <Fn F>
bool resolveRead(TypeContext& types, const std::vector<QualType>& args, BuiltinSignature& sig) {
    if (args.size() != 2 && args.size() != 3) return false;
    auto dim = imageDim(args[0]);
    if (!dim) return false;
    bool sampled = args.size() == 3;
    if (sampled && (!isSampler(args[1]) || *dim == Dim::Image1DBuffer)) return false;
    bool isFloat = false;
    const QualType& coord = args.back();
    unsigned components = coordComponents(*dim);
    if (!sampled && isWideningScalar(coord))
        isFloat = false; // the one overload takes int coordinates: the scalar widens to them
    else if (!coordArg(coord, components, isFloat) || (!sampled && isFloat))
        return false;
    const Type* e = types.scalar(isFloat ? TypeKind::Float : TypeKind::Int);
    QualType c{components == 1 ? e : types.vector(e, components)};
    std::vector<QualType> params{QualType{args[0].type}};
    if (sampled) params.push_back(QualType{args[1].type});
    params.push_back(c);
    return mem::accept(sig, QualType{vec4(types, colorKind(F))}, params);
}

/// write_image{f,i,ui,h}(image, int coord, color) (6.12.14.3). A scalar coordinate or color
/// widens to the parameter's vector type (6.2.1), as clang accepts `write_imageui(img, pos, 1)`.
template <Fn F>
bool resolveWrite(TypeContext& types, const std::vector<QualType>& args, BuiltinSignature& sig) {
    if (args.size() != 3) return false;
    auto dim = imageDim(args[0]);
    if (!dim) return false;
    unsigned components = coordComponents(*dim);
    bool isFloat = false;
    if (!isWideningScalar(args[1]) && (!coordArg(args[1], components, isFloat) || isFloat))
        return false;
    if (!isWideningScalar(args[2])) {
        // A vector color must be the exact type: vectors do not convert implicitly (6.2.1).
        const Type* color = args[2].type ? args[2]->canonical() : nullptr;
        if (!color || !color->isVector() || color->components() != 4 ||
            color->scalarType()->canonical()->kind != colorKind(F))
            return false;
    }
    const Type* e = types.scalar(TypeKind::Int);
    QualType c{components == 1 ? e : types.vector(e, components)};
    return mem::accept(sig, QualType{types.scalar(TypeKind::Void)},
                       {QualType{args[0].type}, c, QualType{vec4(types, colorKind(F))}});
}

/// Reports an image argument that names no image object.
[[gnu::cold, gnu::noinline]] void reportNoImage(BuiltinEnv& env, const BuiltinCall& call) {
    env.reportError(DiagnosticKind::OutOfBounds, "the image argument names no image object",
                    call.range);
}

/// The image behind argument 0, or nullptr after reporting that it is none.
inline const image::Object* imageOf(BuiltinEnv& env, const BuiltinCall& call, const Value* args) {
    const image::Object* img = env.imageAt(args[0].components[0].u);
    if (!img) reportNoImage(env, call);
    return img;
}

std::string coordText(const std::array<int64_t, 3>& c, unsigned n) {
    std::string s = "(";
    for (unsigned i = 0; i < n; ++i)
        s += (i ? ", " : "") + std::to_string(c[i]);
    return s + ")";
}

std::string sizeText(const image::Object& img) {
    std::string s = std::to_string(img.width);
    if (image::spatialDims(img.dim) >= 2 || img.dim == Dim::Image1DArray)
        s += "x" + std::to_string(img.height);
    if (img.slices() > 1 || img.dim == Dim::Image3D || img.dim == Dim::Image2DArray)
        s += "x" + std::to_string(img.slices());
    return s;
}

/// Integer texel coordinates of `v` (x, y, z / layer) in buffer terms: for image1d_array_t
/// the layer is y; for image2d_array_t it is z.
std::array<int64_t, 3> intCoords(const Value& v, unsigned components) {
    std::array<int64_t, 3> c{0, 0, 0};
    for (unsigned i = 0; i < components && i < 3; ++i)
        c[i] = int32_t(v.components[i].i);
    return c;
}

/// Loads and decodes the texel at (x, y, z) (inside the image).
inline image::Texel fetch(BuiltinEnv& env, const image::Object& img, uint64_t handle,
                          const std::array<int64_t, 3>& t, const SourceRange& site) {
    uint8_t bytes[16];
    image::loadTexel(env, mem::advance(handle, img.texelOffset(t[0], t[1], t[2])),
                     image::texelBytes(img.format), site, bytes);
    return image::decode(img.format, bytes);
}

/// Reports the format mismatch of formatMatches.
[[gnu::cold, gnu::noinline]] bool reportFormatMismatch(BuiltinEnv& env, const BuiltinCall& call,
                                                       const image::Object& img, Fn fn,
                                                       const char* verb) {
    env.reportError(DiagnosticKind::ImageUndefined,
                    std::string(verb) + "_image" + fnSuffix(fn) + " on an image of format " +
                        std::string(image::orderName(img.format.order)) + "/" +
                        std::string(image::typeName(img.format.type)) + " is undefined: use " +
                        verb + "_image" +
                        (image::readKind(img.format.type) == image::ReadKind::Float ? "f"
                         : image::readKind(img.format.type) == image::ReadKind::Int ? "i"
                                                                                    : "ui") +
                        " (OpenCL C 6.12.14.2)",
                    call.range);
    return false;
}

/// Checks the format against the function (6.12.14.2: other combinations return undefined
/// values); reports and returns false on a mismatch.
inline bool formatMatches(BuiltinEnv& env, const BuiltinCall& call, const image::Object& img, Fn fn,
                          const char* verb) {
    return image::readKind(img.format.type) == readKindOf(fn) ||
           reportFormatMismatch(env, call, img, fn, verb);
}

/// Checks the sampler of a sampled read that fromBits rejected (`valid` false) or that
/// isUndefinedCombination flags; reports and returns false when it is invalid or the
/// combination undefined (6.12.14.1-2).
[[gnu::cold, gnu::noinline]] bool samplerUsable(BuiltinEnv& env, const BuiltinCall& call, Fn fn,
                                                uint32_t bits, bool valid, const image::Sampler& s,
                                                bool intCoords) {
    const std::string name = std::string("read_image") + fnSuffix(fn);
    if (!valid) {
        env.reportError(DiagnosticKind::ImageUndefined,
                        name + " with sampler value " + std::to_string(bits) +
                            ", which is no combination of the CLK_* sampler constants "
                            "(OpenCL C 6.12.14.1)",
                        call.range);
        return false;
    }
    const std::string why = image::undefinedCombination(s, intCoords, fn == Fn::I || fn == Fn::UI);
    if (why.empty()) return true;
    env.reportError(DiagnosticKind::ImageUndefined, name + ": " + why, call.range);
    return false;
}

/// Reports a read at `fc` (spatial coordinates, `dims` of them) outside `img` without
/// clamping (CLK_ADDRESS_NONE or no sampler): undefined (6.12.14.2).
[[gnu::cold, gnu::noinline]] void reportReadOutside(BuiltinEnv& env, const BuiltinCall& call, Fn fn,
                                                    const image::Object& img, bool sampled,
                                                    const std::array<float, 3>& fc, unsigned dims) {
    std::array<int64_t, 3> at{image::floorToInt(fc[0]), image::floorToInt(fc[1]),
                              image::floorToInt(fc[2])};
    env.reportError(DiagnosticKind::OutOfBounds,
                    std::string("read_image") + fnSuffix(fn) + " at " + coordText(at, dims) +
                        " is outside the " + sizeText(img) + " " +
                        std::string(image::typeName(img.dim)) + " and " +
                        (sampled ? "the sampler does not clamp (CLK_ADDRESS_NONE)"
                                 : "a read without a sampler does not clamp") +
                        ": the result is undefined (OpenCL C 6.12.14.2)",
                    call.range);
}

/// The border color of CLK_ADDRESS_CLAMP (8.2): (0, 0, 0, 0) with an alpha channel, else
/// (0, 0, 0, 1).
image::Texel borderColor(const image::Object& img) {
    const bool alpha = image::hasAlpha(img.format.order);
    image::Texel t;
    t.f = {0, 0, 0, alpha ? 0.f : 1.f};
    t.i = {0, 0, 0, alpha ? 0 : 1};
    return t;
}

/// Linear filtering (8.2): the weighted sum of the footprint's texels. Only read_imagef and
/// read_imageh get here (linear integer reads are reported as undefined before).
template <Fn F>
[[gnu::noinline]] void readLinear(BuiltinEnv& env, const BuiltinCall& call, const Value* args,
                                  const image::Object& img, const image::Sampler& s,
                                  const std::array<float, 3>& fc, int64_t layer, Value& result) {
    const unsigned dims = image::spatialDims(img.dim);
    const std::array<int64_t, 3> size{int64_t(img.width), dims >= 2 ? int64_t(img.height) : 1,
                                      dims >= 3 ? int64_t(img.depth) : 1};
    const image::Footprint fp = image::footprint(s, dims, size, fc);
    if (fp.outside) return reportReadOutside(env, call, F, img, true, fc, dims);
    std::array<double, 4> acc{0, 0, 0, 0};
    for (unsigned k = 0; k < fp.count; ++k) {
        image::Texel t;
        if (fp.border[k]) {
            t = borderColor(img);
        } else {
            std::array<int64_t, 3> at = fp.texel[k];
            if (img.dim == Dim::Image1DArray) at[1] = layer;
            if (img.dim == Dim::Image2DArray) at[2] = layer;
            t = fetch(env, img, args[0].components[0].u, at, call.range);
        }
        if (F == Fn::I || F == Fn::UI) { // not reached (see above); nearest's value
            for (unsigned c = 0; c < 4; ++c)
                result.components[c].i = t.i[c];
            if (F == Fn::UI)
                for (unsigned c = 0; c < 4; ++c)
                    result.components[c].u = uint32_t(t.i[c]);
            return;
        }
        for (unsigned c = 0; c < 4; ++c)
            acc[c] += double(fp.weight[k]) * double(t.f[c]);
    }
    for (unsigned c = 0; c < 4; ++c)
        result.components[c].f = float(acc[c]);
    if (F == Fn::H) // half4: values rounded to half precision
        for (unsigned c = 0; c < 4; ++c)
            result.components[c].f = mem::halfToFloat(
                mem::halfFromDouble(double(result.components[c].f), mem::HalfRounding::Rte));
}

/// read_imagef of a 2D CL_RGBA / CL_UNORM_INT8 image at integer coordinates `cv` (the sampler
/// `s` already checked: unnormalized, nearest, no repeat): the texel inside the image, or the
/// edge texel under CLK_ADDRESS_CLAMP_TO_EDGE, loaded and decoded in place, with the values
/// of readImpl's general path (a coordinate below 2^24 in magnitude is the same integer as
/// float, so floor gives it back). Returns false, having done nothing, for any other case
/// (a coordinate outside the image without clamping to the edge, a huge coordinate), which
/// the general path then takes.
inline bool readRgbaUnorm8(BuiltinEnv& env, const BuiltinCall& call, const Value* args,
                           const image::Object& img, const image::Sampler& s, const Value& cv,
                           Value& result) {
    int64_t x = int32_t(cv.components[0].i), y = int32_t(cv.components[1].i);
    const int64_t w = int64_t(img.width), h = int64_t(img.height);
    if (x < 0 || x >= w || y < 0 || y >= h) {
        constexpr int64_t kExact = int64_t(1) << 24;
        if (s.addressing != image::Addressing::ClampToEdge || x <= -kExact || x >= kExact ||
            y <= -kExact || y >= kExact)
            return false;
        x = x < 0 ? 0 : x > w - 1 ? w - 1 : x;
        y = y < 0 ? 0 : y > h - 1 ? h - 1 : y;
    }
    uint8_t b[4];
    image::loadTexel(env, mem::advance(args[0].components[0].u, img.texelOffset(x, y, 0)), 4,
                     call.range, b);
    for (unsigned c = 0; c < 4; ++c)
        result.components[c].f = image::kUnorm8ToFloat[b[c]];
    return true;
}

/// read_image{f,i,ui,h}: checks the sampler and the format, computes the texel (8.2) and
/// converts it (8.3). Nearest filtering, the common case, is done here without building
/// the footprint; the checks' reports are in cold functions.
template <Fn F>
void readImpl(BuiltinEnv& env, const BuiltinCall& call, const Value* args, Value& result) {
    result = Value();
    const image::Object* img = imageOf(env, call, args);
    if (!img) return;
    const bool sampled = call.argTypes.size() == 3;
    const Value& cv = args[sampled ? 2 : 1];
    const bool isFloat =
        call.argTypes.back()->canonical()->scalarType()->canonical()->kind == TypeKind::Float;

    image::Sampler s; // sampler-less reads: unnormalized, no addressing, nearest (2.0 6.13.14.2)
    if (sampled) {
        const uint32_t bits = uint32_t(args[1].components[0].u);
        const bool valid = image::Sampler::fromBits(bits, s);
        if ((!valid || image::isUndefinedCombination(s, !isFloat, F == Fn::I || F == Fn::UI)) &&
            !samplerUsable(env, call, F, bits, valid, s, !isFloat))
            return;
    }
    if (!formatMatches(env, call, *img, F, "read")) return;
    if constexpr (F == Fn::F)
        if (!isFloat && img->dim == Dim::Image2D && img->format == image::kRgbaUnorm8 &&
            readRgbaUnorm8(env, call, args, *img, s, cv, result))
            return;

    // Spatial coordinates and the array layer (8.2: layer = clamp(rint(v), 0, size - 1)).
    const unsigned dims = image::spatialDims(img->dim);
    std::array<float, 3> fc{0, 0, 0};
    for (unsigned i = 0; i < dims; ++i)
        fc[i] = isFloat ? cv.components[i].f : float(int32_t(cv.components[i].i));
    int64_t layer = 0;
    if (image::isArray(img->dim)) {
        float l = isFloat ? cv.components[dims].f : float(int32_t(cv.components[dims].i));
        double r = std::nearbyint(double(l));
        if (!(r >= 0)) r = 0; // NaN and negatives
        layer = int64_t(std::min<double>(r, double(img->arraySize - 1)));
    }
    if (s.filter == image::Filter::Linear)
        return readLinear<F>(env, call, args, *img, s, fc, layer, result);

    // Nearest: one texel (or the border color), returned as it is.
    const std::array<int64_t, 3> size{int64_t(img->width), dims >= 2 ? int64_t(img->height) : 1,
                                      dims >= 3 ? int64_t(img->depth) : 1};
    const image::NearestTexel one = image::nearest(s, dims, size, fc);
    if (one.outside) return reportReadOutside(env, call, F, *img, sampled, fc, dims);
    std::array<int64_t, 3> at = one.texel;
    if (img->dim == Dim::Image1DArray) at[1] = layer;
    if (img->dim == Dim::Image2DArray) at[2] = layer;
    if (F == Fn::F && !one.border && img->format == image::kRgbaUnorm8) {
        // The most common format, decoded in place (the values of image::decode).
        uint8_t b[4];
        image::loadTexel(
            env, mem::advance(args[0].components[0].u, img->texelOffset(at[0], at[1], at[2])), 4,
            call.range, b);
        for (unsigned c = 0; c < 4; ++c)
            result.components[c].f = image::kUnorm8ToFloat[b[c]];
        return;
    }
    const image::Texel t =
        one.border ? borderColor(*img) : fetch(env, *img, args[0].components[0].u, at, call.range);
    for (unsigned c = 0; c < 4; ++c) {
        if (F == Fn::I) result.components[c].i = t.i[c];
        if (F == Fn::UI) result.components[c].u = uint32_t(t.i[c]);
        if (F == Fn::F) result.components[c].f = t.f[c];
        if (F == Fn::H) // half4: values rounded to half precision
            result.components[c].f =
                mem::halfToFloat(mem::halfFromDouble(double(t.f[c]), mem::HalfRounding::Rte));
    }
}

template <Fn F>
void writeImpl(BuiltinEnv& env, const BuiltinCall& call, const Value* args, Value& result) {
    result = Value();
    const image::Object* img = imageOf(env, call, args);
    if (!img) return;
    const uint64_t handle = args[0].components[0].u;
    const unsigned components = coordComponents(img->dim);
    std::array<int64_t, 3> at = intCoords(args[1], components);
    if (!formatMatches(env, call, *img, F, "write")) return;
    if (F == Fn::F && img->dim == Dim::Image2D && img->format == image::kRgbaUnorm8 && at[0] >= 0 &&
        at[0] < int64_t(img->width) && at[1] >= 0 && at[1] < int64_t(img->height)) {
        // The most common format inside the image, encoded in place (image::encode's bytes).
        uint8_t b[4];
        for (unsigned c = 0; c < 4; ++c)
            b[c] = image::unorm8FromFloat(args[2].components[c].f);
        image::storeTexel(env, mem::advance(handle, img->texelOffset(at[0], at[1], 0)), 4, b,
                          call.range);
        return;
    }
    if (!img->contains(at[0], at[1], at[2])) {
        env.reportError(DiagnosticKind::OutOfBounds,
                        std::string("write_image") + fnSuffix(F) + " at " +
                            coordText(at, std::min(components, 3u)) + " is outside the " +
                            sizeText(*img) + " image: the write is undefined (OpenCL C 6.12.14.3)",
                        call.range);
        return;
    }
    image::Texel t;
    for (unsigned c = 0; c < 4; ++c) {
        t.f[c] = args[2].components[c].f;
        t.i[c] = int32_t(args[2].components[c].i);
    }
    std::array<uint8_t, 16> bytes{};
    image::encode(img->format, t, bytes.data());
    image::storeTexel(env, mem::advance(handle, img->texelOffset(at[0], at[1], at[2])),
                      image::texelBytes(img->format), bytes.data(), call.range);
}

// ---- get_image_* (6.12.14.5) ----

enum class Query : uint8_t { Width, Height, Depth, DataType, Order, Dim2, Dim4, ArraySize };

template <Query Q>
bool resolveQuery(TypeContext& types, const std::vector<QualType>& args, BuiltinSignature& sig) {
    if (args.size() != 1) return false;
    auto dim = imageDim(args[0]);
    if (!dim) return false;
    const unsigned dims = image::spatialDims(*dim);
    QualType intT{types.scalar(TypeKind::Int)};
    switch (Q) {
    case Query::Width:
    case Query::DataType:
    case Query::Order:
        return mem::accept(sig, intT, {QualType{args[0].type}});
    case Query::Height:
        if (dims < 2) return false;
        return mem::accept(sig, intT, {QualType{args[0].type}});
    case Query::Depth:
        if (dims < 3) return false;
        return mem::accept(sig, intT, {QualType{args[0].type}});
    case Query::Dim2:
        if (dims != 2) return false;
        return mem::accept(sig, QualType{types.vector(types.scalar(TypeKind::Int), 2)},
                           {QualType{args[0].type}});
    case Query::Dim4:
        if (dims != 3) return false;
        return mem::accept(sig, QualType{types.vector(types.scalar(TypeKind::Int), 4)},
                           {QualType{args[0].type}});
    case Query::ArraySize:
        if (!image::isArray(*dim)) return false;
        return mem::accept(sig, mem::sizeType(types), {QualType{args[0].type}});
    }
    return false;
}

template <Query Q>
void queryImpl(BuiltinEnv& env, const BuiltinCall& call, const Value* args, Value& result) {
    result = Value();
    const image::Object* img = imageOf(env, call, args);
    if (!img) return;
    switch (Q) {
    case Query::Width:
        result.components[0].i = int64_t(img->width);
        break;
    case Query::Height:
        result.components[0].i = int64_t(img->height);
        break;
    case Query::Depth:
        result.components[0].i = int64_t(img->depth);
        break;
    case Query::DataType:
        result.components[0].i = int64_t(img->format.type);
        break;
    case Query::Order:
        result.components[0].i = int64_t(img->format.order);
        break;
    case Query::Dim2:
    case Query::Dim4:
        result.components[0].i = int64_t(img->width);
        result.components[1].i = int64_t(img->height);
        result.components[2].i = Q == Query::Dim4 ? int64_t(img->depth) : 0;
        break;
    case Query::ArraySize:
        result.components[0].u = img->arraySize;
        break;
    }
}

} // namespace

/// Registers read_image{f,i,ui,h}, write_image{f,i,ui,h} and get_image_* (OpenCL C 1.2
/// 6.12.14, 2.0 6.13.14).
void registerImageBuiltins(BuiltinRegistry& r) {
    r.add({"read_imagef", resolveRead<Fn::F>, readImpl<Fn::F>});
    r.add({"read_imagei", resolveRead<Fn::I>, readImpl<Fn::I>});
    r.add({"read_imageui", resolveRead<Fn::UI>, readImpl<Fn::UI>});
    r.add({"read_imageh", resolveRead<Fn::H>, readImpl<Fn::H>});
    r.add({"write_imagef", resolveWrite<Fn::F>, writeImpl<Fn::F>});
    r.add({"write_imagei", resolveWrite<Fn::I>, writeImpl<Fn::I>});
    r.add({"write_imageui", resolveWrite<Fn::UI>, writeImpl<Fn::UI>});
    r.add({"write_imageh", resolveWrite<Fn::H>, writeImpl<Fn::H>});
    r.add({"get_image_width", resolveQuery<Query::Width>, queryImpl<Query::Width>});
    r.add({"get_image_height", resolveQuery<Query::Height>, queryImpl<Query::Height>});
    r.add({"get_image_depth", resolveQuery<Query::Depth>, queryImpl<Query::Depth>});
    r.add(
        {"get_image_channel_data_type", resolveQuery<Query::DataType>, queryImpl<Query::DataType>});
    r.add({"get_image_channel_order", resolveQuery<Query::Order>, queryImpl<Query::Order>});
    r.add({"get_image_dim", resolveQuery<Query::Dim2>, queryImpl<Query::Dim2>});
    r.add({"get_image_dim", resolveQuery<Query::Dim4>, queryImpl<Query::Dim4>});
    r.add({"get_image_array_size", resolveQuery<Query::ArraySize>, queryImpl<Query::ArraySize>});
}

} // namespace clstep
