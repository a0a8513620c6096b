// Tests of the image core of builtins/: the sampling equations of OpenCL 1.2 API spec 8.2
// (ImageSampler: addressing modes, normalized and unnormalized coordinates, nearest and
// linear filtering), the undefined sampler combinations of OpenCL C 6.12.14, and the texel
// conversions of 8.3 (ImageFormat). Expected values are worked out from the spec's
// equations by hand.
#include "builtins/ImageFormat.h"
#include "builtins/ImageObject.h"
#include "builtins/ImageSampler.h"

#include <QtTest>

#include <cmath>
#include <limits>

using namespace clstep::image;

namespace {

Sampler sampler(bool normalized, Addressing a, Filter f) {
    Sampler s;
    s.normalized = normalized;
    s.addressing = a;
    s.filter = f;
    return s;
}

int64_t nearest1d(const Sampler& s, int64_t size, float x) {
    return footprint(s, 1, {size, 1, 1}, {x, 0, 0}).texel[0][0];
}

} // namespace

class TestImageSampler : public QObject {
    Q_OBJECT
private slots:
    void samplerBits() {
        Sampler s;
        QVERIFY(Sampler::fromBits(0 | 4 | 0x10, s)); // UNNORMALIZED | CLAMP | NEAREST
        QVERIFY(!s.normalized);
        QCOMPARE(s.addressing, Addressing::Clamp);
        QCOMPARE(s.filter, Filter::Nearest);
        QVERIFY(Sampler::fromBits(1 | 6 | 0x20, s)); // NORMALIZED | REPEAT | LINEAR
        QVERIFY(s.normalized);
        QCOMPARE(s.addressing, Addressing::Repeat);
        QCOMPARE(s.filter, Filter::Linear);
        QVERIFY(!Sampler::fromBits(0x100, s));
        QVERIFY(!Sampler::fromBits(10 | 0x10, s)); // addressing 10 does not exist
    }

    void nearestClampModes() {
        const Sampler edge = sampler(false, Addressing::ClampToEdge, Filter::Nearest);
        QCOMPARE(nearest1d(edge, 4, 5.3f), int64_t(3));
        QCOMPARE(nearest1d(edge, 4, -1.0f), int64_t(0));
        QCOMPARE(nearest1d(edge, 4, 2.99f), int64_t(2));
        // Normalized: u = s * width.
        QCOMPARE(nearest1d(sampler(true, Addressing::ClampToEdge, Filter::Nearest), 4, 0.6f),
                 int64_t(2));
        // CLAMP: one texel of border on each side.
        Footprint f = footprint(sampler(false, Addressing::Clamp, Filter::Nearest), 1, {4, 1, 1},
                                {-0.5f, 0, 0});
        QCOMPARE(f.texel[0][0], int64_t(-1));
        QVERIFY(f.border[0]);
        f = footprint(sampler(false, Addressing::Clamp, Filter::Nearest), 1, {4, 1, 1},
                      {9.0f, 0, 0});
        QCOMPARE(f.texel[0][0], int64_t(4));
        QVERIFY(f.border[0]);
        // NONE: out of range is undefined.
        f = footprint(sampler(false, Addressing::None, Filter::Nearest), 1, {4, 1, 1},
                      {4.0f, 0, 0});
        QVERIFY(f.outside);
        f = footprint(sampler(false, Addressing::None, Filter::Nearest), 1, {4, 1, 1},
                      {3.5f, 0, 0});
        QVERIFY(!f.outside);
    }

    void nearestRepeatModes() {
        const Sampler rep = sampler(true, Addressing::Repeat, Filter::Nearest);
        QCOMPARE(nearest1d(rep, 4, 1.3f), int64_t(1));  // (1.3 - 1) * 4 = 1.2
        QCOMPARE(nearest1d(rep, 4, -0.1f), int64_t(3)); // 0.9 * 4 = 3.6
        const Sampler mir = sampler(true, Addressing::Mirrored, Filter::Nearest);
        QCOMPARE(nearest1d(mir, 4, 1.3f), int64_t(2));  // |1.3 - 2| * 4 = 2.8
        QCOMPARE(nearest1d(mir, 4, -0.2f), int64_t(0)); // |-0.2 - 0| * 4 = 0.8
        QCOMPARE(nearest1d(mir, 4, 1.0f), int64_t(3));  // |1 - 2*rint(0.5)| = 1 -> min(4, 3)
    }

    void linearWeights() {
        // 1D, unnormalized, clamp to edge: u = 1.75, i0 = floor(1.25) = 1, a = 0.25.
        Footprint f = footprint(sampler(false, Addressing::ClampToEdge, Filter::Linear), 1,
                                {4, 1, 1}, {1.75f, 0, 0});
        QCOMPARE(f.count, 2u);
        QCOMPARE(f.texel[0][0], int64_t(1));
        QCOMPARE(f.texel[1][0], int64_t(2));
        QCOMPARE(f.weight[0], 0.75f);
        QCOMPARE(f.weight[1], 0.25f);
        // 2D normalized at the centre of a 4x2 image: four texels of weight 1/4.
        f = footprint(sampler(true, Addressing::ClampToEdge, Filter::Linear), 2, {4, 2, 1},
                      {0.5f, 0.5f, 0});
        QCOMPARE(f.count, 4u);
        float sum = 0;
        for (unsigned k = 0; k < 4; ++k) {
            QCOMPARE(f.weight[k], 0.25f);
            sum += f.weight[k];
            QVERIFY(f.texel[k][0] == 1 || f.texel[k][0] == 2);
            QVERIFY(f.texel[k][1] == 0 || f.texel[k][1] == 1);
        }
        QCOMPARE(sum, 1.0f);
        // Repeat wraps the lower neighbour of texel 0 to the last texel.
        f = footprint(sampler(true, Addressing::Repeat, Filter::Linear), 1, {4, 1, 1},
                      {0.0f, 0, 0});
        QCOMPARE(f.texel[0][0], int64_t(3));
        QCOMPARE(f.texel[1][0], int64_t(0));
        QCOMPARE(f.weight[0], 0.5f);
        // Clamp: the texel left of 0 is border.
        f = footprint(sampler(false, Addressing::Clamp, Filter::Linear), 1, {4, 1, 1},
                      {0.25f, 0, 0});
        QCOMPARE(f.texel[0][0], int64_t(-1));
        QVERIFY(f.border[0]);
        QVERIFY(!f.border[1]);
        QCOMPARE(f.weight[0], 0.25f);
    }

    void undefinedCombinations() {
        QVERIFY(
            !undefinedCombination(sampler(false, Addressing::Repeat, Filter::Nearest), false, false)
                 .empty());
        QVERIFY(
            !undefinedCombination(sampler(false, Addressing::Clamp, Filter::Linear), false, true)
                 .empty());
        QVERIFY(
            !undefinedCombination(sampler(true, Addressing::Clamp, Filter::Nearest), true, false)
                 .empty());
        QVERIFY(undefinedCombination(sampler(false, Addressing::ClampToEdge, Filter::Nearest), true,
                                     true)
                    .empty());
        QVERIFY(
            undefinedCombination(sampler(true, Addressing::Mirrored, Filter::Linear), false, false)
                .empty());
    }

    /// isUndefinedCombination (read_image*'s per-read test) agrees with
    /// undefinedCombination on every sampler and read.
    void undefinedCombinationTest() {
        for (uint32_t bits = 0; bits < 0x40; ++bits) {
            Sampler s;
            if (!Sampler::fromBits(bits, s)) continue;
            for (bool intCoords : {false, true})
                for (bool integerRead : {false, true})
                    QVERIFY2(isUndefinedCombination(s, intCoords, integerRead) ==
                                 !undefinedCombination(s, intCoords, integerRead).empty(),
                             qPrintable(QString::number(bits)));
        }
    }

    void formats() {
        QVERIFY(inMinimumList({ChannelOrder::RGBA, ChannelType::UnormInt8}));
        QVERIFY(inMinimumList({ChannelOrder::RGBA, ChannelType::Float}));
        QVERIFY(inMinimumList({ChannelOrder::BGRA, ChannelType::UnormInt8}));
        QVERIFY(!inMinimumList({ChannelOrder::BGRA, ChannelType::Float}));
        QVERIFY(!inMinimumList({ChannelOrder::R, ChannelType::Float}));
        QCOMPARE(texelBytes({ChannelOrder::RGBA, ChannelType::Float}), 16u);
        QCOMPARE(texelBytes({ChannelOrder::RG, ChannelType::HalfFloat}), 4u);
        QCOMPARE(orderFromName("rgba"), std::optional<ChannelOrder>(ChannelOrder::RGBA));
        QCOMPARE(typeFromName("CL_UNORM_INT8"), std::optional<ChannelType>(ChannelType::UnormInt8));
        QVERIFY(!typeFromName("UNORM_INT24").has_value());
    }

    void decodeAndEncode() {
        const uint8_t rgba[4] = {255, 0, 128, 255};
        Texel t = decode({ChannelOrder::RGBA, ChannelType::UnormInt8}, rgba);
        QCOMPARE(t.f[0], 1.0f);
        QCOMPARE(t.f[2], 128.0f / 255.0f);
        const uint8_t bgra[4] = {10, 20, 30, 40};
        t = decode({ChannelOrder::BGRA, ChannelType::UnormInt8}, bgra);
        QCOMPARE(t.f[0], 30.0f / 255.0f);
        QCOMPARE(t.f[2], 10.0f / 255.0f);
        QCOMPARE(t.f[3], 40.0f / 255.0f);
        const float red = 2.5f;
        t = decode({ChannelOrder::R, ChannelType::Float}, reinterpret_cast<const uint8_t*>(&red));
        QCOMPARE(t.f, (std::array<float, 4>{2.5f, 0, 0, 1}));
        const int8_t s[4] = {-128, 127, 0, 1};
        t = decode({ChannelOrder::RGBA, ChannelType::SnormInt8},
                   reinterpret_cast<const uint8_t*>(s));
        QCOMPARE(t.f[0], -1.0f); // max(-1, -128/127)
        QCOMPARE(t.f[1], 1.0f);
        const uint8_t ints[4] = {200, 1, 2, 3};
        t = decode({ChannelOrder::RGBA, ChannelType::SignedInt8}, ints);
        QCOMPARE(t.i[0], -56);

        uint8_t out[4] = {};
        Texel w;
        w.f = {0.5f, 1.5f, -0.2f, 1.0f / 255.0f};
        encode({ChannelOrder::RGBA, ChannelType::UnormInt8}, w, out);
        QCOMPARE(int(out[0]), 128); // 127.5 rounds to even
        QCOMPARE(int(out[1]), 255); // saturated
        QCOMPARE(int(out[2]), 0);
        QCOMPARE(int(out[3]), 1);
        w.i = {300, -5, 7, 0};
        encode({ChannelOrder::RGBA, ChannelType::UnsignedInt8}, w, out);
        QCOMPARE(int(out[0]), 255);
        QCOMPARE(int(out[1]), 255); // -5 is a huge uint: saturated
        QCOMPARE(int(out[2]), 7);
    }

    /// floorToInt (8.2's i = floor(u)) is std::floor's value where that is an int64_t, with
    /// and without its small-value shortcut, and saturates beyond (1e30 is past the last
    /// texel, not INT64_MIN).
    void floorToIntValues() {
        for (int i = -12; i <= 12; ++i)
            for (float f : {0.0f, 0.25f, 0.5f, 0.75f, 0.999f}) {
                const float v = float(i) + f;
                QCOMPARE(floorToInt(v), int64_t(std::floor(v)));
                QCOMPARE(floorToInt(-v), int64_t(std::floor(-v)));
            }
        QCOMPARE(floorToInt(-0.0f), int64_t(0));
        QCOMPARE(floorToInt(-1e-30f), int64_t(-1));
        for (float v : {8388607.5f, -8388607.5f, 8388608.0f, -8388608.0f, 8388609.0f, -8388609.0f,
                        16777218.0f, -3e9f, 3e9f, 1e18f, -1e18f})
            QCOMPARE(floorToInt(v), int64_t(std::floor(v)));
        QCOMPARE(floorToInt(-0x1p63f), INT64_MIN);
        QCOMPARE(floorToInt(1e30f), INT64_MAX);
        QCOMPARE(floorToInt(0x1p63f), INT64_MAX);
        QCOMPARE(floorToInt(-1e30f), INT64_MIN);
        QCOMPARE(floorToInt(std::numeric_limits<float>::infinity()), INT64_MAX);
        QCOMPARE(floorToInt(-std::numeric_limits<float>::infinity()), INT64_MIN);
        QCOMPARE(floorToInt(std::numeric_limits<float>::quiet_NaN()), INT64_MIN);
    }

    /// nearest() (read_image*'s fast path) gives footprint()'s texel, border and outside for
    /// every nearest sampler with defined coordinates, in 1 to 3 dimensions.
    void nearestMatchesFootprint() {
        const Addressing modes[] = {Addressing::None, Addressing::ClampToEdge, Addressing::Clamp,
                                    Addressing::Repeat, Addressing::Mirrored};
        const float coords[] = {-1e30f, -9e6f, -5.0f, -1.0f, -0.5f, -0.0f, 0.0f, 0.2f, 0.5f,
                                0.99f,  1.0f,  1.5f,  3.0f,  3.75f, 4.0f,  6.5f, 9e6f, 1e30f};
        for (bool normalized : {false, true})
            for (Addressing a : modes) {
                const bool repeat = a == Addressing::Repeat || a == Addressing::Mirrored;
                if (repeat && !normalized) continue; // undefined (6.12.14.1)
                const Sampler s = sampler(normalized, a, Filter::Nearest);
                for (int64_t size : {1, 4, 7})
                    for (unsigned dims = 1; dims <= 3; ++dims)
                        for (float x : coords)
                            for (float y : {0.25f, -2.0f, 5.5f}) {
                                const std::array<int64_t, 3> sz{size, size + 1, 2};
                                const std::array<float, 3> c{x, y, 1.0f - x};
                                const NearestTexel n = nearest(s, dims, sz, c);
                                const Footprint f = footprint(s, dims, sz, c);
                                const QByteArray where =
                                    QByteArray::number(x) + " dims " + QByteArray::number(dims);
                                QVERIFY2(n.texel == f.texel[0], where);
                                QVERIFY2(n.border == f.border[0], where);
                                QVERIFY2(n.outside == f.outside, where);
                            }
            }
    }

    /// The CL_RGBA/CL_UNORM_INT8 shortcuts of decode/encode and the kUnorm8ToFloat table give
    /// the general path's values (checked through CL_BGRA, which takes the general path).
    void rgbaUnorm8Shortcuts() {
        for (unsigned v = 0; v < 256; ++v) {
            volatile float byte = float(v); // divided at run time, not folded
            QCOMPARE(kUnorm8ToFloat[v], byte / 255.0f);
        }
        const Format bgra{ChannelOrder::BGRA, ChannelType::UnormInt8};
        for (unsigned v = 0; v < 256; v += 3) {
            const uint8_t rgba[4] = {uint8_t(v), uint8_t(255 - v), uint8_t(v / 2),
                                     uint8_t(v ^ 0x5a)};
            const uint8_t asBgra[4] = {rgba[2], rgba[1], rgba[0], rgba[3]};
            const Texel a = decode(kRgbaUnorm8, rgba), b = decode(bgra, asBgra);
            QCOMPARE(a.f, b.f);
            QCOMPARE(a.i, b.i);
            Texel w;
            w.f = {float(v) / 255.0f, float(v) * 0.0137f - 1.0f, 0.5f + float(v), -float(v)};
            uint8_t e1[4], e2[4];
            encode(kRgbaUnorm8, w, e1);
            encode(bgra, w, e2);
            QCOMPARE(int(e1[0]), int(e2[2]));
            QCOMPARE(int(e1[1]), int(e2[1]));
            QCOMPARE(int(e1[2]), int(e2[0]));
            QCOMPARE(int(e1[3]), int(e2[3]));
        }
    }

    /// ImageObject: tight pitches, texel offsets per image type, ranges and limits.
    void imageObjectLayout() {
        using namespace clstep::image;
        Format rgba8{ChannelOrder::RGBA, ChannelType::UnormInt8};
        Object o = Object::make(Dim::Image2D, rgba8, 5, 3);
        QCOMPARE(o.rowPitch, uint64_t(20));
        QCOMPARE(o.slicePitch, uint64_t(60));
        QCOMPARE(o.byteSize(), uint64_t(60));
        QCOMPARE(o.texelOffset(4, 2, 0), uint64_t(4 * 4 + 2 * 20));
        QVERIFY(o.contains(4, 2, 0));
        QVERIFY(!o.contains(5, 0, 0));
        QVERIFY(!o.contains(0, 3, 0));
        QVERIFY(!o.contains(-1, 0, 0));
        QVERIFY(o.validate().empty());

        Format f32{ChannelOrder::R, ChannelType::Float};
        Object a = Object::make(Dim::Image1DArray, f32, 7, 1, 1, 3); // 3 layers as rows
        QCOMPARE(a.height, uint64_t(3));
        QCOMPARE(a.byteSize(), uint64_t(7 * 4 * 3));
        QCOMPARE(a.texelOffset(1, 2, 0), uint64_t(4 + 2 * 28));
        Object v = Object::make(Dim::Image3D, f32, 2, 3, 4);
        QCOMPARE(v.slices(), uint64_t(4));
        QCOMPARE(v.byteSize(), uint64_t(2 * 3 * 4 * 4));
        QVERIFY(!v.contains(0, 0, 4));
        Object l = Object::make(Dim::Image2DArray, f32, 2, 2, 1, 5);
        QCOMPARE(l.slices(), uint64_t(5));
        QCOMPARE(l.depth, uint64_t(1));

        QVERIFY(!Object::make(Dim::Image2D, rgba8, 0, 4).validate().empty());
        QVERIFY(!Object::make(Dim::Image2D, rgba8, 8193, 4).validate().empty());
        QVERIFY(!Object::make(Dim::Image3D, rgba8, 4, 4, 2049).validate().empty());
        QVERIFY(Object::make(Dim::Image1DArray, rgba8, 4, 1, 1, 2048).validate().empty());
        QVERIFY(!Object::make(Dim::Image1DArray, rgba8, 4, 1, 1, 2049).validate().empty());
        QCOMPARE(dimFromTypeName("image2d_array_t"), std::optional<Dim>(Dim::Image2DArray));
        QVERIFY(!dimFromTypeName("sampler_t"));
    }
};

QTEST_GUILESS_MAIN(TestImageSampler)
#include "tst_imagesampler.moc"
