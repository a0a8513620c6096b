#pragma once

#include "MemoryHeat.h"
#include "SessionState.h"
#include "ValueFormat.h"

#include <QHash>
#include <QSet>
#include <QWidget>

class QComboBox;
class QLabel;
class QTabBar;
class QTableView;
class QCheckBox;

namespace clstep::ui {

class ImagePane;
class MemoryTableModel;

/// The memory pane of one address space: a tab per region (a __global buffer, a __local
/// allocation), or, for __private, every variable of the selected work-item in one table;
/// a value-type selector and a table of typed rows with byte addresses and access
/// highlights. Double-clicking a row that holds a pointer follows
/// it (followPointer()).
class MemoryPane : public QWidget {
    Q_OBJECT
public:
    MemoryPane(AddressSpace space, QWidget* parent = nullptr);

    AddressSpace space() const { return m_space; }
    void setState(const SessionState& state);
    /// Shows the region holding encoded address `address` and selects its row; false if this
    /// pane has no such region.
    bool showAddress(uint64_t address);
    /// Selects the tab of region `name`; false if absent.
    bool selectRegion(const QString& name);
    /// Sets the value type of the current region.
    void setFormat(const ValueFormat& format);
    /// Colours rows by the last accesses, access count or conflict (the pane's switch).
    void setColourMode(MemoryColourMode mode);
    MemoryColourMode colourMode() const;
    MemoryTableModel* model() const { return m_model; }
    QTableView* view() const { return m_view; }
    QTabBar* tabs() const { return m_tabs; }
    /// The picture of the current region when it holds an image's texels (hidden otherwise).
    ImagePane* imagePane() const { return m_image; }
    /// Re-applies fonts and colours.
    void applyTheme();

signals:
    void followPointer(quint64 address);
    /// The colour mode changed (by the switch or setColourMode()).
    void colourModeChanged(clstep::ui::MemoryColourMode mode);

protected:
    /// Follows the tab bar's wheel scrolling with the current tab (followScrolledTabs()), and
    /// the table's width with its columns (fitColumns()).
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    /// Fits the columns to the table's width, so that no column is cut off at the right edge
    /// behind a scroll bar. The last column ("variable · last access", stretched) shows its
    /// whole title where it fits beside the address, value and bytes columns, is titled
    /// "last access" where only that and 10 characters fit (presentation mode at 1024×768),
    /// and is hidden in a narrower pane (the normal layout at 1024×768); there, the bytes
    /// column takes what the address and value leave (an 8-byte `__private` pointer's bytes
    /// elided), down to its title's width. Each row's tooltip has the variable, last access
    /// and bytes.
    void fitColumns();
    void showRegion(int index);
    /// After the tab bar scrolled (its arrows, the wheel): when the current tab went out of
    /// sight, the tab in sight nearest to it becomes current, so the tab the user reads
    /// always names the buffer the table shows (issue #31 item 3).
    void followScrolledTabs();
    void onFormatChosen(int comboIndex);
    /// Offers the region's struct/union layout in the type selector (or removes the offer).
    void offerLayout(const ValueFormat& layout);
    void onDoubleClicked(const QModelIndex& index);
    void learnTypes(const debug::Snapshot& s);
    void scrollToActivity();
    /// combined: each region's format "by variable type": the type of the variable in scope
    /// of that name, else the region's element type (a finished work-item has no frame
    /// left), else the type learned from an earlier snapshot.
    QHash<QString, ValueFormat> typedFormats() const;
    const std::vector<debug::MemoryRegion>* regions() const;

    AddressSpace m_space;
    SessionState m_state;
    QLabel* m_title = nullptr;
    QLabel* m_empty = nullptr;
    QTabBar* m_tabs = nullptr;
    QComboBox* m_format = nullptr;
    QComboBox* m_colours = nullptr;
    QCheckBox* m_follow = nullptr;
    QTableView* m_view = nullptr;
    MemoryTableModel* m_model = nullptr;
    ImagePane* m_image = nullptr;
    QHash<QString, ValueFormat> m_chosen; ///< format the user picked per region name
    QHash<QString, ValueFormat> m_hints;  ///< format guessed from variable types
    /// combined: names of the variables of the latest snapshot (their hints are exact)
    QSet<QString> m_inScope;
    QStringList m_regionNames;
    bool m_updating = false;
    bool m_combined = false;      ///< every region in one table (the __private pane)
    int m_bytesWidth = 0;         ///< the bytes column's width for a whole row (pixels)
    bool m_byType = true;         ///< combined: each variable in its own type
    ValueFormat m_combinedFormat; ///< combined: the one type chosen when not by type
};

} // namespace clstep::ui
