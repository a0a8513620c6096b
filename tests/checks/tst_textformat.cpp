// common/TextFormat: the one hex dump of bytes and the one text of a work-item's ids, shared
// by the checks' reports, the diagnostic printers, the debugger and the memory panes.
#include "common/TextFormat.h"

#include <QtTest>

using namespace clstep;

class TestTextFormat : public QObject {
    Q_OBJECT
private slots:
    void hexBytesInMemoryOrder() {
        const uint8_t bytes[] = {0x2a, 0x00, 0xff, 0x10};
        QCOMPARE(hexBytes(bytes, 4), std::string("2a 00 ff 10"));
        QCOMPARE(hexBytes(bytes, 1), std::string("2a"));
        QCOMPARE(hexBytes(bytes, 0), std::string());
    }

    void idsInOclgrindsNotation() {
        WorkItemId w;
        w.global = {17, 2, 0};
        w.local = {1, 2, 0};
        w.group = {1, 0, 0};
        QCOMPARE(idsText(w), std::string("Global(17,2,0) Local(1,2,0) Group(1,0,0)"));
    }
};

QTEST_GUILESS_MAIN(TestTextFormat)
#include "tst_textformat.moc"
