// GUI test of issue #31 (old saved layouts): a window layout saved by an older clstep (before
// the panes were grouped: every pane a visible right-hand tab, eleven of them) is not
// restored on start, so the window opens with today's grouping without View › Reset layout;
// a layout saved by this version is restored. Offscreen, settings in a temporary directory.
#include "MainWindow.h"
#include "TestWindow.h"

#include <QDockWidget>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace clstep;
using namespace clstep::ui;

class TestSavedLayout : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void oldLayoutIsDropped();
    void currentLayoutIsRestored();

private:
    /// A window that reads and writes the settings (the application's start).
    static std::unique_ptr<MainWindow> persistentWindow();
    /// The object names of the window's visible docks, sorted.
    static QStringList visibleDocks(MainWindow* w);

    QTemporaryDir m_settings;
};

void TestSavedLayout::initTestCase() {
    test::quietDockWarnings();
    QVERIFY(m_settings.isValid());
    QCoreApplication::setOrganizationName(QStringLiteral("clstep-test"));
    QCoreApplication::setApplicationName(QStringLiteral("savedlayout"));
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_settings.path());
}

std::unique_ptr<MainWindow> TestSavedLayout::persistentWindow() {
    MainWindow::Options o;
    o.persistSettings = true;
    o.interactive = false;
    auto w = std::make_unique<MainWindow>(o);
    w->show();
    QCoreApplication::processEvents();
    return w;
}

QStringList TestSavedLayout::visibleDocks(MainWindow* w) {
    QStringList out;
    for (QDockWidget* d : w->findChildren<QDockWidget*>())
        if (!d->isHidden()) out << d->objectName();
    out.sort();
    return out;
}

void TestSavedLayout::oldLayoutIsDropped() {
    // today's first layout, from a window that saves nothing
    QStringList fresh;
    {
        std::unique_ptr<MainWindow> w(test::newTestWindow());
        fresh = visibleDocks(w.get());
    }
    // an older version's layout: every pane shown as a tab of the right-hand area, saved
    // the way the older version saved it (QMainWindow::saveState() without a version)
    QByteArray old;
    {
        std::unique_ptr<MainWindow> w(test::newTestWindow());
        QDockWidget* first = nullptr;
        for (QDockWidget* d : w->findChildren<QDockWidget*>()) {
            if (w->dockWidgetArea(d) != Qt::RightDockWidgetArea) continue;
            d->show();
            if (first)
                w->tabifyDockWidget(first, d);
            else
                first = d;
        }
        QVERIFY(visibleDocks(w.get()).size() > fresh.size());
        old = w->saveState();
    }
    {
        QSettings s;
        s.clear();
        s.setValue(QStringLiteral("window/state"), old);
    }
    std::unique_ptr<MainWindow> started = persistentWindow();
    QCOMPARE(visibleDocks(started.get()), fresh);
}

void TestSavedLayout::currentLayoutIsRestored() {
    {
        QSettings s;
        s.clear();
    }
    {
        std::unique_ptr<MainWindow> w = persistentWindow();
        QDockWidget* launch = w->dock(QStringLiteral("dockLaunch"));
        QVERIFY(launch && !launch->isHidden());
        launch->hide();
        QVERIFY(w->close()); // saves the settings
    }
    std::unique_ptr<MainWindow> again = persistentWindow();
    QVERIFY(again->dock(QStringLiteral("dockLaunch"))->isHidden());
    QVERIFY(!again->dock(QStringLiteral("dockDiagnostics"))->isHidden());
}

QTEST_MAIN(TestSavedLayout)
#include "tst_savedlayout.moc"
