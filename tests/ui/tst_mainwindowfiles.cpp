// GUI tests of what the main window opens (offscreen): broken and missing kernels keep the
// window and the user's text, a launch's settings stay with its file, and image arguments are
// drawn as pictures.
#include "CodeEditor.h"
#include "DebugActions.h"
#include "DebugController.h"
#include "DiagnosticsModel.h"
#include "ImagePane.h"
#include "ImageView.h"
#include "KernelDocument.h"
#include "LaunchPanel.h"
#include "MainWindow.h"
#include "MemoryPane.h"
#include "TestWindow.h"
#include "Theme.h"

#include <QApplication>
#include <QFile>
#include <QMouseEvent>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QWheelEvent>

using namespace clstep;
using namespace clstep::ui;
using clstep::ui::test::sample;

class TestMainWindowFiles : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::quietDockWarnings(); }
    void init() { m_window = test::newTestWindow(); }
    void cleanup() {
        delete m_window;
        m_window = nullptr;
    }
    void brokenEditKeepsWindowAndText();
    void brokenFileOpensWithDiagnostics();
    void missingFileKeepsCurrentText();
    void subGroupSizeBelongsToTheLaunch();
    void imageArgumentDrawnAsPicture();

private:
    MainWindow* m_window = nullptr;
};

void TestMainWindowFiles::brokenEditKeepsWindowAndText() {
    QVERIFY(m_window->openPath(sample("reduction_race.sim")));
    QVERIFY(m_window->waitIdle());
    m_window->document()->setRebuildDelay(10);
    QString text = m_window->editor()->text();
    text.replace(QStringLiteral("partial[lid] = input[get_global_id(0)];"),
                 QStringLiteral("partial[lid] = input[get_global_id(0)] +;"));
    m_window->editor()->setText(text);
    QTest::qWait(50);
    QVERIFY(m_window->waitIdle());
    QVERIFY(m_window->isVisible());
    QCOMPARE(m_window->editor()->text(), text);
    QVERIFY(m_window->document()->modified());
    const SessionState& s = m_window->controller()->state();
    QVERIFY(!s.built);
    QVERIFY(m_window->diagnosticsModel()->rowCount() > 0);
    QCOMPARE(m_window->diagnosticsModel()->index(0, 0).data(DiagnosticsModel::LineRole).toInt(),
             16);
    QVERIFY(m_window->editor()->diagnosticLines().contains(16));
    QVERIFY(m_window->editor()->annotationAt(16).contains(QStringLiteral("error")));

    // Fixing the text rebuilds and runs again with the same launch.
    text.replace(QStringLiteral("+;"), QStringLiteral(";"));
    m_window->editor()->setText(text);
    QTest::qWait(50);
    QVERIFY(m_window->waitIdle());
    QVERIFY(m_window->controller()->state().built);
    QVERIFY(m_window->controller()->state().launched);
    QVERIFY(m_window->editor()->diagnosticLines().isEmpty());
}

void TestMainWindowFiles::brokenFileOpensWithDiagnostics() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("broken.cl"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("__kernel void k(__global int *p) {\n    p[0] = 1\n}\n");
    f.close();
    QVERIFY(m_window->openPath(path));
    QVERIFY(m_window->waitIdle());
    QVERIFY(m_window->isVisible());
    QVERIFY(m_window->editor()->text().contains(QStringLiteral("p[0] = 1")));
    QVERIFY(!m_window->controller()->state().built);
    QVERIFY(m_window->diagnosticsModel()->rowCount() > 0);
    QVERIFY(!m_window->editor()->diagnosticLines().isEmpty());
}

void TestMainWindowFiles::missingFileKeepsCurrentText() {
    QVERIFY(m_window->openPath(sample("vector_add.sim")));
    QVERIFY(m_window->waitIdle());
    const QString before = m_window->editor()->text();
    QVERIFY(!m_window->openPath(QStringLiteral("/nonexistent/kernel.cl")));
    QVERIFY(m_window->waitIdle());
    QCOMPARE(m_window->editor()->text(), before);
    QVERIFY(m_window->isVisible());
}

// Issue #16 item 5: the sub-group size is saved with the launch (`# clstep: sub-group-size`),
// restored when the file opens, and not carried to the next file.
void TestMainWindowFiles::subGroupSizeBelongsToTheLaunch() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile::copy(sample("reduction_race.cl"), dir.filePath(QStringLiteral("reduction_race.cl")));
    QFile in(sample("reduction_race.sim"));
    QVERIFY(in.open(QIODevice::ReadOnly));
    const QString simPath = dir.filePath(QStringLiteral("eight.sim"));
    QFile out(simPath);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write("# clstep: sub-group-size 8\n" + in.readAll());
    out.close();
    auto* spin =
        m_window->launchPanel()->findChild<QSpinBox*>(QStringLiteral("launchSubGroupSize"));
    QVERIFY(spin);

    QVERIFY(m_window->openPath(simPath));
    QVERIFY(m_window->waitIdle());
    QCOMPARE(m_window->controller()->state().subGroupSize, 8u);
    QCOMPARE(m_window->controller()->state().snapshot->subGroupSize, 8u);
    QVERIFY(MainWindow::settingsSummary(m_window->controller()->state())
                .contains(QStringLiteral("sub-group 8")));
    QCOMPARE(spin->value(), 8);
    QVERIFY(m_window->launchPanel()->composeSim().contains(
        QStringLiteral("# clstep: sub-group-size 8\n")));

    // the next file has no directive: the default, not the previous file's 8
    QVERIFY(m_window->openPath(sample("reduction_race.sim")));
    QVERIFY(m_window->waitIdle());
    QCOMPARE(m_window->controller()->state().subGroupSize, 32u);
    QCOMPARE(spin->value(), 32);
    QVERIFY(!m_window->launchPanel()->composeSim().contains(QStringLiteral("sub-group-size")));

    // set in the panel and applied: the run takes it, and Save writes the directive
    spin->setValue(4);
    LaunchPanel* launch = m_window->launchPanel();
    QVERIFY(launch->validate());
    const QString saved = dir.filePath(QStringLiteral("saved.sim"));
    m_window->controller()->applyLaunch(launch->composeSim(), launch->simPath(), saved,
                                        launch->deviceBigEndian(), launch->maxSteps());
    QVERIFY(m_window->waitIdle());
    QCOMPARE(m_window->controller()->state().subGroupSize, 4u);
    QFile written(saved);
    QVERIFY(written.open(QIODevice::ReadOnly));
    QVERIFY(written.readAll().contains("# clstep: sub-group-size 4\n"));
}

// Issue #14 item 1: an image argument is drawn as a picture in the __global pane: zoomable,
// the texel under the cursor described, the latest step's reads and writes outlined.
void TestMainWindowFiles::imageArgumentDrawnAsPicture() {
    QVERIFY(m_window->openPath(sample("image_blur.sim")));
    QVERIFY(m_window->waitIdle());
    MemoryPane* pane = m_window->memoryPane(AddressSpace::Global);
    QVERIFY(pane->selectRegion(QStringLiteral("src")));
    ImagePane* image = pane->imagePane();
    QVERIFY(image->isVisibleTo(pane));
    ImageView* view = image->view();
    // src: channel values 0, 1, 2, ... (CL_RGBA/CL_UNORM_INT8): texel (x, y) is drawn as
    // (r, g, b) = 4 * (8y + x) + (0, 1, 2)
    QCOMPARE(view->picture().size(), QSize(8, 8));
    QCOMPARE(view->picture().pixelColor(0, 0), QColor(0, 1, 2));
    QCOMPARE(view->picture().pixelColor(1, 0), QColor(4, 5, 6));
    QCOMPARE(view->picture().pixelColor(2, 3), QColor(104, 105, 106));
    QVERIFY(image->infoText().startsWith(QStringLiteral("8×8 image2d_t CL_RGBA/CL_UNORM_INT8")));
    const auto f = [](int v) { return QString::number(double(float(v) / 255.0f), 'g', 6); };
    QCOMPARE(view->texelText(1, 0),
             QStringLiteral("texel (1, 0): r %1 g %2 b %3 a %4").arg(f(4), f(5), f(6), f(7)));
    // zoom: an 8x8 image opens at 32 pixels per texel, Ctrl + wheel doubles it
    QCOMPARE(view->zoom(), 32);
    QCOMPARE(view->size(), QSize(256, 256));
    QWheelEvent wheel(QPointF(4, 4), view->mapToGlobal(QPointF(4, 4)), QPoint(), QPoint(0, 120),
                      Qt::NoButton, Qt::ControlModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(view, &wheel);
    QCOMPARE(view->zoom(), 64);
    QCOMPARE(view->size(), QSize(512, 512));
    // the texel under the cursor: (1, 0) at zoom 64 is x 64..127
    QMouseEvent move(QEvent::MouseMove, QPointF(70, 5), view->mapToGlobal(QPointF(70, 5)),
                     Qt::NoButton, Qt::NoButton, Qt::NoModifier);
    QApplication::sendEvent(view, &move);
    QCOMPARE(image->infoText(), view->texelText(1, 0));
    QCOMPARE(view->toolTip(), view->texelText(1, 0));

    // step work-item (0, 0): its reads of src are outlined, then its write of dst (0, 0)
    bool sawRead = false;
    for (int i = 0; i < 100; ++i) {
        m_window->actions()->action(DebugActions::Step)->trigger();
        QVERIFY(m_window->waitIdle());
        QVERIFY(pane->selectRegion(QStringLiteral("src")));
        if (view->markOf(0, 0) == 1 || view->markOf(1, 0) == 1 || view->markOf(0, 1) == 1) {
            sawRead = true;
            QVERIFY(view->texelText(0, 0).endsWith(QStringLiteral(" · read by the last step")) ||
                    view->markOf(0, 0) == 0);
        }
        QVERIFY(pane->selectRegion(QStringLiteral("dst")));
        if (view->markOf(0, 0) == 2) break;
    }
    QVERIFY(sawRead);
    QCOMPARE(view->markOf(0, 0), 2);
    QCOMPARE(view->markOf(1, 0), 0);
    QVERIFY(view->texelText(0, 0).endsWith(QStringLiteral(" · written by the last step")));
    // (0, 0) blurred with CLK_ADDRESS_CLAMP_TO_EDGE: (4·0 + 2·4 + 2·32 + 36) / 9 = 12
    QCOMPARE(view->picture().pixelColor(0, 0), QColor(12, 13, 14));
    QCOMPARE(view->picture().pixelColor(1, 0), QColor(0, 0, 0));
    // the outline is drawn in the write colour on the zoomed picture
    const QImage shown = view->grab().toImage();
    QCOMPARE(shown.pixelColor(1, 1).rgb(), Theme::lastWrite().rgb());
    // a region that is no image has no picture
    QVERIFY(m_window->openPath(sample("reduction_race.sim")));
    QVERIFY(m_window->waitIdle());
    QVERIFY(!pane->imagePane()->isVisibleTo(pane));
}

QTEST_MAIN(TestMainWindowFiles)
#include "tst_mainwindowfiles.moc"
