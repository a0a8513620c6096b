#pragma once

#include "EndianEvent.h"
#include "MemoryHeat.h"
#include "RaceInfo.h"
#include "SessionState.h"
#include "ValueFormat.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QVector>

namespace clstep::ui {

/// Memory of a snapshot as a table of typed rows: one region (a __global buffer, a __local
/// allocation of the selected group) or every region of an address space stacked, each with
/// its own type (the __private variables of the selected work-item). Nothing is precomputed
/// per byte: each cell is decoded when the view asks, so a 16 MiB buffer costs no more than
/// a small one.
class MemoryTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { AddressColumn, ValueColumn, BytesColumn, InfoColumn, ColumnCount };
    // With a struct or union format (ValueFormat::Kind::Layout) each element is a block of
    // rows: one per member (Info: "[2].value · int · +4, 4 B") and one per padding run
    // (value "padding", hatched, the reason in Info and the tooltip).
    enum Role {
        FlagsRole = Qt::UserRole + 1, ///< int: OR of the ByteFlag bits of the row's bytes
        HighlightRole,                ///< int: Highlight of the row
        AgeRole,                      ///< int: steps since the row was last accessed (-1 never)
        AddressRole,                  ///< qulonglong: encoded device address of the row
        OffsetRole,                   ///< qulonglong: byte offset of the row in the region
        RawBytesRole,                 ///< QByteArray: the row's bytes in memory order
        LastAccessorRole,             ///< qlonglong: global linear id of the last accessor, -1
        PointerTargetRole,            ///< qulonglong: the address the row points to, 0 if none
        VariableRole,                 ///< QString: variables over the row's bytes (private)
        MemberRole,                   ///< QString: layout rows: the member path ("" padding)
        PaddingRole,                  ///< bool: layout rows: a padding run
    };
    /// How a row is marked, strongest first.
    enum Highlight {
        NoHighlight,
        RaceHighlight,
        EndianHighlight,
        WriteHighlight,
        ReadHighlight,
        RecentWriteHighlight, ///< written a few actions ago (fading write colour)
        RecentReadHighlight,  ///< read a few actions ago (fading read colour)
        UninitializedHighlight
    };
    Q_ENUM(Highlight)

    explicit MemoryTableModel(QObject* parent = nullptr);

    /// Shows region `index` of `space` in `snapshot` (no region: an empty table). Keeps the
    /// rows (emits dataChanged only) when the size and format stay the same.
    void setRegion(SnapshotPtr snapshot, AddressSpace space, int index, bool deviceBigEndian);
    /// Shows every region of `space` one after the other, region R in `formats[R.name]`
    /// (else `fallback`).
    void setAllRegions(SnapshotPtr snapshot, AddressSpace space, bool deviceBigEndian,
                       const QHash<QString, ValueFormat>& formats, const ValueFormat& fallback);
    /// The type of a single-region table.
    void setFormat(const ValueFormat& format);
    /// Colours rows by the last accesses (default), by access count or by conflict.
    void setColourMode(MemoryColourMode mode);
    MemoryColourMode colourMode() const { return m_colourMode; }
    const ValueFormat& format() const { return m_format; }
    /// The last column's title: "variable · last access", or "last access" when `compact`
    /// (a pane too narrow for the whole title: MemoryPane). Either way the title's tooltip
    /// says what the column holds.
    void setCompactInfoTitle(bool compact);
    /// The last column's title, whole or compact (setCompactInfoTitle()).
    static QString infoTitle(bool compact);
    /// True when every region is shown (setAllRegions()).
    bool combined() const { return m_combined; }
    /// The region of a single-region table (the first one when combined), or nullptr.
    const debug::MemoryRegion* region() const;
    /// The region a row belongs to, or nullptr.
    const debug::MemoryRegion* regionAtRow(int row) const;
    /// Row holding byte `offset` of a single-region table.
    int rowForOffset(uint64_t offset) const;
    /// Row holding encoded address `address`, or -1.
    int rowForAddress(uint64_t address) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    struct Segment {
        int region = 0;
        ValueFormat format;
        int firstRow = 0;
        int rows = 0;
        /// Rows per element: the layout's fields for a Kind::Layout format, else 1.
        int rowsPerElement = 1;
    };
    struct RowInfo {
        const debug::MemoryRegion* reg = nullptr;
        ValueFormat format; ///< how the row's bytes are decoded (a member's own type)
        const debug::LayoutField* field = nullptr; ///< the member or padding row, if any
        uint64_t element = 0;                      ///< element index (layout rows)
        int rowInRegion = 0;
        uint64_t offset = 0;
        size_t size = 0;
        int flags = 0;
        int anyUnwritten = 0;
        int64_t accessor = -1;
        int64_t age = -1;
        bool lastAccessWrite = false; ///< the latest access of the row was a write
    };
    RowInfo rowInfo(int row) const;
    /// Row (within segment `s`) holding byte `offset` of its region.
    static int rowInSegment(const Segment& s, uint64_t offset);
    /// Info text of a layout row: "[2].value · int · +4, 4 B" or "padding · 3 B · why".
    QString memberText(const RowInfo& r) const;
    Highlight highlight(const RowInfo& r) const;
    QString tooltip(const RowInfo& r) const;
    /// Dimensions of the launch's work-item ids (1, 2 or 3), for naming work-items.
    int raceDims() const;
    QString variablesAt(const debug::MemoryRegion* reg, uint64_t offset, size_t size) const;
    QString accessorText(int64_t linear) const;
    void collectVariables(const std::vector<debug::VariableSnapshot>& vars);
    const std::vector<debug::MemoryRegion>* regions() const;
    const Segment* segmentAt(int row) const;
    void layout(const QHash<QString, ValueFormat>& formats, const ValueFormat& fallback);
    void commit(SnapshotPtr snapshot, AddressSpace space, bool deviceBigEndian, bool combined,
                int index, const QHash<QString, ValueFormat>& formats, const ValueFormat& fallback);

    SnapshotPtr m_snapshot;
    AddressSpace m_space = AddressSpace::Global;
    int m_index = -1;
    bool m_combined = false;
    bool m_bigEndian = false;
    bool m_compactInfoTitle = false;
    ValueFormat m_format;
    MemoryColourMode m_colourMode = MemoryColourMode::Accesses;
    QVector<Segment> m_segments;
    int m_rows = 0;
    QVector<RaceInfo> m_races;
    QVector<EndianEvent> m_endian;
    /// [first, last) encoded byte addresses named by race / endian diagnostics, sorted: rows
    /// over them are marked even when the snapshot's flags do not say so.
    std::vector<std::pair<uint64_t, uint64_t>> m_raceSpans, m_endianSpans;
    static bool overlaps(const std::vector<std::pair<uint64_t, uint64_t>>& spans, uint64_t lo,
                         uint64_t hi);
    struct VarSpan {
        const debug::MemoryRegion* reg;
        uint64_t offset, size;
        QString name;
    };
    QVector<VarSpan> m_vars;
};

} // namespace clstep::ui
