// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "model/candidate.h"
#include "model/dimension.h"
#include "model/ids.h"
#include "store/annotation_plan.h"

#include <QMap>
#include <QStringList>
#include <QWidget>

#include <vector>

class QAbstractItemView;
class QLabel;
class QScrollArea;
class QVBoxLayout;

namespace concord::ui {

class AnnotationEditor;
class ArticlePane;
class CandidateCard;
class ExplanationBox;
class RankingPanel;
class StudySession;

// The item being annotated: the article (and requirement) on the left; on the right the candidates
// as blind cards "Summary A", "Summary B", … in the annotator's own seeded order (stored the first
// time it is shown), a ranking panel per asked rank dimension and the explanation of the document.
// Every answer goes through the AnnotationEditor; the view re-reads after every edit, undo or redo.
class AnnotationView : public QWidget {
    Q_OBJECT
public:
    AnnotationView(StudySession *session, AnnotationEditor *editor, QWidget *parent = nullptr);

    // Re-reads what the study asks (after it was opened or changed).
    Status reloadStudy();
    Status showDocument(model::Id documentId);
    void clear();

    model::Id documentId() const { return m_documentId; }
    QString articleText() const;
    QString requirementText() const;
    QStringList candidateTitles() const;
    QStringList candidateTexts() const;
    std::vector<model::Id> shownOrder() const;
    const store::AnnotationPlan &plan() const { return m_plan; }
    const std::vector<model::Dimension> &dimensions() const { return m_dimensions; }
    // The document shown: its summaries and its semantic content units, as the study counts them.
    int candidateCount() const { return static_cast<int>(m_candidates.size()); }
    int unitCount() const { return m_unitCount; }

    void setShowSystemNames(bool show);
    void startFind();

    ArticlePane *articlePane() const { return m_article; }
    const std::vector<CandidateCard *> &cards() const { return m_cards; }
    const std::vector<RankingPanel *> &rankingPanels() const { return m_panels; }
    ExplanationBox *documentExplanation() const { return m_documentExplanation; }
    // Puts the keyboard where the document's work is: the first unanswered rating of the first
    // unfinished card, else the first incomplete ranking, else the first question.
    void focusFirstQuestion();
    // Whether a rating, a content unit or a ranking of the document is still open.
    bool hasOpenQuestion() const;
    // Scrolls to the shown document's card of candidate, marks it (and no other) and puts the keyboard
    // on its first question; false when the document shows no such candidate.
    bool markCandidate(model::Id candidate);
    // The marked card's candidate, 0 when none.
    model::Id markedCandidate() const;

Q_SIGNALS:
    void editFailed(const QString &message);

private:
    void refreshJudgements();
    void updateBanner();
    // Scrolls the current cell of a focused item view (a rank cell, say) into sight.
    void ensureCurrentCellVisible(QAbstractItemView *view);

    StudySession *m_session;
    AnnotationEditor *m_editor;
    store::AnnotationPlan m_plan;
    std::vector<model::Dimension> m_dimensions;
    QMap<model::Id, QString> m_systemNames;
    model::Id m_documentId = 0;
    bool m_showSystemNames = false;

    ArticlePane *m_article;
    QLabel *m_banner;
    QScrollArea *m_scroll;
    QWidget *m_items = nullptr;
    QVBoxLayout *m_itemsHost;
    std::vector<model::Candidate> m_candidates; // in the order shown
    int m_unitCount = 0;
    std::vector<CandidateCard *> m_cards;
    std::vector<RankingPanel *> m_panels;
    ExplanationBox *m_documentExplanation = nullptr;
};

} // namespace concord::ui
