// SiteTable: interning of access sites as 14-bit ids.
#include "checks/SiteTable.h"

#include <QtTest>

using namespace clstep;

namespace {
SourceRange rangeAt(uint32_t line, uint32_t column, uint32_t length = 3) {
    return {{1, line, column}, {1, line, column + length}};
}
} // namespace

class TestSiteTable : public QObject {
    Q_OBJECT
private slots:
    void sameRangeSameId() {
        SiteTable t;
        uint16_t a = t.intern(rangeAt(3, 5));
        uint16_t b = t.intern(rangeAt(3, 9));
        QVERIFY(a != 0);
        QVERIFY(b != 0);
        QVERIFY(a != b);
        QCOMPARE(t.intern(rangeAt(3, 5)), a);
        QCOMPARE(t.range(a), rangeAt(3, 5));
        // Same start, different end: a different site.
        QVERIFY(t.intern(rangeAt(3, 5, 7)) != a);
    }

    void invalidRangeIsUnknown() {
        SiteTable t;
        QCOMPARE(t.intern(SourceRange{}), uint16_t(0));
        QVERIFY(!t.range(0).valid());
        QVERIFY(!t.range(999).valid());
    }

    void idsRunOutGracefully() {
        SiteTable t;
        for (uint32_t i = 0; i < SiteTable::kMaxSites; ++i)
            QVERIFY(t.intern(rangeAt(10 + i, 1)) != 0);
        QCOMPARE(t.intern(rangeAt(1, 1)), uint16_t(0));  // no id left
        QCOMPARE(t.intern(rangeAt(10, 1)), uint16_t(1)); // known ones still resolve
        t.clear();
        QCOMPARE(t.intern(rangeAt(1, 1)), uint16_t(1));
    }
};

QTEST_GUILESS_MAIN(TestSiteTable)
#include "tst_sitetable.moc"
