#include "MainMenus.h"

#include "CodeEditor.h"
#include "DebugActions.h"
#include "MainWindow.h"
#include "Theme.h"

#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QToolBar>

namespace clstep::ui {

void MainMenus::build(MainWindow* w) {
    QMenuBar* bar = w->menuBar();
    QMenu* file = bar->addMenu(MainWindow::tr("&File"));
    file->addAction(MainWindow::tr("&Open…"), QKeySequence::Open, w, &MainWindow::openWithDialog);
    QMenu* samples = file->addMenu(MainWindow::tr("Sa&mples"));
    samples->setObjectName(QStringLiteral("menuSamples"));
    const QDir dir(MainWindow::samplesDir());
    for (const QFileInfo& fi :
         dir.entryInfoList({QStringLiteral("*.sim")}, QDir::Files, QDir::Name)) {
        const QString path = fi.absoluteFilePath();
        samples->addAction(fi.completeBaseName(), w, [w, path] { w->openPath(path); });
    }
    if (samples->isEmpty())
        samples->addAction(MainWindow::tr("(no samples found)"))->setEnabled(false);
    file->addAction(MainWindow::tr("&Save"), QKeySequence::Save, w, [w] { w->saveFile(false); });
    file->addAction(MainWindow::tr("Save &as…"), QKeySequence::SaveAs, w,
                    [w] { w->saveFile(true); });
    file->addSeparator();
    file->addAction(MainWindow::tr("&Quit"), QKeySequence::Quit, w, &QWidget::close);

    CodeEditor* editor = w->editor();
    QMenu* edit = bar->addMenu(MainWindow::tr("&Edit"));
    edit->addAction(MainWindow::tr("&Undo"), QKeySequence::Undo, editor, &QsciScintilla::undo);
    // One Redo key everywhere (the editor binds the same one, CodeEditor::redoKey()).
    edit->addAction(MainWindow::tr("&Redo"), CodeEditor::redoKey(), editor, &QsciScintilla::redo);
    edit->addSeparator();
    edit->addAction(MainWindow::tr("Cu&t"), QKeySequence::Cut, editor, &QsciScintilla::cut);
    edit->addAction(MainWindow::tr("&Copy"), QKeySequence::Copy, editor, &QsciScintilla::copy);
    edit->addAction(MainWindow::tr("&Paste"), QKeySequence::Paste, editor, &QsciScintilla::paste);

    bar->addMenu(w->actions()->menu());
    w->actions()->menu()->addSeparator();
    w->actions()
        ->menu()
        ->addAction(MainWindow::tr("Chec&k across launches…"), w, &MainWindow::checkAcrossLaunches)
        ->setObjectName(QStringLiteral("checkAcrossLaunches"));

    QMenu* view = bar->addMenu(MainWindow::tr("&View"));
    view->addAction(MainWindow::tr("Zoom &in"), QKeySequence::ZoomIn, w, [w] { w->zoom(1); });
    view->addAction(MainWindow::tr("Zoom &out"), QKeySequence::ZoomOut, w, [w] { w->zoom(-1); });
    view->addAction(MainWindow::tr("&Reset zoom"), QKeySequence(Qt::CTRL | Qt::Key_0), w,
                    [w] { w->zoom(0); });
    QAction* present = view->addAction(MainWindow::tr("&Presentation mode"));
    present->setObjectName(QStringLiteral("actionPresentation"));
    present->setCheckable(true);
    present->setShortcut(QKeySequence(Qt::Key_F12));
    QObject::connect(present, &QAction::toggled, w, &MainWindow::setPresentationMode);
    QAction* dark = view->addAction(MainWindow::tr("&Dark theme"));
    dark->setObjectName(QStringLiteral("actionDark"));
    dark->setCheckable(true);
    dark->setChecked(Theme::dark());
    QObject::connect(dark, &QAction::toggled, w, &MainWindow::setDarkTheme);
    QAction* scratchpad = view->addAction(MainWindow::tr("&Scratchpad (OpenCL C REPL)"));
    scratchpad->setObjectName(QStringLiteral("actionScratchpad"));
    scratchpad->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    scratchpad->setShortcutContext(Qt::ApplicationShortcut);
    QObject::connect(scratchpad, &QAction::triggered, w, &MainWindow::showScratchpad);
    view->addSeparator();
    // The panes in a submenu (the View menu must fit a 768-pixel screen at presentation
    // fonts); choosing one shows it and brings it in front of the panes it is tabbed with.
    QMenu* panes = view->addMenu(MainWindow::tr("P&anes"));
    panes->setObjectName(QStringLiteral("menuPanes"));
    for (QDockWidget* d : w->findChildren<QDockWidget*>()) {
        QAction* a = panes->addAction(d->windowTitle());
        a->setObjectName(QStringLiteral("show_") + d->objectName());
        a->setToolTip(MainWindow::tr("Show %1 in front").arg(d->windowTitle()));
        QObject::connect(a, &QAction::triggered, d, [d] {
            d->show();
            d->raise();
        });
    }
    view->addAction(w->actions()->toolBar()->toggleViewAction());
    view->addSeparator();
    view->addAction(MainWindow::tr("Reset &layout"), w, &MainWindow::resetLayout);
    view->addAction(MainWindow::tr("&Teaching layout (editor, grid, __local memory)"), w,
                    &MainWindow::teachingLayout)
        ->setObjectName(QStringLiteral("actionTeachingLayout"));

    QMenu* help = bar->addMenu(MainWindow::tr("&Help"));
    help->addAction(MainWindow::tr("&Classroom walkthrough"), w, [w] {
        QMessageBox::information(
            w, MainWindow::tr("Classroom walkthrough"),
            MainWindow::tr(
                "1. File › Samples › reduction_race.\n"
                "2. Press F7 (lockstep step) a few times: every work-item moves.\n"
                "3. Watch __local memory light up: orange = written, blue = read.\n"
                "4. Auto-play (Ctrl+P) stops when the race checker reports a race.\n"
                "5. Click the race in Diagnostics: both lines and work-items are shown.\n\n"
                "See docs/classroom.md for the full walkthrough."));
    });
    help->addAction(MainWindow::tr("&About clstep"), w, [w] {
        QMessageBox::about(
            w, MainWindow::tr("About clstep"),
            MainWindow::tr(
                "clstep: an interactive OpenCL C interpreter and visual memory debugger."));
    });
}

} // namespace clstep::ui
