#pragma once

#include "common/SourceManager.h"
#include "repl/ReplResult.h"

#include <QAbstractListModel>
#include <QStringList>
#include <QVector>

namespace clstep::ui {

/// One entry of the scratchpad as the view shows it: what was typed and what the REPL
/// answered, already formatted (built on the thread that ran the entry).
struct ScratchpadEntry {
    int number = 0;    ///< 1-based entry number ("<entry N>" in the REPL's messages)
    QString input;     ///< the entry as typed (lines joined with '\n')
    bool done = false; ///< evaluated (false while it runs)
    bool ok = true;    ///< accepted (false: refused, the session is unchanged)
    int kind = 0;      ///< repl::EntryKind
    QString value;     ///< an expression's value: "(float4)(8, 6, 4, 2)", "42" (ReplResult::value)
    QString type;      ///< its type: "float4"
    QString bytes;     ///< its bytes in device order: "00 00 00 41  00 00 c0 40 ..."
    /// The REPL's answer as the console prints it, without the bytes and diagnostics:
    /// "(int)42", "float4 v = (float4)(1, 2, 3, 4)", "defined sq".
    QString text;
    /// Diagnostics as "LINE:COL: error: message [kind]" (entry coordinates, 1-based; an
    /// earlier entry's code is prefixed "<entry N>:"), each followed by its source line and
    /// a caret line, and the rule's "why:" line when there is one.
    QStringList diagnostics;
};

/// The scratchpad's history of entries and answers, newest last: one row per entry, its
/// DisplayRole the whole exchange (input, value, type and bytes, or the diagnostics).
class ScratchpadModel : public QAbstractListModel {
    Q_OBJECT
public:
    enum Role {
        InputRole = Qt::UserRole + 1, ///< QString: the entry as typed
        ValueRole,                    ///< QString: value of an expression ("" otherwise)
        TypeRole,                     ///< QString: type of an expression
        BytesRole,                    ///< QString: bytes of the value, device order
        OkRole,                       ///< bool: accepted
        DoneRole,                     ///< bool: evaluated
        DiagnosticsRole,              ///< QStringList: the formatted diagnostics
        NumberRole,                   ///< int: entry number
    };

    explicit ScratchpadModel(QObject* parent = nullptr);

    /// Appends an entry that is being evaluated; returns its row.
    int addPending(int number, const QString& input);
    /// Completes row `row` with its answer (rows out of range are ignored).
    void setEntry(int row, const ScratchpadEntry& entry);
    /// Removes every row.
    void clear();
    const ScratchpadEntry* entry(int row) const;

    /// Formats a REPL answer: `sources` are the REPL's entry texts (Repl::sources()).
    static ScratchpadEntry fromResult(int number, const QString& input,
                                      const repl::ReplResult& result, const SourceManager& sources);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

private:
    static QString display(const ScratchpadEntry& e);
    QVector<ScratchpadEntry> m_entries;
};

} // namespace clstep::ui
