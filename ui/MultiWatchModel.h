#pragma once

#include "SessionState.h"

#include <QAbstractTableModel>

#include <optional>
#include <vector>

namespace clstep::ui {

/// The multi-watch grid: one expression's value on every work-item of the viewed work-group
/// (SessionState::multiWatchValues), laid out in the group's own shape — x across and y (and
/// z) down for a 2-D/3-D group, a 1-D group wrapped after `wrap` columns (default 16) — as
/// numbers or as colours on a scale from the smallest to the largest scalar value.
class MultiWatchModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum class Mode { Numbers, Colours };
    enum Role {
        ValueRole = Qt::UserRole + 1, ///< QString: the formatted value ("" when it failed)
        NumberRole,                   ///< double: the scalar value (invalid when not scalar)
        ErrorRole,                    ///< QString: why the expression has no value there
        LocalIdRole,                  ///< QVariantList of the work-item's 3 local ids
    };

    explicit MultiWatchModel(QObject* parent = nullptr);

    void setState(const SessionState& state);
    void setMode(Mode mode);
    Mode mode() const { return m_mode; }
    /// Columns used for a 1-D work-group (default 16).
    void setWrap(int columns);
    /// Smallest and largest scalar value shown (equal when there is none or one).
    double minimum() const { return m_min; }
    double maximum() const { return m_max; }
    /// Work-items whose value could not be computed, and the first such error.
    int failures() const { return m_failures; }
    QString firstError() const { return m_firstError; }
    /// The colour of `value` on the scale minimum()..maximum() (blue → yellow → red).
    QColor scaleColour(double value) const;
    /// The colour scale's colour at fraction `t` in 0..1.
    static QColor scale(double t);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    struct Cell {
        QString value;
        std::optional<double> number;
        QString error;
        std::array<uint64_t, 3> local{};
    };
    /// Index into m_cells of a table position (-1 for padding).
    int cellAt(const QModelIndex& index) const;

    std::vector<Cell> m_cells; ///< by local linear id
    std::array<uint64_t, 3> m_groupSize{1, 1, 1};
    Mode m_mode = Mode::Numbers;
    int m_wrap = 16;
    int m_rows = 0;
    int m_columns = 0;
    double m_min = 0, m_max = 0;
    int m_failures = 0;
    QString m_firstError;
};

} // namespace clstep::ui
