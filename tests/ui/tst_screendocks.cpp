// GUI test of issue #31 item 7 on a real X server with a 1024x768 screen (CTest runs it under
// xvfb-run): every dock tab a teacher sees on a projector is readable, and View › Panes
// brings each pane forward. The first layout shows the panes of a lesson with whole tab
// titles (no "Va… Wa… B…", no tabs behind scroll arrows); a pane opened from View › Panes
// is in front, its tab in sight; a tab cut when many panes are open has its title as
// tooltip.
#include "MainWindow.h"
#include "TestWindow.h"

#include <QAction>
#include <QDockWidget>
#include <QMenu>
#include <QScreen>
#include <QTabBar>
#include <QTest>

using namespace clstep;
using namespace clstep::ui;

class TestScreenDocks : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void firstLayoutTabsAreWhole();
    void viewPanesBringsEachPaneForward();

private:
    /// The dock areas' tab bars (not a pane's own tabs) on screen.
    QList<QTabBar*> dockTabBars() const;
    /// Why tab `i` of `bar` is not readable in whole, or empty.
    static QString cut(QTabBar* bar, int i);

    MainWindow* m_window = nullptr;
};

void TestScreenDocks::initTestCase() {
    test::quietDockWarnings();
    if (const QString why = test::projectorScreenMissing(); !why.isEmpty()) QSKIP(qPrintable(why));
}

void TestScreenDocks::init() {
    m_window = test::newProjectorWindow("reduction_race.sim");
    QVERIFY(m_window);
}

void TestScreenDocks::cleanup() {
    delete m_window;
    m_window = nullptr;
}

QList<QTabBar*> TestScreenDocks::dockTabBars() const {
    QList<QTabBar*> out;
    for (QTabBar* bar : m_window->findChildren<QTabBar*>())
        // (a group's bar left with one tab when the others are closed is covered: not drawn)
        if (bar->isVisible() && bar->parent() == m_window && !bar->visibleRegion().isEmpty())
            out << bar;
    return out;
}

QString TestScreenDocks::cut(QTabBar* bar, int i) {
    const QRect r = bar->tabRect(i);
    const QString text = bar->tabText(i).remove(QLatin1Char('&'));
    // the style's tab padding: the text needs its advance plus a few pixels each side
    if (bar->fontMetrics().horizontalAdvance(text) > r.width() - 8)
        return QStringLiteral("'%1' elided in %2 px").arg(text).arg(r.width());
    if (!bar->rect().contains(r))
        return QStringLiteral("'%1' behind the scroll arrows (tab %2..%3 of %4, bar %5 px)")
            .arg(text)
            .arg(r.left())
            .arg(r.right())
            .arg(bar->count())
            .arg(bar->width());
    return {};
}

void TestScreenDocks::firstLayoutTabsAreWhole() {
    QStringList problems;
    int tabs = 0;
    for (QTabBar* bar : dockTabBars())
        for (int i = 0; i < bar->count(); ++i, ++tabs)
            if (const QString why = cut(bar, i); !why.isEmpty()) problems << why;
    QVERIFY(tabs >= 4);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral("; "))));
}

void TestScreenDocks::viewPanesBringsEachPaneForward() {
    auto* panes = m_window->findChild<QMenu*>(QStringLiteral("menuPanes"));
    QVERIFY(panes);
    QStringList problems;
    int checked = 0;
    for (QAction* a : panes->actions()) {
        if (!a->objectName().startsWith(QStringLiteral("show_"))) continue;
        const QString name = a->objectName().mid(5);
        auto* d = m_window->findChild<QDockWidget*>(name);
        QVERIFY2(d, qPrintable(name));
        a->trigger();
        QTest::qWait(150);
        ++checked;
        if (!d->isVisible() || d->visibleRegion().isEmpty()) {
            problems << QStringLiteral("%1 not on screen").arg(d->windowTitle());
            continue;
        }
        // tabbed: its tab is the current one, in sight, and readable or with a tooltip
        for (QTabBar* bar : dockTabBars())
            for (int i = 0; i < bar->count(); ++i) {
                if (bar->tabText(i).remove(QLatin1Char('&')) !=
                    d->windowTitle().remove(QLatin1Char('&')))
                    continue;
                if (bar->currentIndex() != i)
                    problems << QStringLiteral("%1 not the current tab").arg(d->windowTitle());
                if (!bar->rect().contains(bar->tabRect(i)))
                    problems << QStringLiteral("%1 behind the scroll arrows").arg(d->windowTitle());
                if (!cut(bar, i).isEmpty() && !bar->tabToolTip(i).contains(d->windowTitle()))
                    problems << cut(bar, i) + QStringLiteral(" without a tooltip");
            }
    }
    QVERIFY(checked >= 10);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral("; "))));
}

QTEST_MAIN(TestScreenDocks)
#include "tst_screendocks.moc"
