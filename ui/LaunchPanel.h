#pragma once

#include "SessionState.h"

#include "debug/Session.h"

#include <QWidget>

#include <array>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QSpinBox;

namespace clstep::ui {

/// The launch configuration: kernel, 1-3 dimensional global and local sizes, arguments (in
/// .sim syntax), device byte order, the step-limit check, schedule policy and seed. Opens and
/// saves Oclgrind .sim files; each field shows its own problem under it.
class LaunchPanel : public QWidget {
    Q_OBJECT
public:
    explicit LaunchPanel(QWidget* parent = nullptr);

    /// Fills the fields from a .sim file (read with SimParser, arguments kept as written).
    bool loadSim(const QString& simPath);
    /// Fills the fields for a kernel file without a launch file.
    void loadKernelOnly(const QString& kernelPath);
    /// Updates the kernel list and current values from the session (does not touch edits).
    void setState(const SessionState& state);
    /// Shows the problems of the last apply on their fields.
    void showResult(const LaunchResult& result);
    /// The .sim text the fields describe.
    QString composeSim() const;
    /// Checks each field locally; returns false (and marks the fields) on a problem.
    bool validate();
    QString simPath() const { return m_simPath; }
    bool deviceBigEndian() const;
    quint64 maxSteps() const;
    void setDeviceBigEndian(bool big);
    /// The runtime checks ticked in the panel.
    CheckOptions checks() const;

signals:
    /// Apply (saveTo empty) or Save (saveTo = the chosen .sim path) was pressed with valid fields.
    void applyRequested(const QString& simText, const QString& simPath, const QString& saveTo);
    void scheduleChosen(debug::SchedulePolicy policy, quint64 seed);
    /// "Open .sim…" picked a launch file (the window opens it with its kernel).
    void openRequested(const QString& simPath);

private:
    enum Field { KernelField, GlobalField, LocalField, ArgsField, FieldCount };
    QLabel* messageLabel();
    void setFieldMessage(Field f, const QString& message);
    void clearMessages();
    void updateDims();
    void save();

    QString m_simPath;
    QString m_kernelPath;
    QLabel* m_simLabel = nullptr;
    QComboBox* m_kernel = nullptr;
    QSpinBox* m_dims = nullptr;
    std::array<QSpinBox*, 3> m_global{};
    std::array<QSpinBox*, 3> m_local{};
    QCheckBox* m_localAuto = nullptr;
    QPlainTextEdit* m_args = nullptr;
    QComboBox* m_endian = nullptr;
    QSpinBox* m_maxSteps = nullptr;
    /// Work-items per sub-group (RunOptions::subGroupSize), saved as `# clstep: sub-group-size`.
    QSpinBox* m_subGroup = nullptr;
    std::array<QCheckBox*, 4>
        m_checks{}; ///< data races, uninitialized, endian events, uniform writes
    QComboBox* m_policy = nullptr;
    QSpinBox* m_seed = nullptr;
    std::array<QLabel*, FieldCount> m_messages{};
    mutable int m_argsFirstLine = 0; ///< line of the first argument line in composeSim()
};

} // namespace clstep::ui
