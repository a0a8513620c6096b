#pragma once

#include "SessionState.h"

#include <QWidget>

class QComboBox;
class QTableView;

namespace clstep::ui {

class EfficiencyModel;
class ElidedLabel;

/// The Efficiency pane: divergence and memory efficiency per source line or per buffer
/// (EfficiencyModel) with the hardware model they assume (sub-group size, `__local` banks,
/// `__global` segment size). Clicking a row asks to show its line in the editor.
class EfficiencyPane : public QWidget {
    Q_OBJECT
public:
    explicit EfficiencyPane(QWidget* parent = nullptr);

    void setState(const SessionState& state);
    EfficiencyModel* model() const { return m_model; }
    QTableView* view() const { return m_view; }

signals:
    /// The user clicked a row of source line `line` (1-based).
    void lineRequested(int line);

protected:
    /// Keeps the table's rows one text line high (plus 6 px) when the font changes (zoom,
    /// presentation mode).
    void changeEvent(QEvent* event) override;

private:
    void fitRows();

    EfficiencyModel* m_model = nullptr;
    QTableView* m_view = nullptr;
    QComboBox* m_grouping = nullptr;
    ElidedLabel* m_hardware = nullptr;
};

} // namespace clstep::ui
