#include "LaunchPanel.h"

#include "Theme.h"

#include "debug/LaunchFile.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTextStream>
#include <QVBoxLayout>

namespace clstep::ui {

namespace {
QWidget* row(std::initializer_list<QWidget*> widgets) {
    auto* w = new QWidget;
    auto* l = new QHBoxLayout(w);
    l->setContentsMargins(0, 0, 0, 0);
    for (QWidget* x : widgets)
        l->addWidget(x);
    l->addStretch(1);
    return w;
}
} // namespace

LaunchPanel::LaunchPanel(QWidget* parent) : QWidget(parent) {
    auto* outer = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_simLabel = new QLabel(tr("(no launch file)"));
    m_simLabel->setWordWrap(true);
    form->addRow(tr("Launch file"), m_simLabel);

    m_kernel = new QComboBox;
    m_kernel->setObjectName(QStringLiteral("launchKernel"));
    m_kernel->setEditable(true);
    form->addRow(tr("Kernel"), m_kernel);
    m_messages[KernelField] = messageLabel();
    form->addRow(QString(), m_messages[KernelField]);

    m_dims = new QSpinBox;
    m_dims->setRange(1, 3);
    m_dims->setObjectName(QStringLiteral("launchDims"));
    form->addRow(tr("Dimensions"), m_dims);
    for (int d = 0; d < 3; ++d) {
        m_global[d] = new QSpinBox;
        m_global[d]->setRange(1, 1 << 30);
        m_global[d]->setObjectName(QStringLiteral("launchGlobal%1").arg(d));
        m_local[d] = new QSpinBox;
        m_local[d]->setRange(1, 1 << 16);
        m_local[d]->setObjectName(QStringLiteral("launchLocal%1").arg(d));
    }
    form->addRow(tr("Global size"), row({m_global[0], m_global[1], m_global[2]}));
    m_messages[GlobalField] = messageLabel();
    form->addRow(QString(), m_messages[GlobalField]);
    m_localAuto = new QCheckBox(tr("auto"));
    m_localAuto->setToolTip(tr("Let clstep choose the work-group size"));
    form->addRow(tr("Local size"), row({m_local[0], m_local[1], m_local[2], m_localAuto}));
    m_messages[LocalField] = messageLabel();
    form->addRow(QString(), m_messages[LocalField]);

    m_args = new QPlainTextEdit;
    m_args->setObjectName(QStringLiteral("launchArgs"));
    m_args->setFont(Theme::codeFont());
    m_args->setPlaceholderText(
        tr("one <...> specification per kernel argument, as in a .sim file,\n"
           "e.g. <size=4096 float range=0:1:1023>"));
    m_args->setLineWrapMode(QPlainTextEdit::NoWrap);
    form->addRow(tr("Arguments"), m_args);
    m_messages[ArgsField] = messageLabel();
    form->addRow(QString(), m_messages[ArgsField]);

    m_endian = new QComboBox;
    m_endian->addItems({tr("little-endian (like the host)"), tr("big-endian")});
    m_endian->setObjectName(QStringLiteral("launchEndian"));
    form->addRow(tr("Device byte order"), m_endian);
    m_maxSteps = new QSpinBox;
    m_maxSteps->setRange(1000, 2000000000);
    m_maxSteps->setValue(100000000);
    m_maxSteps->setToolTip(
        tr("Check: statements one work-item may run before it is stopped (endless loops)"));
    form->addRow(tr("Step limit"), m_maxSteps);
    m_subGroup = new QSpinBox;
    m_subGroup->setRange(1, 1024);
    m_subGroup->setValue(static_cast<int>(RunOptions{}.subGroupSize));
    m_subGroup->setObjectName(QStringLiteral("launchSubGroupSize"));
    m_subGroup->setToolTip(tr("Work-items per sub-group (the sub-group functions of "
                              "__opencl_c_subgroups, the simt schedule "
                              "and the efficiency statistics); saved with the launch"));
    form->addRow(tr("Sub-group size"), m_subGroup);
    const char* checkNames[4] = {"data races", "uninitialized reads", "endian events",
                                 "uniform writes"};
    const char* checkTips[4] = {
        "Report conflicting accesses between work-items without a barrier between them",
        "Report reads of bytes nothing wrote",
        "Report each load/store through an endian(host) pointer",
        "Also report write-write races that store the same value"};
    for (int i = 0; i < 4; ++i) {
        m_checks[static_cast<size_t>(i)] = new QCheckBox(tr(checkNames[i]));
        m_checks[static_cast<size_t>(i)]->setToolTip(tr(checkTips[i]));
        m_checks[static_cast<size_t>(i)]->setChecked(i < 3);
    }
    form->addRow(tr("Checks"), row({m_checks[0], m_checks[1]}));
    form->addRow(QString(), row({m_checks[2], m_checks[3]}));
    m_policy = new QComboBox;
    for (auto p : {debug::SchedulePolicy::InOrder, debug::SchedulePolicy::RoundRobin,
                   debug::SchedulePolicy::Reverse, debug::SchedulePolicy::Random,
                   debug::SchedulePolicy::Simt})
        m_policy->addItem(QString::fromLatin1(debug::schedulePolicyName(p)), static_cast<int>(p));
    m_seed = new QSpinBox;
    m_seed->setRange(0, 1 << 30);
    m_seed->setValue(1);
    m_seed->setPrefix(tr("seed "));
    form->addRow(tr("Schedule"), row({m_policy, m_seed}));
    outer->addLayout(form);

    auto* apply = new QPushButton(tr("Apply && reset"));
    apply->setObjectName(QStringLiteral("launchApply"));
    auto* open = new QPushButton(tr("Open .sim…"));
    auto* saveButton = new QPushButton(tr("Save .sim…"));
    outer->addWidget(row({apply, open, saveButton}));
    outer->addStretch(1);

    connect(m_dims, qOverload<int>(&QSpinBox::valueChanged), this, &LaunchPanel::updateDims);
    connect(m_localAuto, &QCheckBox::toggled, this, &LaunchPanel::updateDims);
    connect(apply, &QPushButton::clicked, this, [this] {
        if (validate()) emit applyRequested(composeSim(), m_simPath, QString());
    });
    connect(saveButton, &QPushButton::clicked, this, &LaunchPanel::save);
    connect(open, &QPushButton::clicked, this, [this] {
        const QString f = QFileDialog::getOpenFileName(
            this, tr("Open launch file"), QFileInfo(m_simPath).path(), tr("Launch files (*.sim)"));
        if (!f.isEmpty()) emit openRequested(f);
    });
    auto schedule = [this] {
        emit scheduleChosen(static_cast<debug::SchedulePolicy>(m_policy->currentData().toInt()),
                            static_cast<quint64>(m_seed->value()));
    };
    connect(m_policy, qOverload<int>(&QComboBox::activated), this, schedule);
    connect(m_seed, &QSpinBox::editingFinished, this, schedule);
    updateDims();
}

QLabel* LaunchPanel::messageLabel() {
    auto* l = new QLabel;
    l->setWordWrap(true);
    l->setStyleSheet(QStringLiteral("color:%1").arg(Theme::error().name()));
    l->hide();
    return l;
}

void LaunchPanel::updateDims() {
    for (int d = 0; d < 3; ++d) {
        m_global[d]->setEnabled(d < m_dims->value());
        m_local[d]->setEnabled(d < m_dims->value() && !m_localAuto->isChecked());
    }
}

bool LaunchPanel::loadSim(const QString& simPath) {
    QFile f(simPath);
    if (!f.open(QIODevice::ReadOnly)) return false;
    const QString text = QString::fromUtf8(f.readAll());
    m_simPath = QFileInfo(simPath).absoluteFilePath();
    std::vector<Diagnostic> diags;
    const std::string simText = text.toStdString();
    auto config = debug::LaunchFile::parse(simText, m_simPath.toStdString(), diags);
    m_simLabel->setText(QDir::toNativeSeparators(m_simPath));
    clearMessages();
    if (!config) {
        setFieldMessage(ArgsField, diags.empty() ? tr("cannot read this launch file")
                                                 : QString::fromStdString(diags.front().message));
        return false;
    }
    m_kernelPath = QString::fromStdString(config->kernelFile);
    m_kernel->setCurrentText(QString::fromStdString(config->kernelName));
    m_dims->setValue(static_cast<int>(config->workDim));
    for (int d = 0; d < 3; ++d) {
        m_global[d]->setValue(static_cast<int>(config->globalSize[static_cast<size_t>(d)]));
        m_local[d]->setValue(static_cast<int>(config->localSize[static_cast<size_t>(d)]));
    }
    m_localAuto->setChecked(!config->localSizeGiven);
    // Arguments: the file's text from the first argument header on, as written.
    QString args;
    if (!config->args.empty()) {
        const int first = static_cast<int>(config->args.front().headerRange.begin.line);
        const QStringList lines = text.split(QLatin1Char('\n'));
        // keep a "# name" comment line just above the first header
        int start = first - 1;
        if (start > 0 && lines.value(start - 1).trimmed().startsWith(QLatin1Char('#'))) --start;
        args = lines.mid(start).join(QLatin1Char('\n')).trimmed();
    }
    m_args->setPlainText(args);
    updateDims();
    return true;
}

void LaunchPanel::loadKernelOnly(const QString& kernelPath) {
    m_simPath.clear();
    m_kernelPath = QFileInfo(kernelPath).absoluteFilePath();
    m_simLabel->setText(tr("(none: set the launch here, then Save .sim…)"));
    m_dims->setValue(1);
    for (int d = 0; d < 3; ++d) {
        m_global[d]->setValue(1);
        m_local[d]->setValue(1);
    }
    m_args->clear();
    clearMessages();
}

void LaunchPanel::setState(const SessionState& state) {
    const QString current = m_kernel->currentText();
    if (m_kernel->count() != state.kernels.size() || [&] {
            for (int i = 0; i < m_kernel->count(); ++i)
                if (m_kernel->itemText(i) != state.kernels.value(i)) return true;
            return false;
        }()) {
        m_kernel->clear();
        m_kernel->addItems(state.kernels);
        m_kernel->setCurrentText(current.isEmpty() ? state.kernelName : current);
    }
    if (!state.kernelPath.isEmpty() && m_kernelPath.isEmpty()) m_kernelPath = state.kernelPath;
    m_endian->setCurrentIndex(state.deviceBigEndian ? 1 : 0);
    if (!m_subGroup->hasFocus()) m_subGroup->setValue(static_cast<int>(state.subGroupSize));
    if (state.operation == QLatin1String("open") || state.operation == QLatin1String("checks") ||
        state.operation == QLatin1String("launch")) { // else an unapplied edit stays
        m_checks[0]->setChecked(state.checks.dataRaces);
        m_checks[1]->setChecked(state.checks.uninitialized);
        m_checks[2]->setChecked(state.checks.endianEvents);
        m_checks[3]->setChecked(state.checks.uniformWrites);
    }
    const int p = m_policy->findData(static_cast<int>(state.policy));
    if (p >= 0) m_policy->setCurrentIndex(p);
    if (!m_seed->hasFocus()) m_seed->setValue(static_cast<int>(state.seed));
}

bool LaunchPanel::deviceBigEndian() const {
    return m_endian->currentIndex() == 1;
}
void LaunchPanel::setDeviceBigEndian(bool big) {
    m_endian->setCurrentIndex(big ? 1 : 0);
}
CheckOptions LaunchPanel::checks() const {
    CheckOptions c;
    c.dataRaces = m_checks[0]->isChecked();
    c.uninitialized = m_checks[1]->isChecked();
    c.endianEvents = m_checks[2]->isChecked();
    c.uniformWrites = m_checks[3]->isChecked();
    return c;
}

quint64 LaunchPanel::maxSteps() const {
    return static_cast<quint64>(m_maxSteps->value());
}

QString LaunchPanel::composeSim() const {
    QStringList lines;
    if (m_dims->value() < 3) lines << QStringLiteral("# clstep: work-dim %1").arg(m_dims->value());
    if (m_localAuto->isChecked()) lines << QStringLiteral("# clstep: local-size auto");
    // The debugger settings belong to the launch: saved with it, restored when it opens.
    if (deviceBigEndian()) lines << QStringLiteral("# clstep: device-endian big");
    if (m_subGroup->value() != static_cast<int>(RunOptions{}.subGroupSize))
        lines << QStringLiteral("# clstep: sub-group-size %1").arg(m_subGroup->value());
    const auto policy = static_cast<debug::SchedulePolicy>(m_policy->currentData().toInt());
    if (policy != debug::SchedulePolicy::InOrder || m_seed->value() != 1)
        lines << QStringLiteral("# clstep: schedule %1 %2")
                     .arg(QString::fromLatin1(debug::schedulePolicyName(policy)))
                     .arg(m_seed->value());
    const CheckOptions c = checks();
    const CheckOptions defaults;
    if (c.dataRaces != defaults.dataRaces || c.uninitialized != defaults.uninitialized ||
        c.endianEvents != defaults.endianEvents || c.uniformWrites != defaults.uniformWrites ||
        c.strictRaces != defaults.strictRaces) {
        QStringList names;
        if (c.dataRaces) names << QStringLiteral("races");
        if (c.uninitialized) names << QStringLiteral("uninitialized");
        if (c.endianEvents) names << QStringLiteral("endian");
        if (c.uniformWrites) names << QStringLiteral("uniform-writes");
        if (c.strictRaces) names << QStringLiteral("strict-races");
        if (c.asyncCopies) names << QStringLiteral("async-copies");
        lines << QStringLiteral("# clstep: checks %1")
                     .arg(names.isEmpty() ? QStringLiteral("none") : names.join(QLatin1Char(',')));
    }
    QString kernelFile = m_kernelPath;
    if (!m_simPath.isEmpty() && !kernelFile.isEmpty())
        kernelFile = QFileInfo(m_simPath).dir().relativeFilePath(kernelFile);
    lines << (kernelFile.isEmpty() ? QStringLiteral("kernel.cl") : kernelFile);
    lines << m_kernel->currentText().trimmed();
    auto sizes = [&](const std::array<QSpinBox*, 3>& s, bool local) {
        QStringList v;
        for (int d = 0; d < 3; ++d)
            v << QString::number(
                d < m_dims->value() && !(local && m_localAuto->isChecked()) ? s[d]->value() : 1);
        return v.join(QLatin1Char(' '));
    };
    lines << sizes(m_global, false) << sizes(m_local, true);
    m_argsFirstLine = static_cast<int>(lines.size()) + 1;
    const QString args = m_args->toPlainText().trimmed();
    if (!args.isEmpty()) lines << args;
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

void LaunchPanel::clearMessages() {
    for (QLabel* l : m_messages) {
        l->clear();
        l->hide();
    }
}

void LaunchPanel::setFieldMessage(Field f, const QString& message) {
    QLabel* l = m_messages[f];
    l->setText(l->text().isEmpty() ? message : l->text() + QLatin1Char('\n') + message);
    l->setVisible(!l->text().isEmpty());
}

bool LaunchPanel::validate() {
    clearMessages();
    bool ok = true;
    if (m_kernel->currentText().trimmed().isEmpty()) {
        setFieldMessage(KernelField, tr("choose a kernel"));
        ok = false;
    } else if (m_kernel->count() && m_kernel->findText(m_kernel->currentText().trimmed()) < 0) {
        setFieldMessage(
            KernelField,
            tr("the program has no kernel named '%1'").arg(m_kernel->currentText().trimmed()));
        ok = false;
    }
    if (!m_localAuto->isChecked())
        for (int d = 0; d < m_dims->value(); ++d)
            if (m_global[d]->value() % m_local[d]->value() != 0) {
                setFieldMessage(LocalField,
                                tr("local size %1 does not divide global size %2 in dimension %3 "
                                   "(OpenCL 1.x needs uniform work-groups)")
                                    .arg(m_local[d]->value())
                                    .arg(m_global[d]->value())
                                    .arg(d));
                ok = false;
            }
    uint64_t groupItems = 1;
    for (int d = 0; d < m_dims->value(); ++d)
        groupItems *= static_cast<uint64_t>(m_local[d]->value());
    if (!m_localAuto->isChecked() && groupItems > 4096) {
        setFieldMessage(
            LocalField,
            tr("%1 work-items per group is more than clstep's limit of 4096").arg(groupItems));
        ok = false;
    }
    // Let the .sim reader check the whole text; route its messages to their field.
    std::vector<Diagnostic> diags;
    const QString text = composeSim();
    const std::string simText = text.toStdString();
    auto config = debug::LaunchFile::parse(simText, m_simPath.toStdString(), diags, true);
    LaunchResult r;
    for (const Diagnostic& d : diags)
        if (d.severity == Severity::Error) {
            r.lines << static_cast<int>(d.range.begin.line);
            r.messages << QString::fromStdString(d.message);
        }
    if (!r.messages.isEmpty()) {
        showResult(r);
        ok = false;
    }
    return ok;
}

void LaunchPanel::showResult(const LaunchResult& result) {
    for (int i = 0; i < result.messages.size(); ++i) {
        const int line = result.lines.value(i);
        const int kernelLine = m_argsFirstLine - 3;
        Field f = line >= m_argsFirstLine                        ? ArgsField
                  : line == m_argsFirstLine - 1                  ? LocalField
                  : line == m_argsFirstLine - 2                  ? GlobalField
                  : line == kernelLine || line == kernelLine - 1 ? KernelField
                                                                 : ArgsField;
        QString msg = result.messages[i];
        if (f == ArgsField && line >= m_argsFirstLine)
            msg = tr("line %1: %2").arg(line - m_argsFirstLine + 1).arg(msg);
        setFieldMessage(f, msg);
    }
    if (!result.savedPath.isEmpty()) {
        m_simPath = result.savedPath;
        m_simLabel->setText(QDir::toNativeSeparators(m_simPath) + tr(" (saved)"));
    }
}

void LaunchPanel::save() {
    if (!validate()) return;
    QString f = QFileDialog::getSaveFileName(this, tr("Save launch file"),
                                             m_simPath.isEmpty() ? QFileInfo(m_kernelPath).path()
                                                                 : m_simPath,
                                             tr("Launch files (*.sim)"));
    if (f.isEmpty()) return;
    if (!f.endsWith(QStringLiteral(".sim"))) f += QStringLiteral(".sim");
    const QString old = m_simPath;
    m_simPath = f; // kernel path is written relative to the new location
    emit applyRequested(composeSim(), f, f);
    m_simPath = old;
}

} // namespace clstep::ui
