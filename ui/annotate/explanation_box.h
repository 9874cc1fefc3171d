// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ids.h"

#include <QPlainTextEdit>

namespace concord::ui {

class AnnotationEditor;

// A free-text explanation (of the document, or of one ranking). Every change is saved at once;
// a burst of typing is one undo step. Tab leaves the box, as in a form.
class ExplanationBox : public QPlainTextEdit {
    Q_OBJECT
public:
    ExplanationBox(AnnotationEditor *editor, model::Id document, model::Id dimension, QWidget *parent = nullptr);

    model::Id dimension() const { return m_dimension; }
    // Shows the stored text (after an undo, say) without writing it back.
    void showStored(const QString &text);

protected:
    bool event(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

Q_SIGNALS:
    void editFailed(const QString &message);

private:
    AnnotationEditor *m_editor;
    model::Id m_document;
    model::Id m_dimension;
    bool m_loading = false;
};

} // namespace concord::ui
