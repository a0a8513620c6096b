// GUI test of issue #31 item 3 on a real X server with a 1024x768 screen (CTest runs it under
// xvfb-run): a memory pane's buffer tab never names another buffer than its table shows. At
// 1024 px the __global pane of endian_demo has room for about one of its five buffer tabs;
// the tab-scroll arrows, clicked as a user does, must not leave the table on a buffer whose
// tab was scrolled away while another buffer's tab is the one in sight.
#include "MainWindow.h"
#include "MemoryPane.h"
#include "MemoryTableModel.h"
#include "TestWindow.h"

#include <QScreen>
#include <QTabBar>
#include <QTableView>
#include <QTest>
#include <QToolButton>

using namespace clstep;
using namespace clstep::ui;

class TestScreenTabs : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void scrollArrowsKeepLabelAndTableTogether();
    void choosingATabShowsItsBuffer();

private:
    /// Fails unless the current tab is in sight (not under the arrows, not scrolled off) and
    /// names the buffer the table shows; `when` says after which action.
    void checkAgree(const QString& when);
    QTabBar* bar() const;
    QToolButton* arrow(Qt::ArrowType type) const;
    QString shownBuffer() const;

    MainWindow* m_window = nullptr;
};

void TestScreenTabs::initTestCase() {
    test::quietDockWarnings();
    if (const QString why = test::projectorScreenMissing(); !why.isEmpty()) QSKIP(qPrintable(why));
}

void TestScreenTabs::init() {
    m_window = test::newProjectorWindow("endian_demo.sim");
    QVERIFY(m_window);
}

void TestScreenTabs::cleanup() {
    delete m_window;
    m_window = nullptr;
}

QTabBar* TestScreenTabs::bar() const {
    return m_window->memoryPane(AddressSpace::Global)->findChild<QTabBar*>();
}

QToolButton* TestScreenTabs::arrow(Qt::ArrowType type) const {
    for (QToolButton* b : bar()->findChildren<QToolButton*>())
        if (b->arrowType() == type) return b;
    return nullptr;
}

QString TestScreenTabs::shownBuffer() const {
    auto* model = qobject_cast<MemoryTableModel*>(
        m_window->memoryPane(AddressSpace::Global)->view()->model());
    const debug::MemoryRegion* r = model ? model->region() : nullptr;
    return r ? QString::fromStdString(r->name) : QStringLiteral("(none)");
}

void TestScreenTabs::checkAgree(const QString& when) {
    QTabBar* tabs = bar();
    const int current = tabs->currentIndex();
    QVERIFY2(current >= 0, qPrintable(when));
    // the part of the bar not covered by its scroll arrows
    QRect sight = tabs->rect();
    for (QToolButton* b : tabs->findChildren<QToolButton*>()) {
        if (!b->isVisible()) continue;
        if (b->geometry().center().x() > sight.center().x())
            sight.setRight(std::min(sight.right(), b->geometry().left() - 1));
        else
            sight.setLeft(std::max(sight.left(), b->geometry().right() + 1));
    }
    const QRect tab = tabs->tabRect(current);
    const QRect seen = tab.intersected(sight);
    QVERIFY2(seen.width() * 2 >= tab.width(),
             qPrintable(QStringLiteral("%1: the current tab '%2' is out of sight (tab %3..%4, "
                                       "visible %5..%6), the table shows %7")
                            .arg(when, tabs->tabText(current))
                            .arg(tab.left())
                            .arg(tab.right())
                            .arg(sight.left())
                            .arg(sight.right())
                            .arg(shownBuffer())));
    QVERIFY2(tabs->tabText(current) == shownBuffer(),
             qPrintable(QStringLiteral("%1: the tab reads '%2', the table shows %3")
                            .arg(when, tabs->tabText(current), shownBuffer())));
    // every tab in sight other than the current one is drawn unselected: the one the table
    // shows is the only current one (and no other buffer's tab fills the bar alone)
    int inSight = 0, other = -1;
    for (int i = 0; i < tabs->count(); ++i)
        if (tabs->tabRect(i).intersected(sight).width() * 2 >= tabs->tabRect(i).width()) {
            ++inSight;
            if (i != current) other = i;
        }
    QVERIFY2(!(inSight == 1 && other >= 0),
             qPrintable(QStringLiteral("%1: only '%2' is in sight, the table shows %3")
                            .arg(when, tabs->tabText(other), shownBuffer())));
}

void TestScreenTabs::scrollArrowsKeepLabelAndTableTogether() {
    QTabBar* tabs = bar();
    QVERIFY(tabs);
    QCOMPARE(tabs->count(), 5);
    checkAgree(QStringLiteral("opened"));
    QToolButton* right = arrow(Qt::RightArrow);
    QToolButton* left = arrow(Qt::LeftArrow);
    QVERIFY(right && left);
    if (!right->isVisible()) QSKIP("the five tabs fit: no scroll arrows at this width");
    for (int i = 1; i <= 4; ++i) {
        if (!right->isEnabled()) break;
        QTest::mouseClick(right, Qt::LeftButton);
        QTest::qWait(100);
        checkAgree(QStringLiteral("right arrow x%1").arg(i));
    }
    QVERIFY2(tabs->currentIndex() > 0, "the right arrow reached no later buffer");
    for (int i = 1; i <= 4; ++i) {
        if (!left->isEnabled()) break;
        QTest::mouseClick(left, Qt::LeftButton);
        QTest::qWait(100);
        checkAgree(QStringLiteral("left arrow x%1").arg(i));
    }
}

void TestScreenTabs::choosingATabShowsItsBuffer() {
    QTabBar* tabs = bar();
    QVERIFY(tabs);
    for (int i : {3, 0, 4, 1}) {
        tabs->setCurrentIndex(i);
        QTest::qWait(50);
        checkAgree(QStringLiteral("tab %1 chosen").arg(i));
    }
}

QTEST_MAIN(TestScreenTabs)
#include "tst_screentabs.moc"
