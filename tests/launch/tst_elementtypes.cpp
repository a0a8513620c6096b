// The element types of .sim argument headers are scalar kinds of the one scalar type table
// (core/ScalarTypes.h), not a list of their own (issue 30 item 5): Oclgrind's ten names,
// their sizes from the table, and Oclgrind's prefix order for a parameter's default type.
#include "core/ScalarTypes.h"
#include "launch/LaunchConfig.h"

#include <QtTest>

#include <string>
#include <type_traits>

using namespace clstep;
using namespace clstep::launch;

class TestElementTypes : public QObject {
    Q_OBJECT
private slots:
    void elementTypesAreScalarKinds() {
        QVERIFY((std::is_same_v<ElementType, TypeKind>));
        int count = 0;
        for (const ScalarTypeInfo& s : kScalarTypes) {
            const std::optional<ElementType> t = elementTypeFromName(s.name);
            QCOMPARE(t.has_value(), isElementType(s.kind));
            if (!t) continue;
            ++count;
            QCOMPARE(*t, s.kind);
            QCOMPARE(elementSize(*t), size_t(s.size));
            QCOMPARE(std::string(elementTypeName(*t)), std::string(s.name));
        }
        QCOMPARE(count, 10); // char uchar short ushort int uint long ulong float double
        for (const char* name : {"half", "bool", "void", "float4", "", "Int"})
            QVERIFY2(!elementTypeFromName(name), name);
    }

    void defaultTypesFollowOclgrindsPrefixOrder() {
        QCOMPARE(defaultElementType("uint*"), std::optional(TypeKind::UInt));
        QCOMPARE(defaultElementType("float4*"), std::optional(TypeKind::Float));
        QCOMPARE(defaultElementType("char*"), std::optional(TypeKind::Char));
        QCOMPARE(defaultElementType("uchar*"), std::optional(TypeKind::UChar));
        QCOMPARE(defaultElementType("double2"), std::optional(TypeKind::Double));
        QCOMPARE(defaultElementType("const unsigned int*"), std::optional(TypeKind::UInt));
        QCOMPARE(defaultElementType("void*"), std::optional(TypeKind::UChar));
        QVERIFY(!defaultElementType("half*"));
        QVERIFY(!defaultElementType("struct s*"));
    }
};

QTEST_GUILESS_MAIN(TestElementTypes)
#include "tst_elementtypes.moc"
