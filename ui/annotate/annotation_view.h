// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "annotate/document_loader.h"
#include "error.h"
#include "model/candidate.h"
#include "model/dimension.h"
#include "model/ids.h"
#include "store/annotation_plan.h"
#include "store/annotator_document.h"

#include <QMap>
#include <QStringList>
#include <QWidget>

#include <cstdint>
#include <map>
#include <optional>
#include <utility>
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
    // Shows the document. A study file is read at once (an error says why nothing is shown). A team study's
    // document is read on a worker (DocumentLoader) while the one shown stays in use, and appears when it
    // arrives (documentShown); while the server is away only a document opened before can be shown, and
    // documentUnavailable says why another cannot.
    Status showDocument(model::Id documentId);
    void clear();

    // The document shown (0: none).
    model::Id documentId() const { return m_documentId; }
    // The document asked for and on its way, else the one shown.
    model::Id requestedDocument() const;
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
    // Every rater's judgements of the document shown as this session counts them, from the read it was shown
    // from and the annotator's edits since; nullopt for a study file (read it from the study).
    std::optional<std::int64_t> sharedJudgementCount() const;
    // The document of a summary shown here (now or before, on a team study); 0 when none was.
    model::Id documentOfCandidate(model::Id candidate) const;
    // The annotator's label-plan queue as read with the document shown (a team study's).
    const std::vector<model::Id> &plannedDocuments() const { return m_planned; }
    // The documents assigned to the annotator as read with the document shown (a team study's).
    const std::vector<model::Id> &assignedDocuments() const { return m_assigned; }

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
    // The document's cards show it (a team study's, once its read arrived; again after a refresh).
    void documentShown(model::Id document);
    // A team study's document could not be read; the one shown stays. offline: the server is away.
    void documentUnavailable(model::Id document, const QString &why, bool offline);

private:
    // What showDocument reads, for the current annotator.
    store::AnnotatorDocument::Request requestFor(model::Id documentId);
    void onArrived(const DocumentLoader::Arrival &arrival);
    // Fills the view in with a document read for the current annotator (the cards rebuilt unless the same
    // summaries are shown already).
    void present(const store::AnnotatorDocument &read);
    void buildCards(const model::Document &doc, const std::vector<model::Candidate> &candidates, bool editable);
    void refreshJudgements();
    void updateBanner();
    QString reviewText() const;
    // Scrolls the current cell of a focused item view (a rank cell, say) into sight.
    void ensureCurrentCellVisible(QAbstractItemView *view);

    StudySession *m_session;
    AnnotationEditor *m_editor;
    DocumentLoader *m_loader;
    // The team study's documents shown so far (their texts and summaries in the order shown), by annotator:
    // what can be shown again while the server is away.
    struct Shown {
        model::Document document;
        std::vector<model::Candidate> candidates;
    };
    std::map<std::pair<model::Id, model::Id>, Shown> m_shownBefore;
    QString m_shownStudy;
    // Everyone else's judgements of the document shown, as read (a lead's count follows own edits from there).
    std::optional<std::int64_t> m_othersJudgements;
    std::vector<model::Id> m_planned;
    std::vector<model::Id> m_assigned;
    std::optional<store::ReviewRow> m_review; // the latest decision on the annotator's work on the document shown
    // Whom the cards were built for, and whether they could be edited then.
    model::Id m_builtFor = 0;
    bool m_builtEditable = false;
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
