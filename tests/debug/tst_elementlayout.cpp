// debug::ElementLayout from real programs: natural, aligned(16) and packed records (the
// struct_layouts sample), nested records and arrays, and the element types the Session
// attaches to memory regions (.sim type first, else the parameter's pointee type).
#include "debug/Session.h"

#include <QtTest>

#include <fstream>

using namespace clstep;
using namespace clstep::debug;

namespace {
const std::string kSamples = CLSTEP_SOURCE_DIR "/samples/";

const MemoryRegion* regionNamed(const std::vector<MemoryRegion>& regions, const std::string& name) {
    for (const MemoryRegion& r : regions)
        if (r.name == name) return &r;
    return nullptr;
}

/// "name@offset+size" per row, padding as "pad@offset+size".
std::string rows(const ElementLayout& l) {
    std::string out;
    for (const LayoutField& f : l.fields)
        out += (out.empty() ? "" : " ") + (f.padding ? std::string("pad") : f.name) + "@" +
               std::to_string(f.offset) + "+" + std::to_string(f.size);
    return out;
}
} // namespace

class TestElementLayout : public QObject {
    Q_OBJECT
private slots:
    void naturalAlignedAndPacked() {
        Session s;
        QVERIFY(s.loadSim(kSamples + "struct_layouts.sim"));
        QVERIFY(s.reset()); // before the first step the types are known
        const Snapshot snap = s.snapshot();
        const MemoryRegion* natural = regionNamed(snap.memory[AddressSpace::Global], "natural");
        const MemoryRegion* aligned = regionNamed(snap.memory[AddressSpace::Global], "aligned16");
        const MemoryRegion* packed = regionNamed(snap.memory[AddressSpace::Global], "packed");
        const MemoryRegion* sizes = regionNamed(snap.memory[AddressSpace::Global], "sizes");
        QVERIFY(natural && aligned && packed && sizes);
        QVERIFY(natural->element && aligned->element && packed->element && sizes->element);

        const ElementLayout& n = *natural->element;
        QVERIFY(n.record);
        QCOMPARE(n.typeName, std::string("Natural"));
        QCOMPARE(n.size, uint64_t(12));
        QCOMPARE(rows(n), std::string("tag@0+1 pad@1+3 value@4+4 count@8+2 pad@10+2"));
        QCOMPARE(n.fields[1].note, std::string("natural alignment of int (4 bytes)"));
        QVERIFY(n.fields[4].note.find("tail, natural alignment") == 0);
        QCOMPARE(n.fields[2].type, std::string("int"));
        QCOMPARE(n.fields[2].scalar, std::string("int"));

        const ElementLayout& a = *aligned->element;
        QCOMPARE(a.size, uint64_t(16));
        QCOMPARE(a.align, uint64_t(16));
        QCOMPARE(rows(a), std::string("tag@0+1 pad@1+3 value@4+4 count@8+2 pad@10+2 pad@12+4"));
        QCOMPARE(a.fields[5].note, std::string("tail, from aligned(16)"));

        const ElementLayout& p = *packed->element;
        QVERIFY(p.packed);
        QCOMPARE(p.size, uint64_t(7));
        QCOMPARE(rows(p), std::string("tag@0+1 value@1+4 count@5+2"));
        QVERIFY(p.fields[1].note.find("packed: offset 1") == 0);
        QVERIFY(p.fields[0].note.empty());

        // the .sim says uint: a scalar element
        QVERIFY(!sizes->element->record);
        QCOMPARE(sizes->element->typeName, std::string("uint"));
    }

    void nestedRecordsArraysAndUnions() {
        QTemporaryDir dir;
        const std::string base = dir.path().toStdString() + "/n";
        std::ofstream(base + ".cl")
            << "typedef struct { float2 p; char c[3]; } Inner;\n"
               "typedef union { int i; float f; char b[8]; } U;\n"
               "typedef struct { Inner in; double d; U u; } Outer;\n"
               "__kernel void k(__global Outer *o, __global U *u) { o[0].d = 1.0; u[0].i = 1; }\n";
        std::ofstream(base + ".sim") << "n.cl\nk\n1 1 1\n1 1 1\n<size=40 uchar fill=0>\n"
                                        "<size=8 char fill=0>\n";
        Session s;
        QVERIFY2(s.loadSim(base + ".sim"), s.lastError().c_str());
        QVERIFY(s.reset());
        const Snapshot snap = s.snapshot();
        const MemoryRegion* o = regionNamed(snap.memory[AddressSpace::Global], "o");
        QVERIFY(o && o->element);
        QCOMPARE(o->element->size, uint64_t(32));
        QCOMPARE(rows(*o->element), std::string("in.p@0+8 in.c[0]@8+1 in.c[1]@9+1 in.c[2]@10+1 "
                                                "pad@11+5 d@16+8 u.i@24+4 u.f@24+4 "
                                                "u.b[0]@24+1 u.b[1]@25+1 u.b[2]@26+1 "
                                                "u.b[3]@27+1 u.b[4]@28+1 u.b[5]@29+1 "
                                                "u.b[6]@30+1 u.b[7]@31+1"));
        QCOMPARE(o->element->fields[0].scalar, std::string("float"));
        QCOMPARE(o->element->fields[0].components, 2u);
        const MemoryRegion* u = regionNamed(snap.memory[AddressSpace::Global], "u");
        QVERIFY(u && u->element && u->element->record); // "char" in the .sim: only bytes
    }
};

QTEST_GUILESS_MAIN(TestElementLayout)
#include "tst_elementlayout.moc"
