#pragma once

#include <QTableView>

namespace clstep::ui {

/// The Diagnostics pane's table (rows of a DiagnosticsModel): the message last and
/// stretched, the narrow columns sized to their contents so that every column title, severity
/// and kind is read whole on a 1024×768 projector, in the normal and presentation layouts.
/// Severity, line(s), kind, work-items and count are whole first; the message keeps at least
/// 6 characters (its whole text is in the row's tooltip and in the editor's note under the
/// line). Only when the pane is too narrow for that does the work-items column give way
/// (down to its title's width), then the line column (down to one line number), elided, their
/// whole text in the row's tooltip (DiagnosticsModel). The columns follow the model's
/// rows, the view's width and its font (zoom, presentation mode).
class DiagnosticsView : public QTableView {
    Q_OBJECT
public:
    /// A table of whole rows, one selectable at a time, no row numbers, titles never bold.
    explicit DiagnosticsView(QWidget* parent = nullptr);
    /// Sets the model (a DiagnosticsModel: its column numbers) and follows its changes.
    void setModel(QAbstractItemModel* model) override;
    /// Sizes the columns for the current rows, width and font (see the class comment).
    void fitColumns();

protected:
    /// A new width: the columns are fitted again.
    void resizeEvent(QResizeEvent* event) override;
    /// A new font (zoom, presentation mode) or style: the columns are fitted again.
    void changeEvent(QEvent* event) override;

private:
    /// fitColumns() once the current events are handled (several changes, one fit).
    void scheduleFit();
    bool m_fitPending = false;
};

} // namespace clstep::ui
