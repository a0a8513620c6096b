// SweepDialog: Debug › Check across launches… (the sweep of `clstep-cli sweep` in the GUI).
#include "SweepDialog.h"

#include "DebugController.h"

#include "debug/LaunchFile.h"
#include "debug/Scheduler.h"
#include "debug/Session.h"
#include "debug/Sweep.h"

#include <QDialogButtonBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QTableWidget>
#include <QThread>
#include <QVBoxLayout>

#include <algorithm>
#include <sstream>

namespace clstep::ui {

/// The input and outcome of one sweep; the worker thread fills it, then the dialog reads it.
struct SweepDialog::Outcome {
    // input
    QString simText, simPath, kernelPath, kernelText;
    CheckOptions checks;
    quint64 maxSteps = 0;
    debug::SweepMatrixText matrix; ///< the fields, as `clstep-cli sweep`'s options
    QStringList suppressionFiles;  ///< rule files (`sweep --suppressions`)
    // outcome
    QString suppressed; ///< "N reports suppressed by M rules" ("" without rules)
    QString error;      ///< not empty: the launch or the kernel has errors (shown instead)
    std::vector<launch::SweepConfiguration> configs;
    std::vector<launch::SweepRunResult> runs;
    launch::SweepReport report;
    QStringList findings;             ///< per finding: its first line and its configurations
    QStringList findingDetails;       ///< per finding: the whole report as `run` prints it
    std::vector<KernelArgument> args; ///< the launch's arguments (which are __local)
    NDRange range;                    ///< the launch's NDRange
    std::vector<std::string> pinned;  ///< `# clstep: pin-local` names
    std::vector<SourceRange> headers; ///< per argument, its `<...>` header in simText
    uint32_t localSizeLine = 0;       ///< 1-based line of the work-group size in simText
    SourceManager sources;            ///< the program's files (diagnostic ranges)
};

namespace {

QString diagnosticsText(const SourceManager& sources, const std::vector<Diagnostic>& diags) {
    std::ostringstream text;
    const launch::DiagnosticPrinter printer(sources);
    for (const Diagnostic& d : diags)
        printer.printText(text, d);
    return QString::fromStdString(text.str());
}

/// Launch-file problems as "line N: message" lines (their ranges are in the launch text).
QString launchProblems(const std::vector<Diagnostic>& diags) {
    QString text;
    for (const Diagnostic& d : diags)
        text += SweepDialog::tr("line %1: ").arg(d.range.begin.line) +
                QString::fromStdString(d.message) + QLatin1Char('\n');
    return text;
}

} // namespace

void SweepDialog::compute(Outcome& o) {
    launch::SweepMatrixOptions matrix;
    std::string why;
    if (!debug::Sweep::parseMatrix(o.matrix, matrix, why)) {
        o.error = tr("The matrix has an error: %1").arg(QString::fromStdString(why));
        return;
    }
    launch::Suppressions suppressions;
    for (const QString& file : o.suppressionFiles) {
        const std::vector<Diagnostic> errors = suppressions.load(file.toStdString());
        if (!errors.empty()) {
            o.error = tr("The suppression file has errors:\n") +
                      diagnosticsText(suppressions.sources(), errors);
            return;
        }
    }
    std::vector<Diagnostic> diags;
    const std::string simPath = o.simPath.toStdString();
    auto config = debug::LaunchFile::parse(o.simText.toStdString(), simPath, diags, true);
    if (!config) {
        o.error = tr("The launch has errors:\n") + launchProblems(diags);
        return;
    }
    debug::Session session;
    CompileOptions compile;
    debug::LaunchFile::applySettings(&*config, session, compile);
    if (config->buildOptions) compile.applyBuildOptions(*config->buildOptions, why);
    const std::string kernelPath =
        o.kernelPath.isEmpty() ? config->kernelFile : o.kernelPath.toStdString();
    const bool built = o.kernelText.isNull()
                           ? session.loadFile(kernelPath, compile)
                           : session.loadSource(kernelPath, o.kernelText.toStdString(), compile);
    if (!built || !session.program()) {
        o.error = tr("The kernel does not build:\n") +
                  (session.program()
                       ? diagnosticsText(session.program()->sources, session.program()->diagnostics)
                       : QString::fromStdString(session.lastError()));
        return;
    }
    const debug::LaunchFile::Applied applied =
        debug::LaunchFile::apply(session, compile, o.simText.toStdString(), simPath, std::string(),
                                 config->deviceBigEndian.value_or(false), o.maxSteps);
    if (!applied.ok) {
        o.error = tr("The launch does not fit the kernel:\n") + launchProblems(applied.diags);
        return;
    }
    const Program& program = *session.program();
    const bool big = session.runOptions().deviceBigEndian;
    matrix.usesSubGroups = launch::SweepMatrix::usesSubGroupFunctions(program);
    o.range = session.ndRange();
    o.configs = launch::SweepMatrix::expand(matrix, o.range, big);

    // the byte order is a build option (__ENDIAN_LITTLE__): one program per byte order
    std::unique_ptr<Program> other;
    for (const launch::SweepConfiguration& c : o.configs)
        if (c.bigEndian != big && !other) {
            CompileOptions co = session.compileOptions();
            co.deviceLittleEndian = big;
            other = Program::fromSource(program.sources.path(program.mainFile),
                                        std::string(program.sources.text(program.mainFile)), co);
        }
    debug::SweepLaunch sl;
    sl.littleEndian = big ? other.get() : &program;
    sl.bigEndian = big ? &program : other.get();
    sl.kernel = session.kernelName();
    sl.range = o.range;
    sl.args = session.arguments();
    for (const launch::KernelArgSpec& spec : config->args)
        sl.dump.push_back(spec.dump);
    sl.run = session.runOptions();
    sl.checks = o.checks;
    sl.pinnedLocals = config->pinnedLocals;
    std::vector<launch::KernelArgSpec> specs = config->args;
    for (launch::KernelArgSpec& spec : specs)
        if (!spec.type) spec.type = spec.writtenType;
    launch::SweepResults results(o.configs.size(), specs, 0);
    debug::Sweep::run(sl, o.configs, 0, results);
    if (!suppressions.empty()) {
        launch::SweepReport::suppress(results.runs(), suppressions, program.sources, sl.kernel);
        o.suppressed = QString::fromStdString(suppressions.summaryLine());
    }
    o.report = launch::SweepReport::build(results);
    o.runs = std::move(results.runs());
    launch::DiagnosticPrinter printer(program.sources);
    printer.setKernelName(sl.kernel);
    for (const launch::SweepFinding& f : o.report.findings) {
        std::ostringstream text;
        printer.printText(text, f.diagnostic, f.count);
        const QString all = QString::fromStdString(text.str());
        o.findingDetails << all;
        o.findings << all.section(QLatin1Char('\n'), 0, 0) + QLatin1Char('\n') +
                          tr("under %1 of %2 configurations")
                              .arg(f.configurations.size())
                              .arg(o.runs.size());
    }
    o.args = sl.args;
    o.pinned = sl.pinnedLocals;
    for (const launch::KernelArgSpec& spec : config->args)
        o.headers.push_back(spec.headerRange);
    o.localSizeLine = config->localSizeRange.begin.line;
    o.sources = program.sources;
}

SweepDialog::SweepDialog(DebugController* controller, QWidget* parent)
    : QDialog(parent), m_controller(controller) {
    setObjectName(QStringLiteral("sweepDialog"));
    setWindowTitle(tr("Check across launches"));
    auto* layout = new QVBoxLayout(this);
    m_summary = new QLabel(tr("Running the kernel under every configuration…"));
    m_summary->setObjectName(QStringLiteral("sweepSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* matrixBox = new QGroupBox(tr("Matrix (empty fields: the defaults)"));
    auto* form = new QFormLayout(matrixBox);
    auto lineEdit = [&](QLineEdit*& edit, const char* name, const QString& label,
                        const QString& placeholder, const QString& tip) {
        edit = new QLineEdit;
        edit->setObjectName(QString::fromLatin1(name));
        edit->setPlaceholderText(placeholder);
        edit->setToolTip(tip);
        form->addRow(label, edit);
    };
    lineEdit(m_local, "sweepLocal", tr("&Work-group sizes:"),
             tr("every size that divides the global size"),
             tr("Work-group sizes to try, as clstep-cli sweep --local: 8,16,32 or 8x8,16x16"));
    lineEdit(m_subGroups, "sweepSubGroups", tr("S&ub-group sizes:"),
             tr("8,16,32,64 when the kernel uses sub-group functions"),
             tr("Sub-group sizes to try, as clstep-cli sweep --sub-group-size: 8,16"));
    lineEdit(m_schedules, "sweepSchedules", tr("Sc&hedules:"), tr("in-order,reverse,round-robin"),
             tr("Work-item schedules, as clstep-cli sweep --schedules: "
                "in-order,reverse,round-robin,simt"));
    m_random = new QSpinBox;
    m_random->setObjectName(QStringLiteral("sweepRandom"));
    m_random->setRange(0, 1000);
    m_random->setToolTip(tr("Also this many random schedules, seeds 1..N (clstep-cli sweep "
                            "--random)"));
    form->addRow(tr("&Random schedules:"), m_random);
    lineEdit(m_endians, "sweepEndians", tr("&Byte orders:"), tr("the launch's"),
             tr("Device byte orders, as clstep-cli sweep --device-endian: little,big"));
    lineEdit(m_suppressions, "sweepSuppressions", tr("Su&ppressions:"),
             tr("suppression rule files, separated by ':'"),
             tr("Reports these files' rules match are left out (clstep-cli sweep "
                "--suppressions; CLSTEP_SUPPRESSIONS fills this field)"));
    m_suppressions->setText(QString::fromLocal8Bit(qgetenv("CLSTEP_SUPPRESSIONS")));
    m_run = new QPushButton(tr("R&un"));
    m_run->setObjectName(QStringLiteral("sweepRun"));
    m_run->setEnabled(false);
    form->addRow(QString(), m_run);
    connect(m_run, &QPushButton::clicked, this, &SweepDialog::rerun);
    layout->addWidget(matrixBox);
    layout->addWidget(m_summary);
    m_table = new QTableWidget(0, 6);
    m_table->setObjectName(QStringLiteral("sweepTable"));
    m_table->setHorizontalHeaderLabels({tr("Configuration"), tr("Verdict"), tr("Errors"),
                                        tr("Warnings"), tr("Results"), tr("First diagnostic")});
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setToolTip(tr("Double-click a configuration to debug it, stopped at its first error"));
    layout->addWidget(m_table, 3);
    auto* findingsLabel = new QLabel(tr("Diagnostics (each once, with the configurations that "
                                        "show it):"));
    layout->addWidget(findingsLabel);
    m_findings = new QListWidget;
    m_findings->setObjectName(QStringLiteral("sweepFindings"));
    m_findings->setWordWrap(true);
    layout->addWidget(m_findings, 2);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    m_open = buttons->addButton(tr("&Open in debugger"), QDialogButtonBox::ActionRole);
    m_open->setObjectName(QStringLiteral("sweepOpen"));
    m_open->setEnabled(false);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_open, &QPushButton::clicked, this, [this] {
        if (m_table->currentRow() >= 0) openConfiguration(m_table->currentRow());
    });
    connect(m_table, &QTableWidget::cellDoubleClicked, this,
            [this](int row, int) { openConfiguration(row); });
    connect(m_table, &QTableWidget::currentCellChanged, this, [this](int row) {
        m_open->setEnabled(m_controller && row >= 0 && rowVerdict(row) != RowVerdict::NotLaunched);
    });
    resize(760, 720);
}

SweepDialog::~SweepDialog() {
    // the sweep cannot be stopped half-way: wait for it (a sweep takes a second or so)
    if (m_thread) m_thread->wait();
    delete m_thread;
}

void SweepDialog::start(const QString& simText, const QString& simPath, const QString& kernelPath,
                        const QString& kernelText, const CheckOptions& checks, quint64 maxSteps) {
    if (running()) return;
    m_input = std::make_shared<Outcome>();
    m_input->simText = simText;
    m_input->simPath = simPath;
    m_input->kernelPath = kernelPath;
    m_input->kernelText = kernelText;
    m_input->checks = checks;
    m_input->maxSteps = maxSteps;
    rerun();
}

debug::SweepMatrixText SweepDialog::matrixText() const {
    debug::SweepMatrixText m;
    m.local = m_local->text().trimmed().toStdString();
    m.subGroups = m_subGroups->text().trimmed().toStdString();
    m.schedules = m_schedules->text().trimmed().toStdString();
    m.random = static_cast<unsigned>(m_random->value());
    m.endians = m_endians->text().trimmed().toStdString();
    return m;
}

void SweepDialog::rerun() {
    if (running() || !m_input) return;
    auto outcome = std::make_shared<Outcome>();
    outcome->simText = m_input->simText;
    outcome->simPath = m_input->simPath;
    outcome->kernelPath = m_input->kernelPath;
    outcome->kernelText = m_input->kernelText;
    outcome->checks = m_input->checks;
    outcome->maxSteps = m_input->maxSteps;
    outcome->matrix = matrixText();
    for (const QString& file : m_suppressions->text().split(QLatin1Char(':'), Qt::SkipEmptyParts))
        outcome->suppressionFiles << file.trimmed();
    m_run->setEnabled(false);
    m_open->setEnabled(false);
    m_outcome.reset();
    m_table->setRowCount(0);
    m_findings->clear();
    m_summary->setText(tr("Running the kernel under every configuration…"));
    delete m_thread;
    m_thread = QThread::create([outcome] { compute(*outcome); });
    connect(m_thread, &QThread::finished, this, [this, outcome] {
        m_outcome = outcome;
        m_run->setEnabled(true);
        showOutcome();
        emit finished();
    });
    m_thread->start();
}

bool SweepDialog::running() const {
    return m_thread && m_thread->isRunning();
}

const std::vector<launch::SweepConfiguration>& SweepDialog::configurations() const {
    static const std::vector<launch::SweepConfiguration> none;
    return m_outcome ? m_outcome->configs : none;
}

const launch::SweepReport& SweepDialog::report() const {
    static const launch::SweepReport none;
    return m_outcome ? m_outcome->report : none;
}

SweepDialog::RowVerdict SweepDialog::rowVerdict(int row) const {
    if (!m_outcome || row < 0 || static_cast<size_t>(row) >= m_outcome->runs.size())
        return RowVerdict::NotLaunched;
    const launch::SweepRunResult& run = m_outcome->runs[static_cast<size_t>(row)];
    if (!run.failure.empty()) return RowVerdict::Errors;
    if (!run.launched) return RowVerdict::NotLaunched;
    bool warnings = false;
    for (const Diagnostic& d : run.diagnostics) {
        if (d.severity == Severity::Error) return RowVerdict::Errors;
        warnings = warnings || d.severity == Severity::Warning;
    }
    const auto& classes = m_outcome->report.resultClasses;
    if (!classes.empty() && std::find(classes.front().begin(), classes.front().end(),
                                      static_cast<size_t>(row)) == classes.front().end())
        return RowVerdict::OtherResults;
    return warnings ? RowVerdict::Warnings : RowVerdict::Clean;
}

const Diagnostic* SweepDialog::firstDiagnostic(int row) const {
    if (!m_outcome || row < 0 || static_cast<size_t>(row) >= m_outcome->runs.size()) return nullptr;
    const launch::SweepRunResult& run = m_outcome->runs[static_cast<size_t>(row)];
    // the debugger stops at errors, not at warnings: the first error, else the first report
    for (const Diagnostic& d : run.diagnostics)
        if (d.severity == Severity::Error) return &d;
    return run.diagnostics.empty() ? nullptr : &run.diagnostics.front();
}

QString SweepDialog::firstDiagnosticText(int row) const {
    const Diagnostic* d = firstDiagnostic(row);
    if (!d) return {};
    QString text = QString::fromUtf8(DiagnosticKinds::name(d->kind));
    if (d->range.valid())
        text +=
            tr(" at %1:%2:%3")
                .arg(QFileInfo(QString::fromStdString(m_outcome->sources.path(d->range.begin.file)))
                         .fileName())
                .arg(d->range.begin.line)
                .arg(d->range.begin.column);
    return text;
}

QString SweepDialog::verdictText(RowVerdict v) {
    switch (v) {
    case RowVerdict::NotLaunched:
        return tr("not launched");
    case RowVerdict::Errors:
        return tr("errors");
    case RowVerdict::OtherResults:
        return tr("other results");
    case RowVerdict::Warnings:
        return tr("warnings");
    case RowVerdict::Clean:
        return tr("clean");
    }
    return {};
}

QColor SweepDialog::verdictBackground(RowVerdict v) {
    switch (v) {
    case RowVerdict::NotLaunched:
        return QColor(0xe5, 0xe7, 0xeb); // grey
    case RowVerdict::Errors:
        return QColor(0xfa, 0xd4, 0xd4); // red
    case RowVerdict::OtherResults:
    case RowVerdict::Warnings:
        return QColor(0xfd, 0xec, 0xb8); // amber
    case RowVerdict::Clean:
        return QColor(0xd3, 0xf0, 0xda); // green
    }
    return Qt::white;
}

QColor SweepDialog::verdictForeground(RowVerdict v) {
    switch (v) {
    case RowVerdict::NotLaunched:
        return QColor(0x37, 0x41, 0x51);
    case RowVerdict::Errors:
        return QColor(0x7f, 0x1d, 0x1d);
    case RowVerdict::OtherResults:
    case RowVerdict::Warnings:
        return QColor(0x71, 0x3f, 0x12);
    case RowVerdict::Clean:
        return QColor(0x14, 0x53, 0x2d);
    }
    return Qt::black;
}

void SweepDialog::showOutcome() {
    const Outcome& o = *m_outcome;
    if (!o.error.isEmpty()) {
        m_summary->setText(o.error);
        return;
    }
    std::vector<long> classOf(o.runs.size(), -1);
    for (size_t k = 0; k < o.report.resultClasses.size(); ++k)
        for (size_t c : o.report.resultClasses[k])
            classOf[c] = static_cast<long>(k);
    m_table->setRowCount(static_cast<int>(o.runs.size()));
    for (size_t i = 0; i < o.runs.size(); ++i) {
        const launch::SweepRunResult& run = o.runs[i];
        const int row = static_cast<int>(i);
        int errors = 0, warnings = 0;
        for (const Diagnostic& d : run.diagnostics) {
            errors += d.severity == Severity::Error;
            warnings += d.severity == Severity::Warning;
        }
        const RowVerdict v = rowVerdict(row);
        auto* name = new QTableWidgetItem(QString::fromStdString(run.config.name()));
        auto* verdict = new QTableWidgetItem(verdictText(v));
        verdict->setBackground(verdictBackground(v));
        verdict->setForeground(verdictForeground(v));
        if (!run.failure.empty()) verdict->setToolTip(QString::fromStdString(run.failure));
        m_table->setItem(row, 0, name);
        m_table->setItem(row, 1, verdict);
        m_table->setItem(row, 2, new QTableWidgetItem(QString::number(errors)));
        m_table->setItem(row, 3, new QTableWidgetItem(QString::number(warnings)));
        m_table->setItem(row, 4,
                         new QTableWidgetItem(classOf[i] < 0 ? QStringLiteral("—")
                                                             : tr("class %1").arg(classOf[i] + 1)));
        m_table->setItem(row, 5, new QTableWidgetItem(firstDiagnosticText(row)));
    }
    m_table->resizeColumnsToContents();
    for (int k = 0; k < o.findings.size(); ++k) {
        auto* item = new QListWidgetItem(o.findings[k]);
        item->setToolTip(o.findingDetails[k]);
        m_findings->addItem(item);
    }
    if (o.findings.isEmpty()) m_findings->addItem(tr("(no diagnostic under any configuration)"));
    QString summary =
        (o.runs.size() == 1 ? tr("1 configuration") : tr("%1 configurations").arg(o.runs.size())) +
        tr(". Verdict: %1").arg(QString::fromLatin1(launch::sweepVerdictName(o.report.verdict)));
    if (o.report.resultClasses.size() > 1)
        summary += tr(" (%1 classes of configurations with equal results)")
                       .arg(o.report.resultClasses.size());
    if (!o.suppressed.isEmpty()) summary += QStringLiteral(". ") + o.suppressed;
    m_summary->setText(summary);
}

QString SweepDialog::launchTextFor(size_t index) const {
    if (!m_outcome || index >= m_outcome->configs.size()) return {};
    const Outcome& o = *m_outcome;
    const launch::SweepConfiguration& c = o.configs[index];
    QStringList lines = o.simText.split(QLatin1Char('\n'));
    // __local arguments keep their bytes per work-item (as debug::Sweep runs them)
    if (o.range.localGiven) {
        const std::vector<KernelArgument> scaled =
            launch::SweepMatrix::argumentsFor(o.args, o.range.local, c.localSize, o.pinned);
        for (size_t i = 0; i < scaled.size() && i < o.headers.size(); ++i) {
            if (scaled[i].kind != KernelArgument::Kind::Local || scaled[i].size == o.args[i].size)
                continue;
            const int line = static_cast<int>(o.headers[i].begin.line) - 1;
            if (line < 0 || line >= lines.size()) continue;
            static const QRegularExpression size(QStringLiteral("\\bsize=\\d+"));
            lines[line].replace(size, QStringLiteral("size=%1").arg(scaled[i].size));
        }
    }
    const int localLine = static_cast<int>(o.localSizeLine) - 1;
    if (localLine >= 0 && localLine < lines.size())
        lines[localLine] =
            QStringLiteral("%1 %2 %3").arg(c.localSize[0]).arg(c.localSize[1]).arg(c.localSize[2]);
    return lines.join(QLatin1Char('\n'));
}

void SweepDialog::openConfiguration(int row) {
    if (!m_controller || !m_outcome || rowVerdict(row) == RowVerdict::NotLaunched) return;
    const launch::SweepConfiguration& c = m_outcome->configs[static_cast<size_t>(row)];
    debug::SchedulePolicy policy = debug::SchedulePolicy::InOrder;
    debug::parseSchedulePolicy(c.schedule, policy);
    // queued in order on the debugger's worker: launch, sub-group size, schedule, errors on,
    // then continue to the first stop (the first error under this configuration)
    m_controller->applyLaunch(launchTextFor(static_cast<size_t>(row)), m_outcome->simPath,
                              QString(), c.bigEndian, m_outcome->maxSteps);
    if (c.subGroupSize) m_controller->setSubGroupSize(c.subGroupSize);
    m_controller->setSchedule(policy, c.seed);
    m_controller->setBreakOnError(true);
    m_controller->run(debug::Command::Continue);
}

} // namespace clstep::ui
