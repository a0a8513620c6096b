#pragma once
// Shared by the GUI tests that drive a whole MainWindow (tst_mainwindow, tst_lessonsteps,
// tst_simtviews, tst_scratchpad, and the projector tests tst_screen*).

#include "MainWindow.h"

#include <QGuiApplication>
#include <QScreen>
#include <QTest>

#include <QString>
#include <QtGlobal>

namespace clstep::ui::test {

/// A shown 1400x900 MainWindow that saves no settings and asks no questions (the fixture of
/// the GUI tests). The caller owns it.
inline MainWindow* newTestWindow() {
    MainWindow::Options o;
    o.persistSettings = false;
    o.interactive = false;
    auto* window = new MainWindow(o);
    window->resize(1400, 900);
    window->show();
    return window;
}

/// A file of the source tree, e.g. "tests/kernels/stats/divergence.sim".
inline QString sourcePath(const char* relative) {
    return QStringLiteral(CLSTEP_SOURCE_DIR "/") + QString::fromLatin1(relative);
}

/// A file of samples/.
inline QString sample(const char* name) {
    return QStringLiteral(CLSTEP_SOURCE_DIR "/samples/") + QString::fromLatin1(name);
}

/// Installs a message handler that drops the offscreen platform's warning about every dock
/// layout change ("propagateSizeHints"), keeping the test log readable; call it from
/// initTestCase().
inline void quietDockWarnings() {
    static QtMessageHandler previous = nullptr;
    previous = qInstallMessageHandler(
        [](QtMsgType type, const QMessageLogContext& context, const QString& message) {
            if (message.contains(QStringLiteral("propagateSizeHints"))) return;
            previous(type, context, message);
        });
}

/// Why a test of the projector's screen cannot run here, or "" when it can: it needs a real X
/// server (CTest runs those tests under xvfb-run) whose screen is 1024x768 pixels.
inline QString projectorScreenMissing() {
    if (QGuiApplication::platformName() != QLatin1String("xcb"))
        return QStringLiteral("needs a real X server (ctest runs this under xvfb-run)");
    const QSize screen = QGuiApplication::primaryScreen()->size();
    if (screen != QSize(1024, 768))
        return QStringLiteral("needs a 1024x768 screen, not %1x%2")
            .arg(screen.width())
            .arg(screen.height());
    return {};
}

/// A first start on the projector: a shown MainWindow at the screen's own size that saves no
/// settings and asks no questions, with `sampleName` of samples/ open, idle, and its first
/// layout settled (MainWindow::applyDockSizes). nullptr when the window is not exposed or
/// the sample does not open. The caller owns it.
inline MainWindow* newProjectorWindow(const char* sampleName) {
    MainWindow::Options o;
    o.persistSettings = false;
    o.interactive = false;
    auto* window = new MainWindow(o);
    window->show();
    if (!QTest::qWaitForWindowExposed(window) || !window->openPath(sample(sampleName)) ||
        !window->waitIdle()) {
        delete window;
        return nullptr;
    }
    QTest::qWait(1200); // the first layout has settled
    return window;
}

} // namespace clstep::ui::test
