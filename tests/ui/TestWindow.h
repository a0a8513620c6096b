#pragma once
// Shared by the GUI tests that drive a whole MainWindow (tst_mainwindow, tst_lessonsteps,
// tst_simtviews, tst_scratchpad).

#include "MainWindow.h"

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

} // namespace clstep::ui::test
