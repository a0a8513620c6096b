// The diagnostic kinds table (common/DiagnosticKind): one row per kind, names unique and
// round-tripping through fromName, unknown names refused with a clear message.

#include "common/DiagnosticKind.h"

#include <QtTest>

#include <set>
#include <string>

using namespace clstep;

class TestDiagnosticKind : public QObject {
    Q_OBJECT
private slots:
    void everyKindHasAUniqueNameAndItsRow() {
        std::set<std::string_view> names;
        size_t i = 0;
        for (const DiagnosticKindInfo& k : DiagnosticKinds::all()) {
            QCOMPARE(static_cast<size_t>(k.kind), i++);
            QVERIFY2(names.insert(k.name).second, std::string(k.name).c_str());
            // The string form is a rule id: lower-case words joined by '-'.
            QVERIFY(!k.name.empty() && k.name.front() != '-' && k.name.back() != '-');
            for (char c : k.name)
                QVERIFY2((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-',
                         std::string(k.name).c_str());
            QVERIFY2(!k.doc.empty() && !k.stage.empty(), std::string(k.name).c_str());
            QCOMPARE(&DiagnosticKinds::info(k.kind), &k);
        }
        QVERIFY(names.size() > 100);
        QCOMPARE(DiagnosticKinds::name(DiagnosticKind::DataRace), "data-race");
        QCOMPARE(DiagnosticKinds::info(DiagnosticKind::BenignRace).severity, Severity::Warning);
        QCOMPARE(DiagnosticKinds::info(DiagnosticKind::EndianConversion).severity, Severity::Note);
        QCOMPARE(DiagnosticKinds::info(DiagnosticKind::OutOfBounds).severity, Severity::Error);
    }

    void namesRoundTripThroughFromName() {
        for (const DiagnosticKindInfo& k : DiagnosticKinds::all()) {
            std::string error;
            std::optional<DiagnosticKind> back = DiagnosticKinds::fromName(k.name, error);
            QVERIFY2(back.has_value(), error.c_str());
            QVERIFY(*back == k.kind);
            QVERIFY(error.empty());
            QCOMPARE(std::string_view(DiagnosticKinds::name(*back)), k.name);
        }
    }

    void unknownNamesAreRefusedClearly() {
        std::string error;
        QVERIFY(!DiagnosticKinds::fromName("Data-Race", error));
        QCOMPARE(error, std::string("'Data-Race' is not a diagnostic kind: a kind is written as "
                                    "in a report's [KIND] (lower-case letters, digits and '-', "
                                    "e.g. data-race)"));
        QVERIFY(!DiagnosticKinds::fromName("out_of_bounds", error));
        QVERIFY2(error.find("e.g. out-of-bounds)") != std::string::npos, error.c_str());
        QVERIFY(!DiagnosticKinds::fromName("data-races", error));
        QCOMPARE(error, std::string("'data-races' is not a diagnostic kind: did you mean "
                                    "'data-race'? (clstep-cli kinds lists them)"));
        QVERIFY(!DiagnosticKinds::fromName("frobnicate", error));
        QCOMPARE(error, std::string("'frobnicate' is not a diagnostic kind (clstep-cli kinds "
                                    "lists them)"));
        QVERIFY(!DiagnosticKinds::fromName("", error));
        QVERIFY(error.find("'' is not a diagnostic kind: a kind is written") == 0);
        QVERIFY(!DiagnosticKinds::fromName("*", error));
    }
};

QTEST_GUILESS_MAIN(TestDiagnosticKind)
#include "tst_diagnostickind.moc"
