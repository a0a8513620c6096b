// copyChangedBytes (common/ChangedBytes.h), the platform's write-back of the bytes a launch
// changed (platform/KernelLauncher.cpp; it was a byte-by-byte loop, about 19 % of a CTS run
// with the checks off): the same bytes as that loop for every size, alignment and pattern of
// changes, and the bytes that did not change are never written.

#include "common/ChangedBytes.h"

#include <QtTest>

#include <random>
#include <vector>

using namespace clstep;

namespace {

/// The reference: the byte loop the platform had.
void byteLoop(uint8_t* dst, const uint8_t* before, const uint8_t* after, size_t n) {
    for (size_t i = 0; i < n; ++i)
        if (after[i] != before[i]) dst[i] = after[i];
}

} // namespace

class TestChangedBytes : public QObject {
    Q_OBJECT
private slots:
    /// Random patterns: none, a few, about half and nearly all bytes changed, in runs and
    /// single bytes, at every start offset 0..15 (unaligned words) and sizes around the
    /// 8-byte words and 64-byte blocks. `dst` holds other bytes than `before` (a shared
    /// buffer's root), so a byte written that did not change shows.
    void sameAsByteLoop() {
        std::mt19937 rng(29);
        const size_t sizes[] = {0, 1, 7, 8, 9, 63, 64, 65, 127, 128, 129, 200, 1000, 4099};
        const int percents[] = {0, 1, 50, 99, 100};
        for (size_t n : sizes)
            for (int percent : percents)
                for (size_t offset = 0; offset < 16; ++offset) {
                    std::vector<uint8_t> before(n + 16), after(n + 16), dst(n + 16);
                    for (size_t i = 0; i < n + 16; ++i) {
                        before[i] = uint8_t(rng());
                        dst[i] = uint8_t(rng());
                        after[i] = int(rng() % 100) < percent ? uint8_t(before[i] + 1 + rng() % 255)
                                                              : before[i];
                    }
                    std::vector<uint8_t> expected = dst;
                    byteLoop(expected.data() + offset, before.data() + offset,
                             after.data() + offset, n);
                    copyChangedBytes(dst.data() + offset, before.data() + offset,
                                     after.data() + offset, n);
                    QVERIFY2(dst == expected, qPrintable(QStringLiteral("n=%1 percent=%2 "
                                                                        "offset=%3")
                                                             .arg(n)
                                                             .arg(percent)
                                                             .arg(offset)));
                }
    }

    /// A word of which only some bytes changed (the zero-byte test of the word path must see
    /// each unchanged byte, also next to bytes that differ by 0x80 or 0x01).
    void partlyChangedWords() {
        for (unsigned mask = 0; mask < 256; ++mask)
            for (uint8_t delta : {uint8_t(0x01), uint8_t(0x80), uint8_t(0xff)}) {
                uint8_t before[8], after[8], dst[8], expected[8];
                for (int k = 0; k < 8; ++k) {
                    before[k] = uint8_t(0x10 * k + 1);
                    after[k] = (mask >> k) & 1 ? uint8_t(before[k] + delta) : before[k];
                    dst[k] = expected[k] = 0xee;
                }
                byteLoop(expected, before, after, 8);
                copyChangedBytes(dst, before, after, 8);
                QVERIFY2(std::memcmp(dst, expected, 8) == 0,
                         qPrintable(QStringLiteral("mask=%1 delta=%2").arg(mask).arg(delta)));
            }
    }

    /// Unchanged 64-byte blocks are skipped and `dst` may be `before` itself (a buffer that
    /// is its own root): the result is `after`.
    void inPlace() {
        std::vector<uint8_t> before(1000), after(1000);
        for (size_t i = 0; i < before.size(); ++i)
            before[i] = after[i] = uint8_t(i * 7);
        after[3] = 1;
        after[64 * 5 + 2] = 2;
        after[999] = 3;
        std::vector<uint8_t> dst = before;
        copyChangedBytes(dst.data(), dst.data(), after.data(), dst.size());
        QCOMPARE(dst, after);
    }
};

QTEST_GUILESS_MAIN(TestChangedBytes)
#include "tst_changedbytes.moc"
