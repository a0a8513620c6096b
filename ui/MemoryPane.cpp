#include "MemoryPane.h"

#include "ImagePane.h"
#include "MemoryTableModel.h"
#include "Theme.h"

#include "debug/AddressView.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QStyle>
#include <QTabBar>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>
#include <QWheelEvent>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <functional>

namespace clstep::ui {

MemoryPane::MemoryPane(AddressSpace space, QWidget* parent) : QWidget(parent), m_space(space) {
    m_combined = space == AddressSpace::Private;
    setObjectName(
        QStringLiteral("memoryPane_%1").arg(QString::fromLatin1(addressSpaceShortName(space))));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->setSpacing(2);
    auto* top = new QHBoxLayout;
    m_title = new QLabel;
    top->addWidget(m_title);
    m_tabs = new QTabBar;
    m_tabs->setExpanding(false);
    m_tabs->setDocumentMode(true);
    m_tabs->setUsesScrollButtons(true);
    top->addWidget(m_tabs, 1);
    if (m_combined) {
        m_tabs->hide();
        top->addStretch(1);
    }
    m_format = new QComboBox;
    m_format->setToolTip(tr("Show each row as this type (decoded in the device's byte order)"));
    if (m_combined) m_format->addItem(tr("by variable type"));
    for (const ValueFormat& f : ValueFormat::choices())
        m_format->addItem(f.name());
    m_format->setMaxVisibleItems(20);
    // a long layout or type name must not widen the pane (a 1024-pixel projector, issue #31
    // item 6): the box is about 12 characters wide, its list as wide as its longest item
    m_format->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_format->setMinimumContentsLength(12);
    top->addWidget(m_format);
    auto* colours = m_colours = new QComboBox;
    colours->setObjectName(QStringLiteral("memoryColourMode"));
    colours->setToolTip(tr("Colour rows by the last accesses, by how often they were accessed, "
                           "or by the worst bank conflict (__local) / segment count (__global) "
                           "of the sub-group accesses that touched them"));
    colours->addItems({tr("last access"), tr("access count"), tr("conflict")});
    m_follow = new QCheckBox(tr("follow"));
    m_follow->setChecked(true);
    m_follow->setToolTip(tr("Scroll to the bytes the last step read or wrote"));
    layout->addLayout(top);
    // the colour mode on a second row: on one row with the tabs and the type chooser, three
    // panes side by side were wider than a 1024-pixel projector (ui.mainwindow
    // presentationFitsAProjector)
    auto* second = new QHBoxLayout;
    second->addWidget(new QLabel(tr("colour by")));
    second->addWidget(colours);
    second->addStretch(1);
    second->addWidget(m_follow); // (on the first row it made the pane too wide for 1024 px)
    layout->addLayout(second);

    m_empty = new QLabel;
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    layout->addWidget(m_empty);

    m_model = new MemoryTableModel(this);
    m_view = new QTableView;
    m_view->setObjectName(objectName() + QStringLiteral("_view"));
    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setWordWrap(false);
    m_view->setShowGrid(false);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->viewport()->installEventFilter(this); // its width decides the last column
    // an image argument's texels are drawn as a picture above their rows
    m_image = new ImagePane;
    m_image->hide();
    auto* split = new QSplitter(Qt::Vertical);
    split->setChildrenCollapsible(false);
    split->addWidget(m_image);
    split->addWidget(m_view);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 1);
    layout->addWidget(split, 1);

    connect(m_tabs, &QTabBar::currentChanged, this, [this](int i) {
        if (!m_updating) showRegion(i);
    });
    // the tab-scroll arrows (QTabBar's own buttons; connected after its scrolling slot) and
    // the wheel scroll the tabs: the current tab follows
    for (QToolButton* arrow : m_tabs->findChildren<QToolButton*>())
        connect(arrow, &QToolButton::clicked, this, &MemoryPane::followScrolledTabs);
    m_tabs->installEventFilter(this);
    connect(m_format, qOverload<int>(&QComboBox::activated), this, &MemoryPane::onFormatChosen);
    connect(colours, qOverload<int>(&QComboBox::activated), this,
            [this](int i) { setColourMode(static_cast<MemoryColourMode>(i)); });
    connect(m_view, &QTableView::doubleClicked, this, &MemoryPane::onDoubleClicked);
    applyTheme();
    setState({});
}

void MemoryPane::applyTheme() {
    m_title->setText(Theme::addressSpaceLabel(m_space));
    const QFontMetrics fm(Theme::codeFont());
    m_view->verticalHeader()->setDefaultSectionSize(fm.height() + 4);
    m_view->setColumnWidth(MemoryTableModel::AddressColumn,
                           fm.horizontalAdvance(QStringLiteral("[0000] +0x0000")) + 10);
    m_view->setColumnWidth(MemoryTableModel::ValueColumn,
                           fm.horizontalAdvance(m_combined ? QStringLiteral("global #1 + 0x0")
                                                           : QStringLiteral("-2147483648")) +
                               10);
    m_bytesWidth = fm.horizontalAdvance(m_combined ? QStringLiteral("00 00 00 00 00 00 00 00")
                                                   : QStringLiteral("00 00 00 00")) +
                   14;
    m_view->setColumnWidth(MemoryTableModel::BytesColumn, m_bytesWidth);
    m_view->setStyleSheet(QStringLiteral("QTableView{border-left:3px solid %1;}")
                              .arg(Theme::addressSpace(m_space).name()));
    fitColumns();
}

void MemoryPane::fitColumns() {
    QHeaderView* header = m_view->horizontalHeader();
    const int width = m_view->viewport()->width();
    const int addressAndValue = m_view->columnWidth(MemoryTableModel::AddressColumn) +
                                m_view->columnWidth(MemoryTableModel::ValueColumn);
    const int pad = 2 * header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header) + 2;
    auto titleWidth = [&](const QString& title) {
        return header->fontMetrics().horizontalAdvance(title) + pad;
    };
    // the last column: its whole title; else "last access" if 10 characters of it fit; else
    // hidden
    const int room = width - addressAndValue - m_bytesWidth;
    const bool whole = room >= titleWidth(MemoryTableModel::infoTitle(false));
    m_model->setCompactInfoTitle(!whole);
    const int content = 10 * m_view->fontMetrics().horizontalAdvance(QLatin1Char('M'));
    const bool hide =
        !whole && room < std::max(titleWidth(MemoryTableModel::infoTitle(true)), content);
    if (m_view->isColumnHidden(MemoryTableModel::InfoColumn) != hide)
        m_view->setColumnHidden(MemoryTableModel::InfoColumn, hide);
    // the bytes last: down to what is left (elided, whole in the row's tooltip), not below
    // their title
    const int bytes =
        hide ? std::clamp(
                   width - addressAndValue,
                   titleWidth(m_model->headerData(MemoryTableModel::BytesColumn, Qt::Horizontal)
                                  .toString()),
                   m_bytesWidth)
             : m_bytesWidth;
    if (m_view->columnWidth(MemoryTableModel::BytesColumn) != bytes)
        m_view->setColumnWidth(MemoryTableModel::BytesColumn, bytes);
}

const std::vector<debug::MemoryRegion>* MemoryPane::regions() const {
    const debug::Snapshot* s = m_state.snapshot.get();
    return s ? &s->memory[m_space] : nullptr;
}

void MemoryPane::learnTypes(const debug::Snapshot& s) {
    m_inScope.clear();
    std::function<void(const std::vector<debug::VariableSnapshot>&)> walk = [&](const auto& vars) {
        for (const debug::VariableSnapshot& v : vars) {
            const QString name = QString::fromStdString(v.name);
            const bool pointer = v.type.find('*') != std::string::npos;
            if (m_combined && v.space == m_space) {
                m_inScope.insert(name);
                m_hints[name] = pointer ? ValueFormat{ValueFormat::Kind::Pointer, 1}
                                        : ValueFormat::guessFromType(v.type);
            } else if (pointer || v.space == m_space) {
                const ValueFormat f = ValueFormat::guessFromType(v.type);
                if (!m_hints.contains(name) ||
                    m_hints.value(name).kind == ValueFormat::Kind::HexBytes)
                    m_hints[name] = f;
            }
        }
    };
    walk(s.variables);
}

void MemoryPane::setState(const SessionState& state) {
    m_state = state;
    const auto* regs = regions();
    if (state.snapshot) learnTypes(*state.snapshot);
    QStringList names;
    if (regs)
        for (const debug::MemoryRegion& r : *regs)
            names << QString::fromStdString(r.name);
    m_updating = true;
    const QString current =
        m_tabs->currentIndex() >= 0 ? m_tabs->tabText(m_tabs->currentIndex()) : QString();
    if (names != m_regionNames) {
        while (m_tabs->count())
            m_tabs->removeTab(0);
        for (const QString& n : names)
            m_tabs->addTab(n.isEmpty() ? tr("(unnamed)") : n);
        m_regionNames = names;
        const int keep = static_cast<int>(names.indexOf(current));
        m_tabs->setCurrentIndex(keep >= 0 ? keep : (names.isEmpty() ? -1 : 0));
    }
    for (int i = 0; i < names.size() && regs; ++i)
        m_tabs->setTabToolTip(
            i, tr("%1 bytes at %2")
                   .arg((*regs)[static_cast<size_t>(i)].bytes.size())
                   .arg(ValueFormat::formatAddress((*regs)[static_cast<size_t>(i)].address)));
    m_updating = false;
    const bool empty = names.isEmpty();
    m_view->setVisible(!empty);
    m_empty->setVisible(empty);
    if (empty) {
        const char* why =
            m_space == AddressSpace::Private    ? "no __private memory: no work-item is running"
            : m_space == AddressSpace::Local    ? "this work-group has no __local memory"
            : m_space == AddressSpace::Constant ? "no __constant memory in this launch"
                                                : "no __global buffers in this launch";
        m_empty->setText(state.snapshot ? tr(why) : tr("nothing loaded"));
    }
    showRegion(m_tabs->currentIndex());
}

void MemoryPane::showRegion(int index) {
    const auto* regs = regions();
    if (m_combined) {
        m_model->setAllRegions(m_state.snapshot, m_space, m_state.deviceBigEndian,
                               m_byType ? typedFormats() : QHash<QString, ValueFormat>{},
                               m_byType ? ValueFormat{ValueFormat::Kind::HexBytes, 1}
                                        : m_combinedFormat);
        m_format->setCurrentIndex(m_byType ? 0 : m_format->findText(m_combinedFormat.name()));
        if (m_follow->isChecked()) scrollToActivity();
        return;
    }
    if (!regs || index < 0 || index >= static_cast<int>(regs->size())) {
        m_model->setRegion(m_state.snapshot, m_space, -1, m_state.deviceBigEndian);
        m_image->hide();
        return;
    }
    const debug::MemoryRegion& region = (*regs)[static_cast<size_t>(index)];
    if (region.image && !m_image->isVisible()) {
        m_image->show(); // the picture gets two thirds of the height
        if (auto* split = qobject_cast<QSplitter*>(m_image->parentWidget()))
            split->setSizes({split->height() * 2 / 3, split->height() / 3});
    }
    m_image->setVisible(region.image != nullptr);
    if (region.image) m_image->setRegion(m_state.snapshot, index);
    const QString name = QString::fromStdString(region.name);
    // The element type when the program says it (the .sim type, the parameter's pointee, the
    // variable's type): structs and unions get their layout, before the first step too.
    const ValueFormat known = ValueFormat::forElement(region.element);
    offerLayout(known);
    ValueFormat f = m_chosen.contains(name)                     ? m_chosen.value(name)
                    : known.kind != ValueFormat::Kind::HexBytes ? known
                    : m_hints.contains(name)                    ? m_hints.value(name)
                    : m_space == AddressSpace::Private ? ValueFormat{ValueFormat::Kind::HexBytes, 1}
                                                       : ValueFormat{ValueFormat::Kind::UChar, 1};
    if (f.kind == ValueFormat::Kind::Layout) // a layout chosen for an earlier program
        f = known.kind == ValueFormat::Kind::Layout ? known : ValueFormat{};
    m_model->setFormat(f);
    m_model->setRegion(m_state.snapshot, m_space, index, m_state.deviceBigEndian);
    m_format->setCurrentText(f.name());
    if (m_follow->isChecked()) scrollToActivity();
}

QHash<QString, ValueFormat> MemoryPane::typedFormats() const {
    QHash<QString, ValueFormat> out;
    const auto* regs = regions();
    if (!regs) return out;
    for (const debug::MemoryRegion& r : *regs) {
        const QString name = QString::fromStdString(r.name);
        const ValueFormat element = ValueFormat::forElement(r.element);
        if (m_inScope.contains(name))
            out[name] = m_hints.value(name);
        else if (element.kind != ValueFormat::Kind::HexBytes)
            out[name] = element;
        else if (m_hints.contains(name))
            out[name] = m_hints.value(name);
    }
    return out;
}

bool MemoryPane::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_view->viewport() && event->type() == QEvent::Resize) fitColumns();
    if (watched == m_tabs && event->type() == QEvent::Wheel)
        QTimer::singleShot(0, this, &MemoryPane::followScrolledTabs); // after the bar scrolled
    return QWidget::eventFilter(watched, event);
}

void MemoryPane::followScrolledTabs() {
    const int current = m_tabs->currentIndex();
    if (current < 0) return;
    // the part of the bar its scroll arrows leave free
    QRect sight = m_tabs->rect();
    for (const QToolButton* arrow : m_tabs->findChildren<QToolButton*>()) {
        if (!arrow->isVisible()) continue;
        if (arrow->geometry().center().x() > sight.center().x())
            sight.setRight(std::min(sight.right(), arrow->geometry().left() - 1));
        else
            sight.setLeft(std::max(sight.left(), arrow->geometry().right() + 1));
    }
    auto inSight = [&](int i) {
        const QRect r = m_tabs->tabRect(i);
        return r.intersected(sight).width() * 2 >= r.width();
    };
    if (inSight(current)) return;
    int best = -1;
    for (int i = 0; i < m_tabs->count(); ++i)
        if (inSight(i) && (best < 0 || std::abs(i - current) < std::abs(best - current))) best = i;
    if (best >= 0) m_tabs->setCurrentIndex(best); // (shows its region: currentChanged)
}

void MemoryPane::scrollToActivity() {
    if (m_combined) {
        for (int row = 0; row < m_model->rowCount(); ++row) {
            const int h = m_model->index(row, 0).data(MemoryTableModel::HighlightRole).toInt();
            if (h == MemoryTableModel::WriteHighlight || h == MemoryTableModel::ReadHighlight) {
                m_view->scrollTo(m_model->index(row, 0), QAbstractItemView::EnsureVisible);
                return;
            }
        }
        return;
    }
    const debug::MemoryRegion* r = m_model->region();
    if (!r) return;
    // The first byte read or written by the last action; 8 flags at a time, and pages that
    // hold no flags at all are skipped (a 64 MiB buffer is scanned on every step).
    constexpr uint8_t kRecent = debug::ByteLastWrite | debug::ByteLastRead;
    constexpr uint64_t kRecent8 = 0x0101010101010101ull * kRecent;
    const auto& all = r->flags;
    for (size_t p = 0; p < all.pageCount(); ++p) {
        const auto& page = all.page(p);
        if (!page) {
            if (all.fill() & kRecent) break; // (never: marks are on written pages)
            continue;
        }
        const uint8_t* flags = page->data();
        const size_t n = page->size();
        size_t i = 0;
        for (; i + 8 <= n; i += 8) {
            uint64_t word;
            std::memcpy(&word, flags + i, 8);
            if (word & kRecent8) break;
        }
        for (; i < n; ++i)
            if (flags[i] & kRecent) {
                const size_t at = p * debug::PagedArray<uint8_t>::kPageElements + i;
                const QModelIndex idx = m_model->index(m_model->rowForOffset(at), 0);
                m_view->scrollTo(idx, QAbstractItemView::EnsureVisible);
                return;
            }
    }
}

void MemoryPane::setColourMode(MemoryColourMode mode) {
    m_colours->setCurrentIndex(static_cast<int>(mode));
    m_model->setColourMode(mode);
    emit colourModeChanged(mode);
}

MemoryColourMode MemoryPane::colourMode() const {
    return m_model->colourMode();
}

void MemoryPane::setFormat(const ValueFormat& format) {
    if (m_combined) {
        m_byType = false;
        m_combinedFormat = format;
        showRegion(0);
        return;
    }
    const int i = m_tabs->currentIndex();
    if (i >= 0 && i < m_regionNames.size()) m_chosen[m_regionNames[i]] = format;
    m_model->setFormat(format);
    m_format->setCurrentText(format.name());
}

void MemoryPane::offerLayout(const ValueFormat& layout) {
    const int at = m_format->findData(QStringLiteral("layout"));
    if (layout.kind != ValueFormat::Kind::Layout) {
        if (at >= 0) m_format->removeItem(at);
        return;
    }
    if (at >= 0 && m_format->itemText(at) == layout.name()) return;
    if (at >= 0) m_format->removeItem(at);
    m_format->insertItem(m_combined ? 1 : 0, layout.name(), QStringLiteral("layout"));
    m_format->setItemData(
        m_combined ? 1 : 0,
        tr("%1: a block of rows per element, one per member, padding hatched").arg(layout.name()),
        Qt::ToolTipRole);
}

void MemoryPane::onFormatChosen(int comboIndex) {
    if (m_combined && comboIndex == 0) {
        m_byType = true;
        showRegion(0);
        return;
    }
    if (m_format->itemData(comboIndex) == QStringLiteral("layout")) {
        const auto* regs = regions();
        const int i = m_tabs->currentIndex();
        if (regs && i >= 0 && i < static_cast<int>(regs->size()))
            setFormat(ValueFormat::forElement((*regs)[static_cast<size_t>(i)].element));
        return;
    }
    const auto f = ValueFormat::fromName(m_format->itemText(comboIndex));
    if (f) setFormat(*f);
}

bool MemoryPane::selectRegion(const QString& name) {
    if (m_combined) {
        const auto* regs = regions();
        if (!regs) return false;
        for (const debug::MemoryRegion& r : *regs)
            if (QString::fromStdString(r.name) == name) return showAddress(r.address);
        return false;
    }
    const int i = static_cast<int>(m_regionNames.indexOf(name));
    if (i < 0) return false;
    m_tabs->setCurrentIndex(i);
    showRegion(i);
    return true;
}

bool MemoryPane::showAddress(uint64_t a) {
    const auto* regs = regions();
    const debug::AddressView target = debug::describe(a);
    if (!regs || target.space != m_space) return false;
    if (m_combined) {
        const int row = m_model->rowForAddress(a);
        if (row < 0) return false;
        const QModelIndex idx = m_model->index(row, MemoryTableModel::ValueColumn);
        m_view->scrollTo(idx, QAbstractItemView::PositionAtCenter);
        m_view->selectionModel()->select(idx, QItemSelectionModel::ClearAndSelect |
                                                  QItemSelectionModel::Rows);
        return true;
    }
    for (size_t i = 0; i < regs->size(); ++i) {
        const debug::MemoryRegion& r = (*regs)[i];
        const debug::AddressView region = debug::describe(r.address);
        if (region.buffer != target.buffer) continue;
        const uint64_t start = region.offset, off = target.offset;
        if (off < start || off >= start + r.bytes.size()) continue;
        m_tabs->setCurrentIndex(static_cast<int>(i));
        showRegion(static_cast<int>(i));
        const QModelIndex idx =
            m_model->index(m_model->rowForOffset(off - start), MemoryTableModel::ValueColumn);
        m_view->scrollTo(idx, QAbstractItemView::PositionAtCenter);
        m_view->selectionModel()->select(idx, QItemSelectionModel::ClearAndSelect |
                                                  QItemSelectionModel::Rows);
        return true;
    }
    return false;
}

void MemoryPane::onDoubleClicked(const QModelIndex& index) {
    const quint64 target = index.data(MemoryTableModel::PointerTargetRole).toULongLong();
    if (target) emit followPointer(target);
}

} // namespace clstep::ui
