// clstep: the GUI. `clstep [FILE.cl|FILE.sim]` opens a kernel (a .cl with a .sim beside it
// uses the .sim; no argument opens samples/reduction_race.sim). `--headless` runs the same
// demo without a window; `--do` and `--screenshot` drive the window for demos and docs;
// `--help` and `--version` need no display either. `--results DIR` writes the buffers when
// the window closes (clstep-cli exec --break-on).
#include "DebugController.h"
#include "HeadlessRunner.h"
#include "MainWindow.h"
#include "ScriptRunner.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QTimer>

#include <filesystem>
#include <fstream>
#include <iostream>

using namespace clstep::ui;

namespace {

/// Every option of `clstep`, for the window and for the display-free paths alike (so that
/// `--help`, and the man page help2man makes from it, lists them all).
void addOptions(QCommandLineParser& p) {
    p.setApplicationDescription(
        QStringLiteral("clstep: interactive OpenCL C interpreter and visual memory debugger"));
    p.addHelpOption();
    p.addVersionOption();
    p.addPositionalArgument(QStringLiteral("file"),
                            QStringLiteral("kernel (.cl) or launch file (.sim)"));
    p.addOption({QStringLiteral("headless"),
                 QStringLiteral("run the demo without a window (no display needed)")});
    p.addOption({QStringLiteral("device-endian"),
                 QStringLiteral("with --headless: simulated device byte order, little|big"),
                 QStringLiteral("order"), QStringLiteral("little")});
    p.addOption({QStringLiteral("explore"),
                 QStringLiteral("with --headless: schedules to compare (0: none)"),
                 QStringLiteral("n"), QStringLiteral("4")});
    p.addOption({QStringLiteral("do"),
                 QStringLiteral("commands to run after opening, ';'-separated"),
                 QStringLiteral("script")});
    p.addOption({QStringLiteral("screenshot"),
                 QStringLiteral("save a PNG of the window after --do, then quit"),
                 QStringLiteral("file")});
    p.addOption(
        {QStringLiteral("size"), QStringLiteral("window size WxH"), QStringLiteral("size")});
    p.addOption({QStringLiteral("fresh"), QStringLiteral("ignore saved layout and settings")});
    p.addOption({QStringLiteral("presentation"), QStringLiteral("start in presentation mode")});
    p.addOption({QStringLiteral("dark"), QStringLiteral("dark theme")});
    p.addOption({QStringLiteral("results"),
                 QStringLiteral("when the window closes, write every __global/__constant "
                                "buffer as DIR/NAME.bin (its bytes at that moment) and "
                                "DIR/state.txt (finished|unfinished); clstep-cli exec "
                                "--break-on reads them back"),
                 QStringLiteral("dir")});
}

/// --results DIR: the buffers of the last state the window showed, one file per buffer.
bool writeResults(const SessionState& state, const QString& dir) {
    const clstep::debug::Snapshot* s = state.snapshot.get();
    std::error_code ec;
    std::filesystem::create_directories(dir.toStdString(), ec);
    if (!s || ec) return false;
    bool ok = true;
    for (const clstep::AddressSpace space :
         {clstep::AddressSpace::Global, clstep::AddressSpace::Constant})
        for (const clstep::debug::MemoryRegion& r : s->memory[space]) {
            std::ofstream out(std::filesystem::path(dir.toStdString()) / (r.name + ".bin"),
                              std::ios::binary);
            const std::vector<uint8_t> bytes = r.bytes.toVector(); // snapshots are paged
            out.write(reinterpret_cast<const char*>(bytes.data()),
                      static_cast<std::streamsize>(bytes.size()));
            ok = ok && static_cast<bool>(out);
        }
    std::ofstream(std::filesystem::path(dir.toStdString()) / "state.txt")
        << (s->runFinished ? "finished" : "unfinished") << "\n";
    return ok;
}

void setApplicationInfo() {
    QCoreApplication::setApplicationName(QStringLiteral("clstep"));
    QCoreApplication::setOrganizationName(QStringLiteral("clstep"));
    QCoreApplication::setApplicationVersion(QStringLiteral(CLSTEP_VERSION));
}

} // namespace

int main(int argc, char** argv) {
    // --help, --version and --headless must not need a display: they are handled with a
    // QCoreApplication, before any QApplication exists.
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--headless" || a == "--help" || a == "-h" || a == "-?" || a == "--help-all" ||
            a == "--version" || a == "-v") {
            QCoreApplication core(argc, argv);
            setApplicationInfo();
            QCommandLineParser p;
            addOptions(p);
            p.process(core); // prints --help / --version and exits; exits 1 on a bad option
            const QString file = p.positionalArguments().value(
                0, MainWindow::samplesDir() + QStringLiteral("/reduction_race.sim"));
            HeadlessRunner::Options o;
            o.deviceBigEndian = p.value(QStringLiteral("device-endian")) == QStringLiteral("big");
            o.exploreSchedules = p.value(QStringLiteral("explore")).toInt();
            return HeadlessRunner::run(file, o, std::cout, std::cerr);
        }
    }

    QApplication app(argc, argv);
    setApplicationInfo();
    QCommandLineParser p;
    addOptions(p);
    p.process(app);

    MainWindow::Options options;
    const bool scripted = p.isSet(QStringLiteral("screenshot")) || p.isSet(QStringLiteral("do"));
    options.persistSettings = !p.isSet(QStringLiteral("fresh")) && !scripted;
    options.interactive = !scripted;
    MainWindow window(options);
    if (p.isSet(QStringLiteral("size"))) {
        const QStringList wh = p.value(QStringLiteral("size")).split(QLatin1Char('x'));
        window.resize(wh.value(0).toInt(), wh.value(1).toInt());
    }
    if (p.isSet(QStringLiteral("dark"))) window.setDarkTheme(true);
    if (p.isSet(QStringLiteral("presentation"))) window.setPresentationMode(true);
    window.show();
    const QString file = p.positionalArguments().value(
        0, MainWindow::samplesDir() + QStringLiteral("/reduction_race.sim"));
    window.openPath(file);

    if (scripted) {
        int code = 0;
        QTimer::singleShot(0, &window, [&] {
            ScriptRunner runner(&window);
            if (!runner.run(ScriptRunner::split(p.value(QStringLiteral("do"))))) {
                std::cerr << "clstep: " << runner.error().toStdString() << '\n';
                code = 1;
            }
            const QString shot = p.value(QStringLiteral("screenshot"));
            if (!shot.isEmpty()) {
                if (!ScriptRunner::screenshot(&window, shot, true)) code = 1;
                QApplication::exit(code);
            }
        });
        const int rc = app.exec();
        if (p.isSet(QStringLiteral("results")) &&
            !writeResults(window.controller()->state(), p.value(QStringLiteral("results"))))
            code = 1;
        return code ? code : rc;
    }
    const int rc = app.exec();
    if (p.isSet(QStringLiteral("results")) &&
        !writeResults(window.controller()->state(), p.value(QStringLiteral("results")))) {
        std::cerr << "clstep: cannot write the buffers to "
                  << p.value(QStringLiteral("results")).toStdString() << "\n";
        return 1;
    }
    return rc;
}
