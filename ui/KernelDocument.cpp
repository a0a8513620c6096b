#include "KernelDocument.h"

#include "CodeEditor.h"

#include "debug/LaunchFile.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMessageBox>
#include <QSaveFile>
#include <QStandardPaths>
#include <QStringDecoder>
#include <QTimer>

namespace clstep::ui {

KernelDocument::KernelDocument(CodeEditor* editor, QObject* parent)
    : QObject(parent), m_editor(editor) {
    m_rebuild = new QTimer(this);
    m_rebuild->setSingleShot(true);
    m_rebuild->setInterval(600);
    connect(m_rebuild, &QTimer::timeout, this, &KernelDocument::rebuildRequested);
    m_autosave = new QTimer(this);
    m_autosave->setInterval(5000);
    connect(m_autosave, &QTimer::timeout, this, &KernelDocument::autosave);
    m_autosave->start();
    connect(m_editor, &QsciScintilla::textChanged, this, [this] {
        if (!m_loading) m_rebuild->start();
    });
    connect(m_editor, &QsciScintilla::modificationChanged, this, &KernelDocument::modifiedChanged);
}

void KernelDocument::setRebuildDelay(int ms) {
    m_rebuild->setInterval(ms);
}

KernelDocument::Target KernelDocument::resolve(const QString& path) {
    Target t;
    const QFileInfo fi(path);
    if (!fi.exists()) {
        t.error = tr("%1: no such file").arg(path);
        return t;
    }
    if (fi.suffix() == QStringLiteral("sim")) {
        t.simPath = fi.absoluteFilePath();
        SourceManager sources;
        std::vector<Diagnostic> diags;
        auto config = debug::LaunchFile::read(sources, t.simPath.toStdString(), diags);
        if (!config) {
            t.error = diags.empty() ? tr("%1: cannot read the launch file").arg(path)
                                    : QString::fromStdString(diags.front().message);
            // still try the conventional kernel beside it
            const QString guess = fi.absolutePath() + QLatin1Char('/') + fi.completeBaseName() +
                                  QStringLiteral(".cl");
            if (QFileInfo::exists(guess)) t.kernelPath = guess;
            return t;
        }
        t.kernelPath = QFileInfo(QString::fromStdString(config->kernelFile)).absoluteFilePath();
        return t;
    }
    t.kernelPath = fi.absoluteFilePath();
    const QString sim =
        fi.absolutePath() + QLatin1Char('/') + fi.completeBaseName() + QStringLiteral(".sim");
    if (QFileInfo::exists(sim)) t.simPath = sim;
    return t;
}

bool KernelDocument::modified() const {
    return m_editor->isModified();
}

QString KernelDocument::autosavePath() const {
    QString dir = QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation);
    if (dir.isEmpty()) dir = QDir::tempPath() + QStringLiteral("/clstep");
    const QString key = m_path.isEmpty() ? QStringLiteral("untitled") : m_path;
    const QByteArray hash =
        QCryptographicHash::hash(key.toUtf8(), QCryptographicHash::Sha1).toHex().left(12);
    const QString base =
        m_path.isEmpty() ? QStringLiteral("untitled") : QFileInfo(m_path).completeBaseName();
    return dir + QStringLiteral("/autosave/") + base + QLatin1Char('-') +
           QString::fromLatin1(hash) + QStringLiteral(".cl");
}

void KernelDocument::autosave() {
    if (!modified()) return;
    const QString p = autosavePath();
    QFile file(m_path);
    if (file.open(QIODevice::ReadOnly) && QString::fromUtf8(file.readAll()) == m_editor->text()) {
        QFile::remove(p); // edited back to the saved text: nothing to keep
        return;
    }
    QDir().mkpath(QFileInfo(p).path());
    QSaveFile f(p);
    if (f.open(QIODevice::WriteOnly)) {
        f.write(m_editor->text().toUtf8());
        f.commit();
    }
}

bool KernelDocument::load(const QString& kernelPath, QString* error, QString* warning) {
    QFile f(kernelPath);
    if (!f.open(QIODevice::ReadOnly)) {
        if (error) *error = tr("cannot open %1: %2").arg(kernelPath, f.errorString());
        return false;
    }
    const QByteArray data = f.readAll();
    // The editor keeps text up to the first NUL only, and invalid UTF-8 would be replaced
    // silently: say so, and show each as U+FFFD so nothing after it is lost.
    QStringDecoder decode(QStringDecoder::Utf8);
    QString text = decode(data);
    const qsizetype nuls = data.count('\0');
    if (nuls) text.replace(QChar(0), QChar::ReplacementCharacter);
    if ((nuls || decode.hasError()) && warning) {
        QStringList what;
        if (nuls) what << tr("%n NUL byte(s)", nullptr, static_cast<int>(nuls));
        if (decode.hasError()) what << tr("bytes that are not UTF-8");
        *warning = tr("%1 contains %2; they are shown as %3 and saving writes them so")
                       .arg(QFileInfo(kernelPath).fileName(), what.join(tr(" and ")),
                            QString(QChar::ReplacementCharacter));
    }
    m_path = QFileInfo(kernelPath).absoluteFilePath();
    bool restored = false;
    const QString auto_ = autosavePath();
    if (QFileInfo::exists(auto_)) {
        QFile a(auto_);
        const QString saved = a.open(QIODevice::ReadOnly) ? QString::fromUtf8(a.readAll()) : text;
        a.close();
        const bool ask = m_interactive || m_restorePrompt;
        if (saved == text) {
            QFile::remove(auto_); // nothing unsaved in it
        } else if (ask && QFileInfo(auto_).lastModified() > QFileInfo(kernelPath).lastModified()) {
            const QString question = tr("clstep kept unsaved changes to %1 from %2. Restore them?")
                                         .arg(QFileInfo(kernelPath).fileName(),
                                              QFileInfo(auto_).lastModified().toString());
            const bool yes =
                m_restorePrompt
                    ? m_restorePrompt(question)
                    : QMessageBox::question(m_editor, tr("Restore unsaved changes?"), question,
                                            QMessageBox::Yes | QMessageBox::No) == QMessageBox::Yes;
            if (yes) {
                text = saved;
                restored = true;
            } else {
                QFile::remove(auto_); // "No" discards them
            }
        }
    }
    m_loading = true;
    m_editor->setText(text);
    m_editor->setModified(restored);
    m_editor->SendScintilla(QsciScintillaBase::SCI_EMPTYUNDOBUFFER);
    m_loading = false;
    m_rebuild->stop();
    emit pathChanged(m_path);
    emit modifiedChanged(restored);
    return true;
}

bool KernelDocument::saveAs(const QString& path, QString* error) {
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(m_editor->text().toUtf8()) < 0 || !f.commit()) {
        if (error) *error = tr("cannot save %1: %2").arg(path, f.errorString());
        return false;
    }
    QFile::remove(autosavePath());
    m_path = QFileInfo(path).absoluteFilePath();
    m_editor->setModified(false);
    emit pathChanged(m_path);
    return true;
}

bool KernelDocument::save(QString* error) {
    if (m_path.isEmpty()) {
        if (error) *error = tr("no file name");
        return false;
    }
    return saveAs(m_path, error);
}

bool KernelDocument::maybeSave(QWidget* parent) {
    if (!modified()) return true;
    autosave();
    if (!m_interactive) return true;
    const auto answer = QMessageBox::warning(
        parent, tr("Unsaved changes"),
        tr("%1 has unsaved changes. Save them?").arg(QFileInfo(m_path).fileName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Cancel) return false;
    if (answer == QMessageBox::Save) {
        QString err;
        if (!save(&err)) {
            QMessageBox::critical(parent, tr("Save failed"), err);
            return false;
        }
    } else {
        QFile::remove(autosavePath());
    }
    return true;
}

} // namespace clstep::ui
