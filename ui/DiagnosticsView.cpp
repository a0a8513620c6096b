#include "DiagnosticsView.h"

#include "DiagnosticsModel.h"

#include <QEvent>
#include <QHeaderView>
#include <QTimer>

#include <algorithm>
#include <array>

namespace clstep::ui {

DiagnosticsView::DiagnosticsView(QWidget* parent) : QTableView(parent) {
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setWordWrap(false);
    verticalHeader()->hide();
    horizontalHeader()->setStretchLastSection(false);
    horizontalHeader()->setMinimumSectionSize(8);
    // a selected row selects every column: bold titles would say nothing and outgrow their
    // columns
    horizontalHeader()->setHighlightSections(false);
}

void DiagnosticsView::setModel(QAbstractItemModel* model) {
    QTableView::setModel(model);
    if (!model) return;
    QHeaderView* header = horizontalHeader();
    // the message last and wide (every row's tooltip has it whole): the narrow columns first
    header->moveSection(header->visualIndex(DiagnosticsModel::MessageColumn),
                        DiagnosticsModel::ColumnCount - 1);
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setSectionResizeMode(DiagnosticsModel::MessageColumn, QHeaderView::Stretch);
    connect(model, &QAbstractItemModel::modelReset, this, &DiagnosticsView::scheduleFit);
    connect(model, &QAbstractItemModel::layoutChanged, this, &DiagnosticsView::scheduleFit);
    connect(model, &QAbstractItemModel::rowsInserted, this, &DiagnosticsView::scheduleFit);
    connect(model, &QAbstractItemModel::rowsRemoved, this, &DiagnosticsView::scheduleFit);
    connect(model, &QAbstractItemModel::dataChanged, this, &DiagnosticsView::scheduleFit);
    fitColumns();
}

void DiagnosticsView::scheduleFit() {
    if (m_fitPending) return;
    m_fitPending = true;
    QTimer::singleShot(0, this, [this] {
        m_fitPending = false;
        fitColumns();
    });
}

void DiagnosticsView::fitColumns() {
    if (!model() || model()->columnCount() != DiagnosticsModel::ColumnCount) return;
    QHeaderView* header = horizontalHeader();
    constexpr std::array narrow = {DiagnosticsModel::SeverityColumn, DiagnosticsModel::LineColumn,
                                   DiagnosticsModel::KindColumn, DiagnosticsModel::WorkItemsColumn,
                                   DiagnosticsModel::CountColumn};
    // the title's width (with the header's margins) and each row's (with the delegate's)
    std::array<int, DiagnosticsModel::ColumnCount> want{};
    std::array<int, DiagnosticsModel::ColumnCount> title{};
    int total = 0;
    for (int c : narrow) {
        // the title and the header's margins (sectionSizeHint() keeps room for a sort
        // indicator this table never shows)
        title[c] = header->fontMetrics().horizontalAdvance(
                       model()->headerData(c, Qt::Horizontal).toString()) +
                   2 * header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header) + 2;
        want[c] = std::max(title[c], sizeHintForColumn(c));
        total += want[c];
    }
    // the narrow cells whole first (they say which line, kind and work-items); the message
    // keeps at least 6 characters (its whole text is in the row's tooltip and in the editor's
    // note), and only below that are work-items and then line cut, down to their titles
    const int cellMargins =
        2 * (style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, this) + 1);
    const int message = 6 * fontMetrics().horizontalAdvance(QLatin1Char('M')) + cellMargins;
    int over = total + message - viewport()->width();
    // the line column keeps at least a line number ("16 …" of "16 ↔ 21")
    title[DiagnosticsModel::LineColumn] =
        std::min(want[DiagnosticsModel::LineColumn],
                 std::max(title[DiagnosticsModel::LineColumn],
                          fontMetrics().horizontalAdvance(QStringLiteral("000 …")) + cellMargins));
    for (int c : {DiagnosticsModel::WorkItemsColumn, DiagnosticsModel::LineColumn}) {
        const int cut = std::clamp(over, 0, want[c] - title[c]);
        want[c] -= cut;
        over -= cut;
    }
    for (int c : narrow)
        if (columnWidth(c) != want[c]) setColumnWidth(c, want[c]);
}

void DiagnosticsView::resizeEvent(QResizeEvent* event) {
    QTableView::resizeEvent(event);
    scheduleFit();
}

void DiagnosticsView::changeEvent(QEvent* event) {
    QTableView::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange) scheduleFit();
}

} // namespace clstep::ui
