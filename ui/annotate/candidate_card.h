// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/candidate.h"
#include "model/dimension.h"
#include "model/error_span.h"
#include "store/study.h"

#include <QFrame>
#include <QStringList>

#include <vector>

class QAction;
class QKeyEvent;
class QLabel;
class QListView;
class QPlainTextEdit;
class QPushButton;
class QTableView;

namespace concord::ui {

class AnnotationEditor;
class ErrorSpanModel;
class FocusMark;
class LikertRow;
class UnitChecklistModel;

// One blind candidate: "Summary A", its text (plain text; factual-error spans highlighted, marked
// from a selection with the context menu or E), a Likert row per asked dimension, the list of its
// error spans with notes, and the Pyramid checklist where the document has units.
class CandidateCard : public QFrame {
    Q_OBJECT
public:
    CandidateCard(AnnotationEditor *editor, model::Id document, const model::Candidate &candidate,
                  const QString &letterTitle, const std::vector<model::Dimension> &likert, bool spans,
                  const QStringList &units, QWidget *parent = nullptr);

    model::Id candidateId() const { return m_candidate.id; }
    QString text() const;
    QString title() const;
    void setSystemName(const QString &name, bool shown);
    // Shows what the annotator answered (after every edit, undo or redo).
    void showJudgements(const store::AnnotatorJudgements &judgements);
    void setEditable(bool editable);
    // The card another view pointed at (Open in Annotate): framed in the palette's mark colour.
    void setMarked(bool marked);
    bool isMarked() const { return m_marked; }

    // Marks the text selection [start, end) in UTF-16 positions (the editor's own units) as an error.
    bool markSelection();
    QPlainTextEdit *textView() const { return m_text; }
    const std::vector<LikertRow *> &likertRows() const { return m_rows; }
    QTableView *spanTable() const { return m_spanTable; }
    ErrorSpanModel *spanModel() const { return m_spanModel; }
    QListView *unitList() const { return m_unitList; }
    UnitChecklistModel *unitModel() const { return m_unitModel; }
    // The UTF-16 ranges highlighted in the text, one per span, for tests and for painting.
    QList<QPair<int, int>> highlightedRanges() const;
    void deleteSelectedSpan();
    // Where this card's work is left: its first unrated row, else its unit list while a unit is
    // unmarked; nullptr when the card is answered.
    QWidget *firstUnanswered() const;

    // Makes the unit list's current row its first unit not answered yet (if any).
    void showFirstUnansweredUnit();

Q_SIGNALS:
    void editFailed(const QString &message);
    // The last content unit was answered by key: the keyboard may go on to what is left.
    void unitsAnswered();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    // The span colours and the mark come from the palette: a change repaints them.
    void changeEvent(QEvent *event) override;

private:
    void fitTextHeight();
    // Y or 1 (present), N or 0 (absent) on the current unit, then on to the next; Delete: not answered.
    bool answerUnitByKey(const QKeyEvent &key);
    void paintSpans();
    void updateDeleteButton();

    AnnotationEditor *m_editor;
    model::Id m_document;
    model::Candidate m_candidate;
    QString m_letterTitle;
    QString m_systemName;
    bool m_showSystem = false;
    bool m_marked = false;
    QLabel *m_title;
    QPlainTextEdit *m_text;
    QAction *m_markAction;
    std::vector<LikertRow *> m_rows;
    ErrorSpanModel *m_spanModel;
    QTableView *m_spanTable;
    QPushButton *m_deleteSpan = nullptr;
    UnitChecklistModel *m_unitModel;
    QListView *m_unitList = nullptr;
    QList<QPair<int, int>> m_ranges;
    FocusMark *m_focusMark;
};

} // namespace concord::ui
