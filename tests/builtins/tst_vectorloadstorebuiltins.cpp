// Vector data load and store functions (OpenCL C 1.2 spec 6.12.7).

#include "builtins/MemoryTestEnv.h"

#include <QtTest>

#include <cmath>

using namespace clstep;
using namespace clstep::test;

namespace {
const uint32_t kWidths[] = {2, 3, 4, 8, 16};
}

class TestVectorLoadStoreBuiltins : public QObject {
    Q_OBJECT

private:
    TypeContext m_types;
    MemoryTestEnv m_env;

    const Type* scalar(TypeKind k) { return m_types.scalar(k); }
    Arg size(uint64_t v) { return intArg(m_types, TypeKind::ULong, static_cast<int64_t>(v)); }
    Arg vec(TypeKind k, uint32_t n, std::vector<double> components) {
        Arg a{QualType{n == 1 ? scalar(k) : m_types.vector(scalar(k), n)}, Value()};
        for (size_t i = 0; i < components.size(); ++i) {
            if (k == TypeKind::Float)
                a.value.components[i].f = static_cast<float>(components[i]);
            else if (k == TypeKind::Double)
                a.value.components[i].d = components[i];
            else
                a.value.components[i].i = static_cast<int64_t>(components[i]);
        }
        return a;
    }

    /// vstore_half<suffix>(value, 0, p) and returns the stored 16-bit pattern.
    uint16_t storeHalf(const char* name, double v, bool asDouble = false) {
        uint64_t p = m_env.allocate(AddressSpace::Global, 2);
        CallResult r =
            callBuiltin(m_types, m_env, name,
                        {vec(asDouble ? TypeKind::Double : TypeKind::Float, 1, {v}), size(0),
                         ptrArg(m_types, scalar(TypeKind::Half), AddressSpace::Global, p)});
        if (!r.resolved) return 0xdead;
        return m_env.get<uint16_t>(p);
    }

private slots:
    void init() { m_env.clearLog(); }

    /// vloadn reads n elements from p + offset * n, one checked element access each.
    void vloadEveryWidth() {
        uint64_t p = m_env.allocate(AddressSpace::Global, 100 * 4);
        for (int i = 0; i < 100; ++i)
            m_env.put<int32_t>(p + 4 * i, i * 10 - 7);
        for (uint32_t n : kWidths) {
            m_env.clearLog();
            const std::string name = "vload" + std::to_string(n);
            CallResult r = callBuiltin(
                m_types, m_env, name,
                {size(2), ptrArg(m_types, scalar(TypeKind::Int), AddressSpace::Global, p, true)});
            QVERIFY2(r.resolved, name.c_str());
            QCOMPARE(r.type->canonical(), m_types.vector(scalar(TypeKind::Int), n));
            for (uint32_t k = 0; k < n; ++k)
                QCOMPARE(r.value.components[k].i, int64_t((2 * n + k) * 10 - 7));
            QCOMPARE(m_env.log().accesses.size(), size_t(n));
            QCOMPARE(m_env.log().accesses[0].address, p + 4 * 2 * n);
            QCOMPARE(m_env.log().accesses[0].bytes, uint64_t(4));
            QVERIFY(m_env.log().errors.empty());
        }
    }

    void vloadElementTypesAndSpaces() {
        uint64_t c = m_env.allocate(AddressSpace::Constant, 64);
        for (int i = 0; i < 8; ++i)
            m_env.put<double>(c + 8 * i, i + 0.5);
        CallResult d = callBuiltin(
            m_types, m_env, "vload3",
            {size(1), ptrArg(m_types, scalar(TypeKind::Double), AddressSpace::Constant, c, true)});
        QVERIFY(d.resolved);
        QCOMPARE(d.value.components[0].d, 3.5);
        QCOMPARE(d.value.components[2].d, 5.5);
        uint64_t l = m_env.allocate(AddressSpace::Local, 16);
        for (int i = 0; i < 16; ++i)
            m_env.put<uint8_t>(l + i, static_cast<uint8_t>(0xF0 + i));
        CallResult ch =
            callBuiltin(m_types, m_env, "vload4",
                        {intArg(m_types, TypeKind::Int, 1),
                         ptrArg(m_types, scalar(TypeKind::Char), AddressSpace::Local, l)});
        QVERIFY(ch.resolved);
        QCOMPARE(ch.value.components[0].i, int64_t(int8_t(0xF4))); // sign-extended char
        QCOMPARE(ch.value.components[3].i, int64_t(int8_t(0xF7)));
        // Out of bounds elements are reported by the environment, per element.
        m_env.clearLog();
        callBuiltin(m_types, m_env, "vload16",
                    {size(0), ptrArg(m_types, scalar(TypeKind::Char), AddressSpace::Local, l + 8)});
        QCOMPARE(m_env.log().errors.size(), size_t(8));
    }

    void vstoreEveryWidth() {
        for (uint32_t n : kWidths) {
            uint64_t p = m_env.allocate(AddressSpace::Local, 64 * 4);
            std::vector<double> components;
            for (uint32_t k = 0; k < n; ++k)
                components.push_back(k + 0.25);
            const std::string name = "vstore" + std::to_string(n);
            CallResult r =
                callBuiltin(m_types, m_env, name,
                            {vec(TypeKind::Float, n, components), size(1),
                             ptrArg(m_types, scalar(TypeKind::Float), AddressSpace::Local, p)});
            QVERIFY2(r.resolved, name.c_str());
            QVERIFY(r.type->isVoid());
            for (uint32_t k = 0; k < n; ++k)
                QCOMPARE(m_env.get<float>(p + 4 * (n + k)), k + 0.25f);
            QCOMPARE(m_env.get<float>(p + 4 * (n - 1)), 0.0f); // before p + n
            QCOMPARE(m_env.get<float>(p + 4 * (2 * n)), 0.0f); // vstore3 writes 3, not 4
        }
    }

    void vstoreRejects() {
        uint64_t p = m_env.allocate(AddressSpace::Global, 64);
        Arg data = vec(TypeKind::Int, 4, {1, 2, 3, 4});
        QVERIFY(!callBuiltin(m_types, m_env, "vstore4",
                             {data, size(0),
                              ptrArg(m_types, scalar(TypeKind::Int), AddressSpace::Constant, p)})
                     .resolved);
        QVERIFY(
            !callBuiltin(m_types, m_env, "vstore4",
                         {data, size(0),
                          ptrArg(m_types, scalar(TypeKind::Int), AddressSpace::Global, p, true)})
                 .resolved);
        QVERIFY(!callBuiltin(m_types, m_env, "vstore4",
                             {data, size(0),
                              ptrArg(m_types, scalar(TypeKind::Float), AddressSpace::Global, p)})
                     .resolved);
        QVERIFY(!callBuiltin(m_types, m_env, "vstore2",
                             {data, size(0),
                              ptrArg(m_types, scalar(TypeKind::Int), AddressSpace::Global, p)})
                     .resolved);
        QVERIFY(callBuiltin(m_types, m_env, "vstore4",
                            {data, size(0),
                             ptrArg(m_types, scalar(TypeKind::Int), AddressSpace::Private,
                                    m_env.allocate(AddressSpace::Private, 16))})
                    .resolved);
    }

    /// vload_half widens exactly: normals, subnormals, infinities, NaN.
    void vloadHalf() {
        const uint16_t bits[] = {0x3c00, 0x0001, 0x7bff, 0xfc00, 0x7e00, 0x8400, 0x3555, 0};
        uint64_t p = m_env.allocate(AddressSpace::Global, sizeof bits);
        for (int i = 0; i < 8; ++i)
            m_env.put<uint16_t>(p + 2 * i, bits[i]);
        Arg ptr = ptrArg(m_types, scalar(TypeKind::Half), AddressSpace::Global, p, true);
        CallResult r = callBuiltin(m_types, m_env, "vload_half8", {size(0), ptr});
        QVERIFY(r.resolved);
        QCOMPARE(r.type->canonical(), m_types.vector(scalar(TypeKind::Float), 8));
        QCOMPARE(r.value.components[0].f, 1.0f);
        QCOMPARE(r.value.components[1].f, std::ldexp(1.0f, -24));
        QCOMPARE(r.value.components[2].f, 65504.0f);
        QVERIFY(std::isinf(r.value.components[3].f) && r.value.components[3].f < 0);
        QVERIFY(std::isnan(r.value.components[4].f));
        QCOMPARE(r.value.components[5].f, -std::ldexp(1.0f, -14));
        QCOMPARE(r.value.components[6].f, 0.333251953125f);
        CallResult s = callBuiltin(m_types, m_env, "vload_half", {size(2), ptr});
        QVERIFY(s.resolved);
        QCOMPARE(s.type->canonical(), scalar(TypeKind::Float));
        QCOMPARE(s.value.components[0].f, 65504.0f);
        // vload_half3 reads from p + offset * 3, vloada_half3 from p + offset * 4.
        CallResult v3 = callBuiltin(m_types, m_env, "vload_half3", {size(1), ptr});
        QCOMPARE(v3.value.components[0].f, -INFINITY);
        CallResult a3 = callBuiltin(m_types, m_env, "vloada_half3", {size(1), ptr});
        QVERIFY(std::isnan(a3.value.components[0].f));
        QCOMPARE(a3.value.components[2].f, 0.333251953125f);
        QVERIFY(!callBuiltin(
                     m_types, m_env, "vload_half",
                     {size(0), ptrArg(m_types, scalar(TypeKind::Float), AddressSpace::Global, p)})
                     .resolved);
    }

    /// 1 + 2^-11 lies halfway between 1.0 (0x3c00) and 1.0009765625 (0x3c01).
    void vstoreHalfRoundingModesOnTies() {
        const double tie = 1.00048828125;
        QCOMPARE(storeHalf("vstore_half", 1.0009765625), uint16_t(0x3c01)); // exact
        QCOMPARE(storeHalf("vstore_half", tie), uint16_t(0x3c00));          // to even
        QCOMPARE(storeHalf("vstore_half_rte", tie), uint16_t(0x3c00));
        QCOMPARE(storeHalf("vstore_half_rtz", tie), uint16_t(0x3c00));
        QCOMPARE(storeHalf("vstore_half_rtp", tie), uint16_t(0x3c01));
        QCOMPARE(storeHalf("vstore_half_rtn", tie), uint16_t(0x3c00));
        QCOMPARE(storeHalf("vstore_half_rte", -tie), uint16_t(0xbc00));
        QCOMPARE(storeHalf("vstore_half_rtp", -tie), uint16_t(0xbc00));
        QCOMPARE(storeHalf("vstore_half_rtn", -tie), uint16_t(0xbc01));
        // The next tie, 1.0009765625 + 2^-11, rounds to the even 0x3c02.
        QCOMPARE(storeHalf("vstore_half_rte", 1.00146484375), uint16_t(0x3c02));
        QCOMPARE(storeHalf("vstore_half_rtz", 1.00146484375), uint16_t(0x3c01));
        // Just above the tie rounds up even in rte; a double keeps the bits a float would lose.
        QCOMPARE(storeHalf("vstore_half", tie + std::ldexp(1.0, -40), true), uint16_t(0x3c01));
        QCOMPARE(storeHalf("vstore_half", tie + std::ldexp(1.0, -20)), uint16_t(0x3c01));
    }

    void vstoreHalfOverflowSubnormalsSpecials() {
        QCOMPARE(storeHalf("vstore_half", 65504.0), uint16_t(0x7bff));
        QCOMPARE(storeHalf("vstore_half_rte", 65520.0), uint16_t(0x7c00));
        QCOMPARE(storeHalf("vstore_half_rtz", 65520.0), uint16_t(0x7bff));
        QCOMPARE(storeHalf("vstore_half_rtp", 65505.0), uint16_t(0x7c00));
        QCOMPARE(storeHalf("vstore_half_rtn", 1e10), uint16_t(0x7bff));
        QCOMPARE(storeHalf("vstore_half_rtn", -65505.0), uint16_t(0xfc00));
        QCOMPARE(storeHalf("vstore_half_rtz", -1e10), uint16_t(0xfbff));
        QCOMPARE(storeHalf("vstore_half", std::ldexp(1.0, -14)), uint16_t(0x0400));
        QCOMPARE(storeHalf("vstore_half", std::ldexp(1.0, -24)), uint16_t(0x0001));
        QCOMPARE(storeHalf("vstore_half_rte", std::ldexp(1.0, -25)), uint16_t(0x0000));
        QCOMPARE(storeHalf("vstore_half_rtp", std::ldexp(1.0, -25)), uint16_t(0x0001));
        QCOMPARE(storeHalf("vstore_half_rte", 3 * std::ldexp(1.0, -25)), uint16_t(0x0002));
        QCOMPARE(storeHalf("vstore_half_rtn", -std::ldexp(1.0, -30)), uint16_t(0x8001));
        QCOMPARE(storeHalf("vstore_half_rtz", -std::ldexp(1.0, -30)), uint16_t(0x8000));
        // Largest subnormal rounding up into the smallest normal.
        QCOMPARE(storeHalf("vstore_half_rtp", std::ldexp(1023.5, -24)), uint16_t(0x0400));
        QCOMPARE(storeHalf("vstore_half", INFINITY), uint16_t(0x7c00));
        QCOMPARE(storeHalf("vstore_half_rtz", -INFINITY), uint16_t(0xfc00));
        uint16_t nan = storeHalf("vstore_half", NAN);
        QCOMPARE(nan & 0x7c00, 0x7c00);
        QVERIFY(nan & 0x03ff);
        QCOMPARE(storeHalf("vstore_half", -0.0), uint16_t(0x8000));
    }

    /// Every half value round-trips in every mode, and every midpoint between neighbouring
    /// halves rounds as its mode says (ties to even for _rte).
    void halfConversionOverAllValues() {
        using mem::HalfRounding;
        const HalfRounding modes[] = {HalfRounding::Rte, HalfRounding::Rtz, HalfRounding::Rtp,
                                      HalfRounding::Rtn};
        int failures = 0;
        for (uint32_t b = 0; b < 0x7c00; ++b) {
            for (uint16_t sign : {uint16_t(0), uint16_t(0x8000)}) {
                const uint16_t h = static_cast<uint16_t>(b | sign);
                for (HalfRounding m : modes)
                    failures += mem::halfFromDouble(mem::halfToFloat(h), m) != h;
                if (b + 1 == 0x7c00) continue;
                const uint16_t next = static_cast<uint16_t>(h + 1); // larger magnitude
                const double mid =
                    (double(mem::halfToFloat(h)) + double(mem::halfToFloat(next))) / 2;
                const uint16_t even = (h & 1) ? next : h;
                failures += mem::halfFromDouble(mid, HalfRounding::Rte) != even;
                failures += mem::halfFromDouble(mid, HalfRounding::Rtz) != h;
                failures +=
                    mem::halfFromDouble(mid, sign ? HalfRounding::Rtn : HalfRounding::Rtp) != next;
                failures +=
                    mem::halfFromDouble(mid, sign ? HalfRounding::Rtp : HalfRounding::Rtn) != h;
                failures += mem::halfFromDouble(std::nextafter(mid, sign ? -INFINITY : INFINITY),
                                                HalfRounding::Rte) != next;
            }
        }
        QCOMPARE(failures, 0);
    }

    void vstoreHalfVectorsAndAligned() {
        uint64_t p = m_env.allocate(AddressSpace::Global, 32);
        Arg ptr = ptrArg(m_types, scalar(TypeKind::Half), AddressSpace::Global, p);
        CallResult r = callBuiltin(m_types, m_env, "vstore_half3_rtp",
                                   {vec(TypeKind::Float, 3, {1.0, -2.0, 0.1}), size(1), ptr});
        QVERIFY(r.resolved);
        QCOMPARE(m_env.get<uint16_t>(p + 6), uint16_t(0x3c00));
        QCOMPARE(m_env.get<uint16_t>(p + 8), uint16_t(0xc000));
        QCOMPARE(m_env.get<uint16_t>(p + 10), uint16_t(0x2e67)); // 0.1 rounded up
        CallResult a = callBuiltin(m_types, m_env, "vstorea_half3",
                                   {vec(TypeKind::Double, 3, {0.5, 0.1, 3.0}), size(1), ptr});
        QVERIFY(a.resolved);
        QCOMPARE(m_env.get<uint16_t>(p + 8), uint16_t(0x3800));  // p + 4 halves
        QCOMPARE(m_env.get<uint16_t>(p + 10), uint16_t(0x2e66)); // 0.1 to nearest
        QCOMPARE(m_env.get<uint16_t>(p + 12), uint16_t(0x4200));
        QVERIFY(m_env.log().errors.empty());
        // vstorea_half2 needs 4-byte alignment: p + 2 bytes is reported.
        callBuiltin(m_types, m_env, "vstorea_half2",
                    {vec(TypeKind::Float, 2, {1, 1}), size(0),
                     ptrArg(m_types, scalar(TypeKind::Half), AddressSpace::Global, p + 2)});
        QCOMPARE(m_env.log().errors.size(), size_t(1));
        // Wrong widths, const and __constant destinations do not resolve.
        QVERIFY(!callBuiltin(m_types, m_env, "vstore_half4",
                             {vec(TypeKind::Float, 3, {1, 2, 3}), size(0), ptr})
                     .resolved);
        QVERIFY(!callBuiltin(m_types, m_env, "vstore_half",
                             {vec(TypeKind::Float, 2, {1, 2}), size(0), ptr})
                     .resolved);
        QVERIFY(
            !callBuiltin(m_types, m_env, "vstore_half", {vec(TypeKind::Int, 1, {1}), size(0), ptr})
                 .resolved);
        QVERIFY(!callBuiltin(m_types, m_env, "vstore_half_rtz",
                             {vec(TypeKind::Float, 1, {1}), size(0),
                              ptrArg(m_types, scalar(TypeKind::Half), AddressSpace::Constant, p)})
                     .resolved);
        QVERIFY(
            !callBuiltin(m_types, m_env, "vstorea_half16_rtn",
                         {vec(TypeKind::Float, 16, {}), size(0),
                          ptrArg(m_types, scalar(TypeKind::Half), AddressSpace::Global, p, true)})
                 .resolved);
    }
};

QTEST_APPLESS_MAIN(TestVectorLoadStoreBuiltins)
#include "tst_vectorloadstorebuiltins.moc"
