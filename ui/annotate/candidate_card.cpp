// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "annotate/candidate_card.h"

#include "annotate/annotation_editor.h"
#include "annotate/error_span_model.h"
#include "annotate/focus_mark.h"
#include "annotate/likert_row.h"
#include "annotate/text_height.h"
#include "annotate/text_offsets.h"
#include "annotate/unit_checklist_model.h"
#include "common/palette_colours.h"

#include <QAction>
#include <QEvent>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QKeyEvent>
#include <QLabel>
#include <QListView>
#include <QMenu>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTableView>
#include <QTextBlock>
#include <QVBoxLayout>

namespace concord::ui {

CandidateCard::CandidateCard(AnnotationEditor *editor, model::Id document, const model::Candidate &candidate,
                             const QString &letterTitle, const std::vector<model::Dimension> &likert, bool spans,
                             const QStringList &units, QWidget *parent)
    : QFrame(parent)
    , m_editor(editor)
    , m_document(document)
    , m_candidate(candidate)
    , m_letterTitle(letterTitle)
    , m_title(new QLabel(this))
    , m_text(new QPlainTextEdit(this))
    , m_markAction(new QAction(tr("Mark Factual Error"), this))
    , m_spanModel(new ErrorSpanModel(editor, this))
    , m_spanTable(new QTableView(this))
    , m_unitModel(new UnitChecklistModel(editor, this))
    , m_focusMark(new FocusMark(this))
{
    setFrameShape(QFrame::StyledPanel);
    setObjectName(QStringLiteral("candidateCard"));
    auto *layout = new QVBoxLayout(this);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_title->setTextFormat(Qt::PlainText);
    m_title->setText(letterTitle);
    layout->addWidget(m_title);

    // Model output is untrusted: plain text only, never rich text.
    m_text->setObjectName(QStringLiteral("candidateText"));
    m_text->setReadOnly(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_text->setPlainText(QString::fromStdString(candidate.text));
    m_text->setTabChangesFocus(true);
    // Tab stops on the summary too: selecting its wrong words is how an error is marked by keyboard.
    m_text->setFocusPolicy(Qt::StrongFocus);
    m_text->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_text->setContextMenuPolicy(Qt::CustomContextMenu);
    m_text->setAccessibleName(letterTitle);
    layout->addWidget(m_text);
    m_text->installEventFilter(this);

    m_markAction->setShortcut(QKeySequence(Qt::Key_E));
    m_markAction->setShortcutContext(Qt::WidgetShortcut);
    m_markAction->setToolTip(tr("Select the wrong words in the summary, then press E"));
    m_text->addAction(m_markAction);
    m_markAction->setVisible(spans);
    connect(m_markAction, &QAction::triggered, this, &CandidateCard::markSelection);
    connect(m_text, &QPlainTextEdit::customContextMenuRequested, this, [this, spans](const QPoint &pos) {
        QMenu *menu = m_text->createStandardContextMenu(pos);
        if (spans) {
            menu->insertAction(menu->actions().value(0), m_markAction);
            menu->insertSeparator(menu->actions().value(1));
            m_markAction->setEnabled(m_text->textCursor().hasSelection() && m_editor->canEdit());
        }
        menu->setAttribute(Qt::WA_DeleteOnClose);
        menu->popup(m_text->viewport()->mapToGlobal(pos));
    });

    for (const auto &d : likert) {
        auto *row = new LikertRow(d, this);
        connect(row, &LikertRow::valueRequested, this, [this, row](std::optional<double> value) {
            const Status status = m_editor->setRating(m_document, m_candidate.id, row->dimension().id, value);
            if (!status)
                Q_EMIT editFailed(QString::fromStdString(status.error().describe()));
        });
        m_rows.push_back(row);
        layout->addWidget(row);
    }

    m_spanTable->setObjectName(QStringLiteral("errorSpans"));
    m_spanTable->setModel(m_spanModel);
    m_spanTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_spanTable->setSelectionMode(QAbstractItemView::SingleSelection);
    m_spanTable->verticalHeader()->hide();
    m_spanTable->horizontalHeader()->setStretchLastSection(true);
    // The quote and the note share the card's width: a fixed quote column left the note's title cut
    // on a narrow card.
    m_spanTable->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_spanTable->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed
                                 | QAbstractItemView::AnyKeyPressed);
    m_spanTable->setTabKeyNavigation(false);
    m_spanTable->setVisible(false);
    m_spanTable->setToolTip(tr("F2 edits the note; Delete removes the marked error"));
    auto *deleteAction = new QAction(tr("Delete Factual Error"), m_spanTable);
    deleteAction->setShortcut(QKeySequence::Delete);
    deleteAction->setShortcutContext(Qt::WidgetShortcut);
    m_spanTable->addAction(deleteAction);
    connect(deleteAction, &QAction::triggered, this, &CandidateCard::deleteSelectedSpan);
    m_deleteSpan = new QPushButton(tr("Delete Error (Del)"), this);
    m_deleteSpan->setObjectName(QStringLiteral("deleteSpanButton"));
    m_deleteSpan->setVisible(false);
    m_deleteSpan->setToolTip(tr("Deletes the error picked in the list; in the list, Delete removes the error under "
                                "its focus frame"));
    // Tab reaches it after the list while an error is picked there (it is enabled only then), framed like the
    // card while it has the keyboard; a click leaves the keyboard where it was.
    m_deleteSpan->setFocusPolicy(Qt::TabFocus);
    new FocusMark(m_deleteSpan);
    connect(m_deleteSpan, &QPushButton::clicked, this, &CandidateCard::deleteSelectedSpan);
    connect(m_spanTable->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &CandidateCard::updateDeleteButton);
    connect(m_spanModel, &QAbstractItemModel::modelReset, this, &CandidateCard::updateDeleteButton);
    connect(m_spanModel, &ErrorSpanModel::editFailed, this, &CandidateCard::editFailed);
    layout->addWidget(m_spanTable);
    layout->addWidget(m_deleteSpan, 0, Qt::AlignRight);

    if (!units.isEmpty()) {
        // What the three states mean and the keys that answer, where the units are.
        auto *heading = new QLabel(tr("Content units: is each one in this summary? Y or 1: present, N or 0: "
                                      "absent (each goes on to the next unit); Delete: not answered."),
                                   this);
        heading->setObjectName(QStringLiteral("unitHeading"));
        heading->setWordWrap(true);
        layout->addWidget(heading);
        m_unitModel->setUnits(document, candidate.id, units);
        m_unitList = new QListView(this);
        m_unitList->setObjectName(QStringLiteral("unitChecklist"));
        m_unitList->setModel(m_unitModel);
        m_unitList->setToolTip(tr("Y or 1: present, N or 0: absent, each going on to the next unit; Space or a "
                                  "click switches between present and absent; Delete: not answered"));
        m_unitList->installEventFilter(this);
        // The card's frame says which card; this one that its units have the keyboard.
        new FocusMark(m_unitList);
        // A long unit is shortened with "…" (its tooltip shows it whole) rather than scrolled sideways
        // inside the annotation view, which scrolls already.
        m_unitList->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        m_unitList->setTextElideMode(Qt::ElideRight);
        const int rowHeight
            = m_unitList->sizeHintForRow(0) > 0 ? m_unitList->sizeHintForRow(0) : fontMetrics().height() + 6;
        m_unitList->setFixedHeight(rowHeight * static_cast<int>(units.size()) + 2 * m_unitList->frameWidth() + 4);
        connect(m_unitModel, &UnitChecklistModel::editFailed, this, &CandidateCard::editFailed);
        layout->addWidget(m_unitList);
    }
    // Tab follows the reading order (the span list was made before the rows): text, rows, errors, units.
    QWidget *previous = m_text;
    for (auto *row : m_rows) {
        QWidget::setTabOrder(previous, row);
        previous = row;
    }
    QWidget::setTabOrder(previous, m_spanTable);
    QWidget::setTabOrder(m_spanTable, m_deleteSpan);
    if (m_unitList)
        QWidget::setTabOrder(m_deleteSpan, m_unitList);
    updateDeleteButton();
    fitTextHeight();
}

QString CandidateCard::text() const
{
    return m_text->toPlainText();
}

QString CandidateCard::title() const
{
    return m_title->text();
}

void CandidateCard::setSystemName(const QString &name, bool shown)
{
    m_systemName = name;
    m_showSystem = shown;
    m_title->setText(shown ? tr("%1 — %2").arg(m_letterTitle, name) : m_letterTitle);
}

void CandidateCard::fitTextHeight()
{
    // The whole summary shows at once, at any width: summaries are short, and a scroll bar per card
    // hides errors.
    fitHeightToText(m_text, 2);
}

bool CandidateCard::eventFilter(QObject *watched, QEvent *event)
{
    // A narrower card wraps the summary into more lines.
    if (watched == m_text && event->type() == QEvent::Resize)
        fitTextHeight();
    if (watched == m_unitList && event->type() == QEvent::FocusIn && m_unitModel->firstUnanswered() >= 0
        && !m_unitList->currentIndex().isValid())
        showFirstUnansweredUnit();
    if (watched == m_unitList && event->type() == QEvent::KeyPress && answerUnitByKey(*static_cast<QKeyEvent *>(event)))
        return true;
    return QFrame::eventFilter(watched, event);
}

void CandidateCard::showFirstUnansweredUnit()
{
    if (!m_unitList)
        return;
    const int row = m_unitModel->firstUnanswered();
    if (row >= 0)
        m_unitList->setCurrentIndex(m_unitModel->index(row));
}

bool CandidateCard::answerUnitByKey(const QKeyEvent &key)
{
    if (key.modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier))
        return false;
    std::optional<bool> present;
    bool clear = false;
    switch (key.key()) {
    case Qt::Key_Y:
    case Qt::Key_1:
        present = true;
        break;
    case Qt::Key_N:
    case Qt::Key_0:
        present = false;
        break;
    case Qt::Key_Delete:
    case Qt::Key_Backspace:
        clear = true;
        break;
    default:
        return false;
    }
    QModelIndex current = m_unitList->currentIndex();
    if (!current.isValid())
        current = m_unitModel->index(0);
    if (!current.isValid() || !m_editor->canEdit())
        return true;
    const Qt::CheckState state = clear ? Qt::PartiallyChecked : (*present ? Qt::Checked : Qt::Unchecked);
    if (!m_unitModel->setData(current, state, Qt::CheckStateRole) || clear)
        return true;
    // One key per unit: on to the next one, and after the last to wherever the work is left.
    if (current.row() + 1 < m_unitModel->rowCount())
        m_unitList->setCurrentIndex(m_unitModel->index(current.row() + 1));
    else
        Q_EMIT unitsAnswered();
    return true;
}

void CandidateCard::showJudgements(const store::AnnotatorJudgements &j)
{
    for (auto *row : m_rows) {
        const auto it = j.ratings.find({m_candidate.id, row->dimension().id});
        row->setValue(it == j.ratings.end() ? std::nullopt : std::optional<double>(it->second));
    }
    std::vector<model::ErrorSpan> spans;
    for (const auto &s : j.errorSpans)
        if (s.candidateId == m_candidate.id)
            spans.push_back(s);
    m_spanModel->setSpans(m_document, spans);
    // A note is what a span needs next: Tab into the list lands on a note, ready for F2 or typing.
    // Only the current cell, not a selection: the Delete Error button removes a span somebody picked.
    if (!spans.empty() && !m_spanTable->currentIndex().isValid())
        m_spanTable->selectionModel()->setCurrentIndex(m_spanModel->index(0, ErrorSpanModel::NoteColumn),
                                                       QItemSelectionModel::NoUpdate);
    m_spanTable->setVisible(!spans.empty());
    m_deleteSpan->setVisible(!spans.empty());
    updateDeleteButton();
    if (!spans.empty()) {
        const int row = m_spanTable->verticalHeader()->defaultSectionSize();
        m_spanTable->setFixedHeight(m_spanTable->horizontalHeader()->sizeHint().height()
                                    + row * static_cast<int>(std::min<std::size_t>(spans.size(), 6))
                                    + 2 * m_spanTable->frameWidth());
    }
    const QString text = m_text->toPlainText();
    m_ranges.clear();
    for (const auto &s : spans) {
        const int from = TextOffsets::toUtf16(text, s.start);
        m_ranges.append({from, TextOffsets::toUtf16(text, s.end) - from});
    }
    paintSpans();
    std::map<int, bool> marks;
    for (const auto &[key, present] : j.unitMarks)
        if (key.first == m_candidate.id)
            marks[key.second] = present;
    m_unitModel->setMarks(marks);
}

void CandidateCard::paintSpans()
{
    // Translucent highlight: where spans overlap the colour deepens, so both stay visible. Apart
    // from the text's background in light and dark alike; the card's palette, because in a palette
    // change the text view gets its new one only after the card.
    const QColor colour = PaletteColours::span(palette());
    const QColor text = PaletteColours::spanText(palette(), colour);
    const QColor edge = PaletteColours::spanEdge(palette(), colour);
    QList<QTextEdit::ExtraSelection> selections;
    for (const auto &[from, length] : m_ranges) {
        QTextEdit::ExtraSelection sel;
        sel.cursor = QTextCursor(m_text->document());
        sel.cursor.setPosition(from);
        sel.cursor.setPosition(from + length, QTextCursor::KeepAnchor);
        sel.format.setBackground(colour);
        sel.format.setForeground(text);
        sel.format.setUnderlineStyle(QTextCharFormat::SingleUnderline);
        sel.format.setUnderlineColor(edge);
        selections.append(sel);
    }
    m_text->setExtraSelections(selections);
}

QList<QPair<int, int>> CandidateCard::highlightedRanges() const
{
    return m_ranges;
}

void CandidateCard::setEditable(bool editable)
{
    for (auto *row : m_rows)
        row->setEditable(editable);
}

bool CandidateCard::markSelection()
{
    const QTextCursor cursor = m_text->textCursor();
    if (!cursor.hasSelection())
        return false;
    const QString text = m_text->toPlainText();
    // Offsets are stored in code points: a selection edge inside a surrogate pair snaps outwards.
    const int start = TextOffsets::toCodePoint(text, cursor.selectionStart());
    int end = TextOffsets::toCodePoint(text, cursor.selectionEnd());
    if (TextOffsets::toUtf16(text, end) < cursor.selectionEnd())
        ++end;
    const int from = TextOffsets::toUtf16(text, start);
    const QString quote = text.mid(from, TextOffsets::toUtf16(text, end) - from);
    if (end <= start)
        return false;
    const auto result = m_editor->addErrorSpan(m_document, m_candidate.id, start, end, quote);
    if (!result) {
        Q_EMIT editFailed(QString::fromStdString(result.error().describe()));
        return false;
    }
    // The new span's note is the current cell of the list, where Tab goes next after the rows.
    for (int row = 0; row < m_spanModel->rowCount(); ++row) {
        const QModelIndex note = m_spanModel->index(row, ErrorSpanModel::NoteColumn);
        if (note.data(ErrorSpanModel::SpanIdRole).toLongLong() == result.value())
            m_spanTable->selectionModel()->setCurrentIndex(note, QItemSelectionModel::NoUpdate);
    }
    return true;
}

QWidget *CandidateCard::firstUnanswered() const
{
    for (auto *row : m_rows)
        if (!row->value())
            return row;
    if (m_unitList)
        for (int unit = 0; unit < m_unitModel->rowCount(); ++unit)
            if (!m_unitModel->mark(unit))
                return m_unitList;
    return nullptr;
}

void CandidateCard::deleteSelectedSpan()
{
    // Delete in the focused list removes the span under its focus frame; the button only a picked one.
    const QModelIndexList picked = m_spanTable->selectionModel()->selectedIndexes();
    const QModelIndex current
        = m_spanTable->hasFocus() ? m_spanTable->currentIndex() : (picked.isEmpty() ? QModelIndex() : picked.first());
    if (!current.isValid())
        return;
    const auto id = current.data(ErrorSpanModel::SpanIdRole).toLongLong();
    // Pressed by keyboard, the button is disabled by the deletion (nothing is picked then): the keyboard goes back
    // to the list rather than on to wherever Qt would send it.
    if (m_deleteSpan->hasFocus())
        m_spanTable->setFocus(Qt::OtherFocusReason);
    const Status status = m_editor->removeErrorSpan(m_document, id);
    if (!status)
        Q_EMIT editFailed(QString::fromStdString(status.error().describe()));
}

void CandidateCard::updateDeleteButton()
{
    // The button deletes only a span somebody picked: without one it does nothing, and so is disabled, which
    // also keeps Tab from stopping on it.
    m_deleteSpan->setEnabled(m_spanTable->selectionModel()->hasSelection());
}

void CandidateCard::setMarked(bool marked)
{
    m_marked = marked;
    // From the palette, so the mark follows light and dark schemes (changeEvent sets it again).
    const QString sheet = marked ? QStringLiteral("QFrame#candidateCard { border: 3px solid %1; }")
                                       .arg(PaletteColours::mark(palette()).name())
                                 : QString();
    // Only a new sheet: setting one re-polishes, which must not start another palette change.
    if (sheet != styleSheet())
        setStyleSheet(sheet);
}

void CandidateCard::changeEvent(QEvent *event)
{
    QFrame::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        paintSpans();
        setMarked(m_marked);
    }
}

} // namespace concord::ui
