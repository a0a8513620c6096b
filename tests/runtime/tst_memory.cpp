// The byte-accurate memory of one address space (runtime/Memory.h): which buffer index an
// allocation gets after release() and clear(keep) (the private addresses that messages and
// the debugger show depend on it), names, zeroed bytes and serials of reused slots.
#include "CountingNew.h"
#include "runtime/Memory.h"

#include <QtTest>

#include <cstring>
#include <set>
#include <string>
#include <vector>

using namespace clstep;

namespace {
uint32_t indexOf(uint64_t address) {
    return address::buffer(address);
}
} // namespace

class TestMemory : public QObject {
    Q_OBJECT
private slots:
    void liveBytesFollowAllocationsReleasesAndClear() {
        // The work-item's private memory in use (the per-work-item limit is checked on it).
        Memory m(AddressSpace::Private);
        QCOMPARE(m.liveBytes(), uint64_t(0));
        const uint64_t a = m.allocate(8, "a"), b = m.allocate(100, "b");
        m.allocate(12, "c");
        QCOMPARE(m.liveBytes(), uint64_t(120));
        m.release(b);
        m.release(b); // released twice: counted once
        QCOMPARE(m.liveBytes(), uint64_t(20));
        m.clear(1); // keeps a (8 bytes)
        QCOMPARE(m.liveBytes(), uint64_t(8));
        QCOMPARE(indexOf(a), 1u);
        m.allocate(30, "d");
        QCOMPARE(m.liveBytes(), uint64_t(38));
        m.clear();
        QCOMPARE(m.liveBytes(), uint64_t(0));
    }

    void newMemoryHandsOutAscendingIndices() {
        Memory m(AddressSpace::Private);
        for (uint32_t i = 1; i <= 4; ++i)
            QCOMPARE(indexOf(m.allocate(4, "v" + std::to_string(i))), i);
    }

    void releasedSlotIsReusedFirstLastReleasedOnTop() {
        Memory m(AddressSpace::Private);
        for (int i = 0; i < 4; ++i)
            m.allocate(4, "v");
        m.release(address::make(AddressSpace::Private, 2, 0));
        m.release(address::make(AddressSpace::Private, 3, 0));
        QCOMPARE(indexOf(m.allocate(4, "a")), 3u);
        QCOMPARE(indexOf(m.allocate(4, "b")), 2u);
        QCOMPARE(indexOf(m.allocate(4, "c")), 5u);
    }

    void clearHandsOutTheSameIndicesAsANewMemory() {
        Memory m(AddressSpace::Private);
        for (int i = 0; i < 6; ++i)
            m.allocate(8, "v");
        m.clear();
        for (uint32_t i = 1; i <= 8; ++i) // past the old ones: new slots
            QCOMPARE(indexOf(m.allocate(8, "w")), i);
        QVERIFY(!m.buffer(address::make(AddressSpace::Private, 9, 0)));
    }

    void clearKeepsLeadingBuffersAndHandsOutTheRestInOrder() {
        Memory m(AddressSpace::Private);
        for (int i = 0; i < 6; ++i)
            m.allocate(4, "v" + std::to_string(i + 1));
        m.clear(2);
        QVERIFY(m.buffer(address::make(AddressSpace::Private, 1, 0))->alive);
        QVERIFY(m.buffer(address::make(AddressSpace::Private, 2, 0))->alive);
        for (uint32_t i = 3; i <= 6; ++i) {
            QVERIFY(!m.buffer(address::make(AddressSpace::Private, i, 0))->alive);
            QCOMPARE(m.buffer(address::make(AddressSpace::Private, i, 0))->size(), 0u);
        }
        // released after the clear: reused before the slots clear() released
        QCOMPARE(indexOf(m.allocate(4, "a")), 3u);
        QCOMPARE(indexOf(m.allocate(4, "b")), 4u);
        m.release(address::make(AddressSpace::Private, 3, 0));
        QCOMPARE(indexOf(m.allocate(4, "c")), 3u);
        QCOMPARE(indexOf(m.allocate(4, "d")), 5u);
        QCOMPARE(indexOf(m.allocate(4, "e")), 6u);
        QCOMPARE(indexOf(m.allocate(4, "f")), 7u);
    }

    void aReleasedBufferAmongTheKeptOnesIsHandedOutFirst() {
        Memory m(AddressSpace::Private);
        for (int i = 0; i < 5; ++i)
            m.allocate(4, "v");
        m.release(address::make(AddressSpace::Private, 2, 0));
        m.clear(3); // 1 and 3 stay; 2 was released; 4 and 5 are released now
        QVERIFY(m.buffer(address::make(AddressSpace::Private, 1, 0))->alive);
        QVERIFY(!m.buffer(address::make(AddressSpace::Private, 2, 0))->alive);
        QVERIFY(m.buffer(address::make(AddressSpace::Private, 3, 0))->alive);
        QCOMPARE(indexOf(m.allocate(4, "a")), 2u);
        QCOMPARE(indexOf(m.allocate(4, "b")), 4u);
        QCOMPARE(indexOf(m.allocate(4, "c")), 5u);
        QCOMPARE(indexOf(m.allocate(4, "d")), 6u);
    }

    void keptBuffersStayTheSameObjects() {
        // A work-item binds its arguments into the previous one's argument buffers: they
        // stay the same objects (the checks' state for them stays valid), while the slots
        // released by the clear are new objects when allocated again.
        Memory m(AddressSpace::Private);
        const uint64_t a = m.allocate(4, "x");
        const uint64_t v = m.allocate(4, "v");
        uint8_t* p = m.bytes(a, 4);
        std::memcpy(p, "\x01\x02\x03\x04", 4);
        const uint64_t before = m.buffer(a)->serial, vBefore = m.buffer(v)->serial;
        m.clear(1);
        const Buffer* b = m.buffer(a);
        QVERIFY(b->alive);
        QCOMPARE(b->serial, before);
        QCOMPARE(m.liveBytes(), uint64_t(4));
        QVERIFY(!m.buffer(v)->alive);
        QCOMPARE(m.allocate(4, "v"), v);
        QVERIFY(m.buffer(v)->serial != vBefore);
        QVERIFY(m.buffer(v)->serial != 0);
        QCOMPARE(b->name(), std::string("x"));
        QCOMPARE(std::memcmp(b->bytes.data(), "\x01\x02\x03\x04", 4), 0); // left as they are
    }

    void reusedSlotsAreZeroedWithUniqueSerials() {
        Memory m(AddressSpace::Private);
        std::set<uint64_t> serials;
        for (int round = 0; round < 3; ++round) {
            m.clear();
            for (int i = 0; i < 3; ++i) {
                uint8_t* data = nullptr;
                const uint64_t a = m.allocate(16, "v", data);
                for (int k = 0; k < 16; ++k)
                    QCOMPARE(data[k], uint8_t{0});
                std::memset(data, 0xAB, 16);
                QVERIFY(serials.insert(m.buffer(a)->serial).second);
            }
        }
    }

    void allocateNamedNamesEverySlotCorrectly() {
        Memory m(AddressSpace::Private);
        const std::string x = "x", y = "y", z = "zz";
        uint8_t* data = nullptr;
        // the same slot named from different strings in turn, and by allocate() in between
        const uint64_t a = m.allocateNamed(4, x, data);
        QCOMPARE(m.buffer(a)->name(), x);
        m.release(a);
        QCOMPARE(m.buffer(m.allocateNamed(4, y, data))->name(), y);
        m.release(a);
        QCOMPARE(m.buffer(m.allocate(4, "temporary", data))->name(), std::string("temporary"));
        m.release(a);
        QCOMPARE(m.buffer(m.allocateNamed(4, y, data))->name(), y);
        m.clear();
        QCOMPARE(m.buffer(m.allocateNamed(4, z, data))->name(), z);
        m.clear();
        QCOMPARE(m.buffer(m.allocateNamed(4, z, data))->name(), z);
    }

    void releaseEachReleasesInOrderSkippingOtherSpaces() {
        // A callee's frame at return: its slots (0 for one never declared, a `__local`
        // variable's group address) and temporaries, released in one call as release() of
        // each in order would: the last one released is handed out first.
        Memory m(AddressSpace::Private);
        const uint64_t a = m.allocate(4, "a"), b = m.allocate(8, "b"), c = m.allocate(16, "c");
        const uint64_t local = address::make(AddressSpace::Local, indexOf(b), 0);
        const uint64_t frame[] = {a, 0, local, c, a};
        m.releaseEach(frame, 5);
        QVERIFY(m.buffer(b)->alive); // the `__local` address names no buffer of this Memory
        QVERIFY(!m.buffer(a)->alive && !m.buffer(c)->alive);
        QCOMPARE(m.liveBytes(), uint64_t(8));
        QCOMPARE(m.allocate(4, "x"), c); // a twice: released once
        QCOMPARE(m.allocate(4, "y"), a);
        QCOMPARE(indexOf(m.allocate(4, "z")), 4u);
    }

    void allocateNamedKeepsTheNameByReference() {
        // A declaration's name outlives the Memory: a slot refers to it (Buffer::nameSource)
        // instead of copying it, so naming a slot allocates nothing, however long the name
        // (a callee's frame takes slots other variables had: issue 32, philox_calls).
        Memory m(AddressSpace::Private);
        const std::string first = "a_parameter_name_longer_than_a_short_string";
        const std::string second = "another_parameter_name_longer_than_the_first_one";
        uint8_t* data = nullptr;
        std::vector<uint64_t> taken;
        for (int i = 0; i < 100; ++i)
            taken.push_back(m.allocateNamed(4, first, data));
        m.clear(); // the slots keep their storage (4 bytes each)
        const uint64_t before = test::t_allocations;
        for (int i = 0; i < 100; ++i)
            QCOMPARE(m.allocateNamed(4, second, data), taken[size_t(i)]);
        QCOMPARE(test::t_allocations - before, uint64_t(0)); // was 100: one name copy each
        QCOMPARE(m.buffer(taken[42])->name(), second);
        QCOMPARE(m.buffer(taken[42])->name().data(), second.data());
    }
};

QTEST_MAIN(TestMemory)
#include "tst_memory.moc"
