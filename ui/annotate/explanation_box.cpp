// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "annotate/explanation_box.h"

#include "annotate/annotation_editor.h"
#include "annotate/focus_mark.h"
#include "annotate/text_height.h"

#include <QKeyEvent>

namespace concord::ui {

ExplanationBox::ExplanationBox(AnnotationEditor *editor, model::Id document, model::Id dimension, QWidget *parent)
    : QPlainTextEdit(parent)
    , m_editor(editor)
    , m_document(document)
    , m_dimension(dimension)
{
    setObjectName(QStringLiteral("explanation_%1").arg(dimension));
    setTabChangesFocus(true);
    // A text cursor alone is easily missed: the box is framed while the keyboard is in it.
    new FocusMark(this);
    // The study's undo stack owns undo here; the editor's own would fight it.
    setUndoRedoEnabled(false);
    // Four lines, more as the explanation grows: it sits in the annotation view, which scrolls.
    fitHeightToText(this, 4);
    connect(this, &QPlainTextEdit::textChanged, this, [this] {
        fitHeightToText(this, 4);
        if (m_loading)
            return;
        const Status status = m_editor->setExplanation(m_document, m_dimension, toPlainText());
        if (!status)
            Q_EMIT editFailed(QString::fromStdString(status.error().describe()));
    });
}

void ExplanationBox::resizeEvent(QResizeEvent *event)
{
    QPlainTextEdit::resizeEvent(event);
    fitHeightToText(this, 4);
}

bool ExplanationBox::event(QEvent *event)
{
    // Leave Ctrl+Z / Ctrl+Shift+Z to the window's Undo and Redo, which undo the saved edits.
    if (event->type() == QEvent::ShortcutOverride) {
        auto *key = static_cast<QKeyEvent *>(event);
        if (key->matches(QKeySequence::Undo) || key->matches(QKeySequence::Redo)) {
            event->ignore();
            return true;
        }
    }
    return QPlainTextEdit::event(event);
}

void ExplanationBox::showStored(const QString &text)
{
    if (text == toPlainText())
        return;
    m_loading = true;
    const int position = textCursor().position();
    setPlainText(text);
    QTextCursor cursor = textCursor();
    cursor.setPosition(std::min(position, static_cast<int>(text.size())));
    setTextCursor(cursor);
    m_loading = false;
}

} // namespace concord::ui
