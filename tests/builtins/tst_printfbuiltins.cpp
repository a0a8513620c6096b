// printf (OpenCL C 1.2 spec 6.12.13).

#include "builtins/MemoryTestEnv.h"

#include <QtTest>

using namespace clstep;
using namespace clstep::test;

class TestPrintfBuiltins : public QObject {
    Q_OBJECT

private:
    TypeContext m_types;
    MemoryTestEnv m_env;

    /// A `__constant char *` pointing to a new copy of `text`.
    Arg str(const std::string& text) {
        return ptrArg(m_types, m_types.scalar(TypeKind::Char), AddressSpace::Constant,
                      m_env.allocateString(AddressSpace::Constant, text), true);
    }
    Arg i(TypeKind k, int64_t v) { return intArg(m_types, k, v); }
    Arg f(float v) { return Arg{QualType{m_types.scalar(TypeKind::Float)}, Value::ofFloat(v)}; }
    Arg d(double v) { return Arg{QualType{m_types.scalar(TypeKind::Double)}, Value::ofDouble(v)}; }
    Arg vec(TypeKind k, std::vector<int64_t> components) {
        Arg a{QualType{m_types.vector(m_types.scalar(k), static_cast<uint32_t>(components.size()))},
              Value()};
        for (size_t n = 0; n < components.size(); ++n) {
            if (k == TypeKind::Float)
                a.value.components[n].f = static_cast<float>(components[n]);
            else
                a.value.components[n] = component::normalize(Component{components[n]}, k);
        }
        return a;
    }

    /// printf(format, args...): the output, or "<-1>" when printf returned -1.
    std::string print(const std::string& format, std::vector<Arg> args = {}) {
        m_env.clearLog();
        args.insert(args.begin(), str(format));
        CallResult r = callBuiltin(m_types, m_env, "printf", args);
        if (!r.resolved) return "<unresolved>";
        if (r.value.components[0].i == -1) return "<-1>";
        return r.value.components[0].i == 0 ? m_env.log().output : "<bad return>";
    }

private slots:
    void integers() {
        QCOMPARE(print("%d %i %u\n",
                       {i(TypeKind::Int, -42), i(TypeKind::Int, 7), i(TypeKind::UInt, 4000000000)}),
                 std::string("-42 7 4000000000\n"));
        QCOMPARE(print("%x %X %o %#x", {i(TypeKind::Int, 255), i(TypeKind::Int, 255),
                                        i(TypeKind::Int, 8), i(TypeKind::Int, 255)}),
                 std::string("ff FF 10 0xff"));
        QCOMPARE(print("[%5d|%-5d|%05d|%+d|% d]",
                       {i(TypeKind::Int, 42), i(TypeKind::Int, 42), i(TypeKind::Int, 42),
                        i(TypeKind::Int, 42), i(TypeKind::Int, 42)}),
                 std::string("[   42|42   |00042|+42| 42]"));
        QCOMPARE(print("%ld %lu %lx", {i(TypeKind::Long, -5000000000), i(TypeKind::ULong, -1),
                                       i(TypeKind::Long, 1LL << 40)}),
                 std::string("-5000000000 18446744073709551615 10000000000"));
        QCOMPARE(print("%hhd %hd %hhu",
                       {i(TypeKind::Int, 300), i(TypeKind::Int, 70000), i(TypeKind::Int, -1)}),
                 std::string("44 4464 255"));
        QCOMPARE(
            print("%.3d|%*d|%-*d|", {i(TypeKind::Int, 5), i(TypeKind::Int, 4), i(TypeKind::Int, 7),
                                     i(TypeKind::Int, 3), i(TypeKind::Int, 1)}),
            std::string("005|   7|1  |"));
        // char and short arguments are promoted to int (default argument promotions).
        QCOMPARE(print("%c%c%d",
                       {i(TypeKind::Char, 'o'), i(TypeKind::UChar, 'k'), i(TypeKind::Short, -3)}),
                 std::string("ok-3"));
    }

    void floats() {
        QCOMPARE(print("%5.2f|", {f(3.14159f)}), std::string(" 3.14|"));
        QCOMPARE(print("%f %e %E", {d(1.5), d(12345.678), d(0.00025)}),
                 std::string("1.500000 1.234568e+04 2.500000E-04"));
        QCOMPARE(print("%g %G %g", {d(0.0001), d(1e20), d(100.0)}),
                 std::string("0.0001 1E+20 100"));
        QCOMPARE(print("%a %A", {d(1.0), d(-0.5)}), std::string("0x1p+0 -0X1P-1"));
        QCOMPARE(print("%F %f", {d(INFINITY), f(-INFINITY)}), std::string("INF -inf"));
        QCOMPARE(print("%-8.3f|%+.1e", {d(2.5), f(-1.0f)}), std::string("2.500   |-1.0e+00"));
    }

    void resolvePromotesArguments() {
        CallResult r = callBuiltin(
            m_types, m_env, "printf",
            {str("%f %d %v2d"), f(1.0f), i(TypeKind::Short, 2), vec(TypeKind::Int, {1, 2})});
        QVERIFY(r.resolved);
        QCOMPARE(r.type->canonical()->kind, TypeKind::Int);
        QVERIFY(!callBuiltin(m_types, m_env, "printf", {}).resolved);
        QVERIFY(!callBuiltin(m_types, m_env, "printf", {i(TypeKind::Int, 0)}).resolved);
        uint64_t g = m_env.allocateString(AddressSpace::Global, "x");
        QVERIFY(
            !callBuiltin(m_types, m_env, "printf",
                         {ptrArg(m_types, m_types.scalar(TypeKind::Char), AddressSpace::Global, g)})
                 .resolved);
    }

    void stringsCharsPointersPercent() {
        QCOMPARE(print("%s, %s!", {str("hello"), str("world")}), std::string("hello, world!"));
        QCOMPARE(print("[%8s|%-6s|%.2s]", {str("right"), str("left"), str("cut")}),
                 std::string("[   right|left  |cu]"));
        QCOMPARE(print("100%% %c", {i(TypeKind::Int, 'A')}), std::string("100% A"));
        uint64_t g = m_env.allocate(AddressSpace::Global, 4);
        Arg p = ptrArg(m_types, m_types.scalar(TypeKind::Int), AddressSpace::Global, g);
        QCOMPARE(print("%p", {p}), "0x" + QByteArray::number(qulonglong(g), 16).toStdString());
        QCOMPARE(
            print("%p", {ptrArg(m_types, m_types.scalar(TypeKind::Int), AddressSpace::Global, 0)}),
            std::string("0x0"));
        QCOMPARE(print("no conversions"), std::string("no conversions"));
        // Extra arguments are evaluated but ignored (spec 6.12.13.2).
        QCOMPARE(print("%d", {i(TypeKind::Int, 1), i(TypeKind::Int, 2)}), std::string("1"));
    }

    /// The vector specifier prints every element with the conversion, joined by ','.
    void vectors() {
        Arg f4{QualType{m_types.vector(m_types.scalar(TypeKind::Float), 4)}, Value()};
        for (int n = 0; n < 4; ++n)
            f4.value.components[n].f = n + 1.0f;
        QCOMPARE(print("%v4f", {f4}), std::string("1.000000,2.000000,3.000000,4.000000"));
        QCOMPARE(print("f4 = %2.2v4hlf\n", {f4}), std::string("f4 = 1.00,2.00,3.00,4.00\n"));
        QCOMPARE(print("%v2hld", {vec(TypeKind::Int, {-1, 5})}), std::string("-1,5"));
        QCOMPARE(print("%#v4hhx", {vec(TypeKind::UChar, {0xFA, 0xFB, 0xFC, 0xFD})}),
                 std::string("0xfa,0xfb,0xfc,0xfd"));
        QCOMPARE(print("%v8hhx", {vec(TypeKind::Char, {-1, 0, 1, 2, 3, 4, 5, 16})}),
                 std::string("ff,0,1,2,3,4,5,10"));
        QCOMPARE(print("%v3hd", {vec(TypeKind::Short, {-7, 0, 7})}), std::string("-7,0,7"));
        QCOMPARE(print("%+v2ld", {vec(TypeKind::Long, {600000000000, -600000000000})}),
                 std::string("+600000000000,-600000000000"));
        QCOMPARE(print("%v16d", {vec(TypeKind::Int,
                                     {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15})}),
                 std::string("0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15"));
    }

    /// Bad formats and argument mismatches return -1, print nothing and are reported.
    void errorsReturnMinusOne() {
        QCOMPARE(print("%d %d", {i(TypeKind::Int, 1)}), std::string("<-1>"));
        QCOMPARE(m_env.log().output, std::string());
        QCOMPARE(m_env.log().errors.size(), size_t(1));
        QVERIFY(QString::fromStdString(m_env.log().errors[0]).startsWith("printf-format"));
        QCOMPARE(print("%v4f", {vec(TypeKind::Float, {1, 2})}), std::string("<-1>"));
        QCOMPARE(print("%d", {vec(TypeKind::Int, {1, 2})}), std::string("<-1>"));
        QCOMPARE(print("%v4d", {i(TypeKind::Int, 1)}), std::string("<-1>"));
        QCOMPARE(print("%hlf", {f(1.0f)}), std::string("<-1>"));
        QCOMPARE(print("%v5d", {vec(TypeKind::Int, {1, 2, 3, 4})}), std::string("<-1>"));
        QCOMPARE(print("%v4s", {vec(TypeKind::Int, {1, 2, 3, 4})}), std::string("<-1>"));
        QCOMPARE(print("%s", {i(TypeKind::Int, 1)}), std::string("<-1>"));
        QCOMPARE(print("%q"), std::string("<-1>"));
        QCOMPARE(print("trailing %"), std::string("<-1>"));
    }
};

QTEST_APPLESS_MAIN(TestPrintfBuiltins)
#include "tst_printfbuiltins.moc"
