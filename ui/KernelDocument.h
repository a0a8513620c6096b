#pragma once

#include <QObject>

#include <QString>
#include <functional>

class QTimer;
class QWidget;

namespace clstep::ui {

class CodeEditor;

/// The kernel file being edited: which .cl (and .sim beside it) is open, loading and saving,
/// unsaved-changes protection, a periodic autosave of the buffer (restored after a crash),
/// and a debounced "rebuild" signal after edits.
class KernelDocument : public QObject {
    Q_OBJECT
public:
    /// What opening a path means: the kernel to edit and the launch file to use, if any.
    struct Target {
        QString kernelPath;
        QString simPath;
        QString error;
    };

    KernelDocument(CodeEditor* editor, QObject* parent = nullptr);

    /// `FILE.sim` -> its kernel file; `FILE.cl` -> itself plus `FILE.sim` when it exists.
    static Target resolve(const QString& path);
    /// Loads `kernelPath` into the editor (offering to restore a newer autosave when
    /// interactive; an autosave equal to the file, or one the user declines, is deleted).
    /// False with `error` set if it cannot be read; the editor is unchanged then. A file with
    /// NUL bytes or invalid UTF-8 loads with U+FFFD in their place and `warning` says so
    /// (never silently cut at the NUL).
    bool load(const QString& kernelPath, QString* error = nullptr, QString* warning = nullptr);
    bool save(QString* error = nullptr);
    bool saveAs(const QString& path, QString* error = nullptr);
    /// Asks to save unsaved changes: true when it is fine to go on (saved, discarded, or
    /// nothing to save). Non-interactive documents never ask and keep the autosave.
    bool maybeSave(QWidget* parent);

    QString path() const { return m_path; }
    bool modified() const;
    /// Where the buffer is autosaved.
    QString autosavePath() const;
    /// Writes the autosave now (if modified).
    void autosave();
    /// Dialogs allowed (false in tests and headless runs).
    void setInteractive(bool interactive) { m_interactive = interactive; }
    /// Replaces the "Restore unsaved changes?" question (true: restore); with it set, a
    /// non-interactive document asks too. For scripted runs and tests.
    void setRestorePrompt(std::function<bool(const QString& question)> prompt) {
        m_restorePrompt = std::move(prompt);
    }
    /// Delay between the last edit and rebuildRequested() (ms).
    void setRebuildDelay(int ms);

signals:
    void modifiedChanged(bool modified);
    void rebuildRequested();
    void pathChanged(const QString& path);

private:
    CodeEditor* m_editor;
    QString m_path;
    QTimer* m_rebuild = nullptr;
    QTimer* m_autosave = nullptr;
    bool m_interactive = true;
    std::function<bool(const QString&)> m_restorePrompt;
    bool m_loading = false;
};

} // namespace clstep::ui
