// Big launches stay bounded (issue 16 item 7): snapshots share unchanged pages
// (copy-on-write), keep the exact old bytes after later steps and after step back, the
// last-access work-item ids are full 64-bit global ids (not wrapped at 65536), and the race
// detector's shadow grows with the bytes accessed, not with the buffer.
#include "SessionFixture.h"
#include "common/SparseArray.h"
#include "debug/PagedArray.h"
#include "debug/Session.h"

#include <QtTest>

#include <cstring>

using namespace clstep;
using namespace clstep::debug;

namespace {

const MemoryRegion* regionNamed(const std::vector<MemoryRegion>& regions, const std::string& name) {
    for (const MemoryRegion& r : regions)
        if (r.name == name) return &r;
    return nullptr;
}

int32_t intAt(const MemoryRegion& r, size_t index) {
    int32_t v;
    const std::vector<uint8_t> b = r.bytes.slice(index * 4, 4);
    std::memcpy(&v, b.data(), 4);
    return v;
}

const char* kKernel = "__kernel void k(__global int *out)\n"
                      "{\n"
                      "    size_t i = get_global_id(0);\n"
                      "    out[i] = (int)i + 1;\n"
                      "    out[i] = out[i] * 2;\n"
                      "}\n";

/// `items` work-items (groups of 64), out = `items` ints of 0.
void launch(Session& s, uint64_t items) {
    QVERIFY(s.loadSource("big.cl", kKernel));
    test::selectOneOutputLaunch(s, "k", items, 64);
    QVERIFY(s.reset());
}

} // namespace

class TestBigSnapshots : public QObject {
    Q_OBJECT
private slots:
    void pagedArrayCopiesOnWrite() {
        PagedArray<uint8_t> a(3 * PagedArray<uint8_t>::kPageElements + 5, 7);
        QCOMPARE(a.page(0), PagedArray<uint8_t>::PagePtr()); // nothing allocated yet
        QCOMPARE(a[a.size() - 1], uint8_t(7));
        a[5] = 1;
        PagedArray<uint8_t> b = a;
        QVERIFY(b.sharesPage(a, 0));
        b[6] = 2; // clones page 0 of b only
        QVERIFY(!b.sharesPage(a, 0));
        QCOMPARE(a[6], uint8_t(7));
        QCOMPARE(b[6], uint8_t(2));
        QCOMPARE(b[5], uint8_t(1));
        b.fillRange(PagedArray<uint8_t>::kPageElements - 2, PagedArray<uint8_t>::kPageElements + 2,
                    9);
        QCOMPARE(b[PagedArray<uint8_t>::kPageElements + 1], uint8_t(9));
        QCOMPARE(a[PagedArray<uint8_t>::kPageElements + 1], uint8_t(7));
        QCOMPARE(b.slice(PagedArray<uint8_t>::kPageElements - 3, 5),
                 std::vector<uint8_t>({7, 9, 9, 9, 9}));
        b.resize(b.size() + 3, 4);
        QCOMPARE(b[b.size() - 1], uint8_t(4));
        QCOMPARE(b[b.size() - 4], uint8_t(7));
        QVERIFY(!(a == b));
        PagedArray<uint8_t> c = a;
        QVERIFY(a == c);
    }

    void sparseArrayAllocatesOnWrite() {
        SparseArray<uint64_t> s;
        s.assign(64u << 20, 3);
        QCOMPARE(s.pagesAllocated(), size_t(0));
        QCOMPARE(std::as_const(s)[12345678], uint64_t(3));
        s[12345678] = 5;
        QCOMPARE(s.pagesAllocated(), size_t(1));
        QCOMPARE(std::as_const(s)[12345678], uint64_t(5));
        QCOMPARE(std::as_const(s)[12345679], uint64_t(3));
    }

    void snapshotsShareUnchangedPagesAndKeepOldBytes() {
        Session s;
        launch(s, 64 * 1024); // 256 KiB of out: 16 pages
        const Snapshot before = s.snapshot();
        auto outNow = [&] {
            return intAt(*regionNamed(s.snapshot().memory[AddressSpace::Global], "out"), 5);
        };
        for (int i = 0; i < 10 && outNow() != 6; ++i) // group 0: out[i] = i + 1
            QVERIFY(s.stepLockstep());
        const Snapshot mid = s.snapshot();
        QVERIFY(s.stepLockstep()); // out[i] = out[i] * 2
        const Snapshot after = s.snapshot();
        const MemoryRegion* b = regionNamed(before.memory[AddressSpace::Global], "out");
        const MemoryRegion* m = regionNamed(mid.memory[AddressSpace::Global], "out");
        const MemoryRegion* a = regionNamed(after.memory[AddressSpace::Global], "out");
        QVERIFY(b && m && a);
        QCOMPARE(intAt(*m, 5), 6);
        QCOMPARE(intAt(*a, 5), 12);
        QCOMPARE(intAt(*b, 5), 0); // the older snapshots keep their bytes
        // pages past group 0's bytes are the same objects in every snapshot
        QVERIFY(!a->bytes.sharesPage(m->bytes, 0));
        for (size_t p = 1; p < a->bytes.pageCount(); ++p) {
            QVERIFY(a->bytes.sharesPage(m->bytes, p));
            QVERIFY(a->bytes.sharesPage(b->bytes, p));
            QVERIFY(a->flags.sharesPage(m->flags, p));
        }
        QVERIFY(a->flags[5 * 4] & ByteLastWrite);
        QVERIFY(m->flags[5 * 4] & ByteLastWrite);
        QCOMPARE(m->lastAccessor.at(5 * 4), int64_t(5));
        // step back replays: the exact old bytes and marks come back
        QVERIFY(s.stepBack());
        const Snapshot back = s.snapshot();
        const MemoryRegion* k = regionNamed(back.memory[AddressSpace::Global], "out");
        QVERIFY(k);
        QVERIFY(k->bytes == m->bytes);
        QVERIFY(k->flags == m->flags);
        QCOMPARE(intAt(*k, 5), 6);
        QCOMPARE(intAt(*a, 5), 12); // and the later snapshot is untouched by the replay
    }

    void lastAccessIdsAreFullGlobalIds() {
        Session s;
        launch(s, 70016); // global ids up to 70015
        QVERIFY(s.selectGlobal({70001, 0, 0}));
        for (int i = 0; i < 3; ++i)
            QVERIFY(s.step());
        const Snapshot snap = s.snapshot();
        const MemoryRegion* out = regionNamed(snap.memory[AddressSpace::Global], "out");
        QVERIFY(out);
        QCOMPARE(intAt(*out, 70001), 70002);
        QCOMPARE(out->lastAccessor.at(70001 * 4), int64_t(70001));
        QVERIFY(out->flags[70001 * 4] & ByteLastWrite);
        // 70001 wrapped at 65536 would be 4465, whose group ran to its end earlier
        QCOMPARE(out->lastAccessor.at(4465 * 4), int64_t(4465));
        QCOMPARE(intAt(*out, 4465), 2 * 4466);
        QCOMPARE(snap.trace->back().workItem, int64_t(70001));
        QCOMPARE(snap.trace->back().globalId[0], uint64_t(70001));
    }
};

QTEST_APPLESS_MAIN(TestBigSnapshots)
#include "tst_bigsnapshots.moc"
