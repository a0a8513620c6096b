// ObjectMacros: the object-like macros debugger expressions may use, expanded with a map back
// to the columns of the text as typed.
#include "debug/ObjectMacros.h"
#include "frontend/Program.h"

#include <QtTest>

#include <algorithm>

using namespace clstep;
using namespace clstep::debug;

class TestObjectMacros : public QObject {
    Q_OBJECT
private slots:
    void collectsDefinesOfTheMainFile() {
        CompileOptions o;
        o.defines = {"FROM_CMDLINE=7", "FLAG"};
        auto p = Program::fromSource("m.cl",
                                     "#define N 16 // size\n"
                                     "#  define HALF (N / 2) /* half */\n"
                                     "#define SQR(x) ((x) * (x))\n"
                                     "#define GONE 1\n"
                                     "#undef GONE\n"
                                     "#define LONG 1 + \\\n   2\n"
                                     "__kernel void k(__global int *a) { a[0] = N + HALF; }\n",
                                     o);
        ObjectMacros m = ObjectMacros::fromProgram(*p);
        std::vector<uint32_t> cols;
        QCOMPARE(m.expand("HALF + N", cols), std::string("(16 / 2) + 16"));
        QCOMPARE(cols.size(), std::string("(16 / 2) + 16").size());
        QCOMPARE(cols.front(), 1u);
        QCOMPARE(cols.back(), 8u); // from N at column 8
        QCOMPARE(m.expand("SQR(2) + GONE", cols), std::string("SQR(2) + GONE"));
        std::string joined = m.expand("LONG", cols); // continuation lines join
        joined.erase(std::remove(joined.begin(), joined.end(), ' '), joined.end());
        QCOMPARE(joined, std::string("1+2"));
        QCOMPARE(m.expand("FROM_CMDLINE + FLAG", cols), std::string("7 + 1"));
        QCOMPARE(m.expand("s.N + p->N + \"N\" + NN + N_", cols),
                 std::string("s.N + p->N + \"N\" + NN + N_"));
    }

    void selfReferenceStops() {
        ObjectMacros m;
        m.define("A", "A + B");
        m.define("B", "A * 2");
        std::vector<uint32_t> cols;
        QCOMPARE(m.expand("A", cols), std::string("A + A * 2"));
        QCOMPARE(m.expand("x", cols), std::string("x"));
        QCOMPARE(cols, std::vector<uint32_t>{1});
    }
};

QTEST_APPLESS_MAIN(TestObjectMacros)
#include "tst_objectmacros.moc"
