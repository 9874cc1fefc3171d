// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "annotate/annotation_view.h"

#include "annotate/annotation_editor.h"
#include "annotate/article_pane.h"
#include "annotate/candidate_card.h"
#include "annotate/explanation_box.h"
#include "annotate/likert_row.h"
#include "annotate/ranking_model.h"
#include "annotate/ranking_panel.h"
#include "common/study_session.h"

#include "store/annotation_progress.h"
#include "store/study.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QItemSelectionModel>
#include <QLabel>
#include <QListView>
#include <QScrollArea>
#include <QSplitter>
#include <QStyle>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace concord::ui {

using model::Id;

namespace {

QString letterOf(std::size_t index)
{
    // A, B, … Z, then AA, AB, …: a study may have more than 26 systems.
    QString letters;
    std::size_t n = index;
    do {
        letters.prepend(QChar(static_cast<char16_t>(u'A' + n % 26)));
        n = n / 26;
    } while (n-- > 0);
    return letters;
}

QString letterTitle(std::size_t index)
{
    return AnnotationView::tr("Summary %1").arg(letterOf(index));
}

} // namespace

AnnotationView::AnnotationView(StudySession *session, AnnotationEditor *editor, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_editor(editor)
    , m_loader(new DocumentLoader(session, this))
    , m_article(new ArticlePane(this))
    , m_banner(new QLabel(this))
    , m_scroll(new QScrollArea(this))
    , m_itemsHost(nullptr)
{
    setObjectName(QStringLiteral("annotationView"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_banner->setObjectName(QStringLiteral("annotatorBanner"));
    m_banner->setWordWrap(true);
    m_banner->setTextFormat(Qt::PlainText);
    layout->addWidget(m_banner);
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_article);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    auto *host = new QWidget(m_scroll);
    m_itemsHost = new QVBoxLayout(host);
    m_itemsHost->setContentsMargins(4, 0, 4, 0);
    m_scroll->setWidget(host);
    splitter->addWidget(m_scroll);
    // The questions need room; the article wraps. Once cards are shown, exactly their room.
    m_scroll->setMinimumWidth(400);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    splitter->setSizes({400, 600});
    splitter->setChildrenCollapsible(false);
    layout->addWidget(splitter, 1);

    connect(m_editor, &AnnotationEditor::judgementsChanged, this, [this](Id document) {
        if (document == m_documentId)
            refreshJudgements();
    });
    connect(m_editor, &AnnotationEditor::keptForgotten, this, &AnnotationView::refreshJudgements);
    connect(m_loader, &DocumentLoader::arrived, this, &AnnotationView::onArrived);
    // Others committed (a lead's window follows the team): the document shown is read again, on the worker, so
    // that its cards show what the study holds, not what it held when opened.
    connect(m_session, &StudySession::contentChanged, this, [this] {
        if (m_session->isShared() && !m_session->isOffline() && m_documentId != 0 && m_loader->pendingDocument() == 0)
            m_loader->load(requestFor(m_documentId));
    });
    // Offline and back: the banner says what can be opened meanwhile.
    connect(m_session, &StudySession::connectionStateChanged, this, &AnnotationView::updateBanner);
    // Another study: what was shown of the old one is no use.
    connect(m_session, &StudySession::studyChanged, this, [this] {
        if (m_shownStudy != m_session->path()) {
            m_shownBefore.clear();
            m_shownStudy = m_session->path();
        }
    });
    // Another annotator: the document shown, or the one on its way, is read again for them.
    connect(m_editor, &AnnotationEditor::annotatorChanged, this, [this] {
        updateBanner();
        const Id document = requestedDocument();
        if (document == 0)
            return;
        if (m_session->isShared() && !m_session->isOffline())
            m_loader->load(requestFor(document));
        else
            showDocument(document).ok();
    });
    // Keep the focused question in sight while the keyboard walks through the cards.
    connect(qApp, &QApplication::focusChanged, this, [this](QWidget *, QWidget *now) {
        if (!now || !m_items || !m_items->isAncestorOf(now))
            return;
        if (auto *view = qobject_cast<QAbstractItemView *>(now))
            ensureCurrentCellVisible(view);
        else
            m_scroll->ensureWidgetVisible(now, 20, 40);
    });
    updateBanner();
}

Status AnnotationView::reloadStudy()
{
    auto read = m_session->read([](store::Study &study) {
        QMap<Id, QString> names;
        for (const auto &s : study.systems())
            names.insert(s.id, QString::fromStdString(s.name));
        return std::make_tuple(store::AnnotationPlan::of(study), study.dimensions(), names);
    });
    if (!read) {
        m_plan = {};
        m_dimensions.clear();
        m_systemNames.clear();
        return read.error();
    }
    std::tie(m_plan, m_dimensions, m_systemNames) = std::move(read).value();
    return {};
}

void AnnotationView::updateBanner()
{
    if (!m_session->isOpen()) {
        m_banner->setText(tr("No study is open."));
    } else if (m_editor->isReviewer()) {
        m_banner->setText(tr("A reviewer's login does not annotate, and no document is opened here. Review the "
                             "team's work in the Review view (Ctrl+5)."));
    } else if (m_editor->rater() == 0) {
        m_banner->setText(
            tr("Choose who is annotating (Annotate > Choose Annotator…, Ctrl+Shift+A) to start; until then the "
               "summaries are read-only."));
    } else if (m_editor->isReadOnly()) {
        m_banner->setText(tr("Showing the work of %1, read only: it follows what they commit. Choose yourself as the "
                             "annotator (Ctrl+Shift+A) to annotate.")
                              .arg(m_editor->annotatorName()));
    } else {
        QString text = tr("Annotating as %1. Every answer is saved at once.").arg(m_editor->annotatorName());
        if (m_session->isOffline())
            text += QLatin1Char(' ')
                    + tr("The server is away: answers wait on this computer and are sent once it is back; other "
                         "documents open again then.");
        m_banner->setText(text + reviewText());
    }
    // A team study's document on its way: the one shown stays in use until it arrives.
    const Id pending = m_session->isShared() ? m_loader->pendingDocument() : 0;
    if (pending != 0 && pending != m_documentId)
        m_banner->setText(m_banner->text() + QLatin1Char(' ') + tr("Opening the next document…"));
}

QString AnnotationView::reviewText() const
{
    // What the lead decided on this annotator's work here: the comment of returned work is what to change.
    if (!m_review || m_review->document != m_documentId)
        return {};
    const QString reviewer = QString::fromStdString(m_review->reviewer);
    const QString comment = QString::fromStdString(m_review->comment);
    if (m_review->decision == "rejected" && m_review->returnedTo && *m_review->returnedTo == m_editor->rater()
        && m_review->annotator != m_editor->rater())
        return QLatin1Char(' ') + tr("Sent to you by %1 for another look: %2").arg(reviewer, comment);
    if (m_review->decision == "rejected")
        return QLatin1Char(' ') + tr("Returned by %1: %2").arg(reviewer, comment);
    if (m_review->decision == "accepted")
        return QLatin1Char(' ') + tr("Accepted by %1.").arg(reviewer);
    if (m_review->decision == "adjudicated")
        return QLatin1Char(' ') + tr("Adjudicated by %1.").arg(reviewer);
    return {};
}

void AnnotationView::clear()
{
    m_documentId = 0;
    m_review.reset();
    m_candidates.clear();
    m_unitCount = 0;
    m_cards.clear();
    m_panels.clear();
    m_documentExplanation = nullptr;
    if (m_items) {
        m_items->hide();
        m_items->deleteLater();
        m_items = nullptr;
    }
    m_article->clear();
    updateBanner();
}

Id AnnotationView::requestedDocument() const
{
    const Id pending = m_session->isShared() ? m_loader->pendingDocument() : 0;
    return pending != 0 ? pending : m_documentId;
}

store::AnnotatorDocument::Request AnnotationView::requestFor(Id documentId)
{
    store::AnnotatorDocument::Request request;
    request.document = documentId;
    request.rater = m_editor->rater();
    request.raterName = m_editor->annotatorName().toStdString();
    // The annotator's blind order, stored the first time it is shown. Without an annotator nothing is written,
    // and the candidates keep the study's order.
    request.ensureOrder = m_editor->canEdit();
    if (request.rater != 0)
        request.editIds = m_editor->editIdsOnTheirWay(documentId);
    return request;
}

Status AnnotationView::showDocument(Id documentId)
{
    // Reading a document needs rights a reviewer's login lacks (the plan, the edits applied, writing the order
    // shown): none is asked for, and the view stays empty.
    if (m_editor->isReviewer()) {
        m_loader->cancel();
        clear();
        return {};
    }
    if (!m_session->isShared()) {
        auto read = m_session->read(
            [&](store::Study &study) { return store::AnnotatorDocument::read(study, requestFor(documentId)); });
        if (!read) {
            clear();
            return read.error();
        }
        present(read.value());
        return {};
    }
    // Back to the document shown while another was on its way: it stays, and the other never comes.
    if (documentId == m_documentId && m_loader->pendingDocument() != 0 && m_loader->pendingDocument() != documentId
        && m_items) {
        m_loader->cancel();
        updateBanner();
        Q_EMIT documentShown(documentId);
        return {};
    }
    // Offline only a document shown before can be shown, from what was kept of it.
    if (m_session->isOffline()) {
        const auto before = m_shownBefore.find({m_editor->rater(), documentId});
        if (before != m_shownBefore.end() && (m_editor->rater() == 0 || m_editor->hasKept(documentId))) {
            store::AnnotatorDocument read;
            read.document = before->second.document;
            read.candidates = before->second.candidates;
            auto kept = m_editor->judgements(documentId);
            if (kept)
                read.judgements = std::move(kept).value();
            present(read);
            return {};
        }
        if (documentId != m_documentId)
            Q_EMIT documentUnavailable(documentId,
                                       tr("The team study's server is away: other documents open again once it is "
                                          "back. Annotating goes on in the document shown."),
                                       true);
        return {};
    }
    m_loader->load(requestFor(documentId));
    updateBanner();
    return {};
}

void AnnotationView::onArrived(const DocumentLoader::Arrival &arrival)
{
    if (!arrival.read) {
        if (arrival.connectionLost)
            m_session->connectionLost();
        // Reading again the document shown failed: it stays as it is.
        updateBanner();
        if (arrival.connectionLost && arrival.document == m_documentId)
            return;
        Q_EMIT documentUnavailable(
            arrival.document,
            arrival.connectionLost
                ? tr("The team study's server is away: other documents open again once it is back. Annotating goes "
                     "on in the document shown.")
                : QString::fromStdString(arrival.read.error().describe()),
            arrival.connectionLost);
        return;
    }
    // Read for another annotator than the one now (a read that was on its way when the annotator changed and
    // is not superseded): read again for the annotator now.
    if (arrival.rater != m_editor->rater()) {
        m_loader->load(requestFor(arrival.document));
        return;
    }
    present(*arrival.read.value());
}

void AnnotationView::present(const store::AnnotatorDocument &read)
{
    const Id documentId = read.document.id;
    const Id rater = m_editor->rater();
    // Offline, what the editor keeps is all there is, and it is kept already.
    if (rater != 0 && !(m_session->isOffline() && m_editor->hasKept(documentId)))
        m_editor->adopt(documentId, read.judgements, read.arrived);
    // Shown offline from what was kept: the plan and the counts read with it last stay.
    if (m_session->isShared() && !m_session->isOffline()) {
        m_planned = read.planned;
        m_assigned = read.assigned;
        m_shownBefore[{rater, documentId}] = {read.document, read.candidates};
        m_othersJudgements.reset();
        if (read.judgementCount)
            m_othersJudgements = *read.judgementCount - store::AnnotationProgress::judgementCount(read.judgements);
    }
    // Offline, a document shown from what was kept keeps the decision read with it last (clear() forgets it).
    std::optional<store::ReviewRow> review = m_review;
    if (!(m_session->isShared() && m_session->isOffline()) || documentId != m_documentId)
        review = read.reviews.empty() ? std::nullopt : std::optional<store::ReviewRow>(read.reviews.back());
    std::vector<Id> order;
    for (const auto &c : read.candidates)
        order.push_back(c.id);
    // The same summaries shown already to the same annotator (the document read again): only the answers change,
    // and the keyboard stays where it is.
    const bool editable = m_editor->canEdit();
    if (documentId != m_documentId || order != shownOrder() || !m_items || rater != m_builtFor
        || editable != m_builtEditable) {
        buildCards(read.document, read.candidates, editable);
        m_builtFor = rater;
        m_builtEditable = editable;
    } else {
        refreshJudgements();
    }
    m_review = review;
    updateBanner();
    Q_EMIT documentShown(documentId);
}

Id AnnotationView::documentOfCandidate(Id candidate) const
{
    for (const auto &c : m_candidates)
        if (c.id == candidate)
            return m_documentId;
    for (const auto &[key, shown] : m_shownBefore)
        for (const auto &c : shown.candidates)
            if (c.id == candidate)
                return shown.document.id;
    return 0;
}

std::optional<std::int64_t> AnnotationView::sharedJudgementCount() const
{
    if (!m_session->isShared() || m_documentId == 0)
        return std::nullopt;
    const store::AnnotatorJudgements *own = m_editor->kept(m_documentId);
    const std::int64_t ownCount = own ? store::AnnotationProgress::judgementCount(*own) : 0;
    if (m_session->isOpen() && m_session->study()->isBlind())
        return own ? std::optional<std::int64_t>(ownCount) : std::nullopt;
    if (!m_othersJudgements || (!own && m_editor->rater() != 0))
        return std::nullopt;
    return *m_othersJudgements + ownCount;
}

void AnnotationView::buildCards(const model::Document &doc, const std::vector<model::Candidate> &candidates,
                                bool editable)
{
    const Id documentId = doc.id;
    // Rebuilding the cards deletes the focused one: the keyboard (even of an inactive window, behind
    // the annotator dialog) goes on to the new cards' first question.
    QWidget *windowFocus = window()->focusWidget();
    const bool focusInCards = m_items && windowFocus && m_items->isAncestorOf(windowFocus);
    clear();
    m_documentId = documentId;
    m_candidates = candidates;
    m_unitCount = static_cast<int>(doc.scus.size());
    m_article->setTexts(QString::fromStdString(doc.externalId), QString::fromStdString(doc.source),
                        doc.requirement ? QString::fromStdString(*doc.requirement) : QString());

    m_items = new QWidget;
    auto *layout = new QVBoxLayout(m_items);
    layout->setContentsMargins(0, 0, 0, 0);
    std::vector<model::Dimension> likert;
    for (const auto &d : m_dimensions)
        if (d.kind == model::DimensionKind::Likert
            && std::find(m_plan.likert.begin(), m_plan.likert.end(), d.name) != m_plan.likert.end())
            likert.push_back(d);
    QStringList units;
    if (m_plan.units)
        for (const auto &u : doc.scus)
            units << QString::fromStdString(u);
    QStringList titles;
    QStringList letters;
    std::vector<Id> ids;
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        const QString title = letterTitle(i);
        titles << title;
        letters << letterOf(i);
        ids.push_back(candidates[i].id);
        auto *card
            = new CandidateCard(m_editor, documentId, candidates[i], title, likert, m_plan.errorSpans, units, m_items);
        card->setSystemName(m_systemNames.value(candidates[i].systemId), m_showSystemNames);
        card->setEditable(editable);
        connect(card, &CandidateCard::editFailed, this, &AnnotationView::editFailed);
        // After a card's last unit, on to what is left: its units skipped, the next card, the rankings.
        connect(card, &CandidateCard::unitsAnswered, this, [this] {
            if (hasOpenQuestion())
                focusFirstQuestion();
        });
        m_cards.push_back(card);
        layout->addWidget(card);
    }
    for (const auto &d : m_dimensions) {
        if (d.kind != model::DimensionKind::Rank
            || std::find(m_plan.rank.begin(), m_plan.rank.end(), d.name) == m_plan.rank.end())
            continue;
        const bool explain
            = std::find(m_plan.explainRanks.begin(), m_plan.explainRanks.end(), d.name) != m_plan.explainRanks.end();
        auto *panel = new RankingPanel(m_editor, d, explain, m_items);
        panel->model()->setCandidates(documentId, d.id, titles, ids, letters);
        if (explain)
            panel->setExplanationBox(new ExplanationBox(m_editor, documentId, d.id, panel));
        connect(panel, &RankingPanel::editFailed, this, &AnnotationView::editFailed);
        m_panels.push_back(panel);
        layout->addWidget(panel);
    }
    if (m_plan.explainDocument) {
        layout->addWidget(new QLabel(tr("Explain your judgement of this document:"), m_items));
        m_documentExplanation = new ExplanationBox(m_editor, documentId, 0, m_items);
        connect(m_documentExplanation, &ExplanationBox::editFailed, this, &AnnotationView::editFailed);
        layout->addWidget(m_documentExplanation);
    }
    layout->addStretch(1);
    m_items->setEnabled(m_session->isOpen());
    for (auto *box : m_items->findChildren<ExplanationBox *>())
        box->setReadOnly(!editable);
    m_itemsHost->addWidget(m_items);
    // Wide enough for the cards not to scroll sideways, and no wider: on a small screen the article
    // and the document list need the rest.
    const int bar = m_scroll->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, m_scroll);
    m_scroll->setMinimumWidth(m_scroll->widget()->minimumSizeHint().width() + bar);
    for (auto *view : m_items->findChildren<QAbstractItemView *>())
        connect(view->selectionModel(), &QItemSelectionModel::currentChanged, this, [this, view] {
            if (view->hasFocus())
                ensureCurrentCellVisible(view);
        });
    refreshJudgements();
    updateBanner();
    if (focusInCards)
        focusFirstQuestion();
}

void AnnotationView::ensureCurrentCellVisible(QAbstractItemView *view)
{
    const QRect cell = view->visualRect(view->currentIndex());
    if (!cell.isValid()) {
        m_scroll->ensureWidgetVisible(view, 20, 40);
        return;
    }
    const QPoint centre = view->viewport()->mapTo(m_scroll->widget(), cell.center());
    m_scroll->ensureVisible(centre.x(), centre.y(), cell.width() / 2 + 20, cell.height() / 2 + 20);
}

void AnnotationView::refreshJudgements()
{
    if (m_documentId == 0)
        return;
    const Id rater = m_editor->rater();
    if (rater == 0)
        return;
    // A team study's answers not kept as current (the server back, an edit refused, the annotator changed) are
    // read again on the worker; the cards show what they show until then.
    if (m_session->isShared() && !m_session->isOffline() && !m_editor->kept(m_documentId)) {
        m_loader->load(requestFor(m_documentId));
        return;
    }
    // Through the editor: while a team study's server is away it shows what the edits made since set.
    auto read = m_editor->judgements(m_documentId);
    if (!read) {
        // A read, not a change: nothing was lost, and the cards keep what they showed.
        Q_EMIT documentUnavailable(m_documentId, QString::fromStdString(read.error().describe()),
                                   m_session->isOffline());
        return;
    }
    const store::AnnotatorJudgements &j = read.value();
    for (auto *card : m_cards)
        card->showJudgements(j);
    for (auto *panel : m_panels) {
        const auto it = j.rankings.find(panel->dimension().id);
        panel->model()->setRanks(it == j.rankings.end() ? std::map<Id, int>{} : it->second);
        if (auto *box = panel->explanation()) {
            const auto e = j.explanations.find(panel->dimension().id);
            box->showStored(e == j.explanations.end() ? QString() : QString::fromStdString(e->second));
        }
    }
    if (m_documentExplanation) {
        const auto e = j.explanations.find(0);
        m_documentExplanation->showStored(e == j.explanations.end() ? QString() : QString::fromStdString(e->second));
    }
}

QString AnnotationView::articleText() const
{
    return m_article->articleText();
}

QString AnnotationView::requirementText() const
{
    return m_article->requirementText();
}

QStringList AnnotationView::candidateTitles() const
{
    QStringList titles;
    for (const auto *card : m_cards)
        titles << card->title();
    return titles;
}

QStringList AnnotationView::candidateTexts() const
{
    QStringList texts;
    for (const auto *card : m_cards)
        texts << card->text();
    return texts;
}

std::vector<Id> AnnotationView::shownOrder() const
{
    std::vector<Id> ids;
    for (const auto &c : m_candidates)
        ids.push_back(c.id);
    return ids;
}

void AnnotationView::setShowSystemNames(bool show)
{
    m_showSystemNames = show;
    for (std::size_t i = 0; i < m_cards.size(); ++i)
        m_cards[i]->setSystemName(m_systemNames.value(m_candidates[i].systemId), show);
}

void AnnotationView::startFind()
{
    m_article->startFind();
}

bool AnnotationView::hasOpenQuestion() const
{
    for (auto *card : m_cards)
        if (card->firstUnanswered())
            return true;
    for (auto *panel : m_panels)
        if (panel->model()->state() != RankingModel::State::Complete)
            return true;
    return false;
}

void AnnotationView::focusFirstQuestion()
{
    for (auto *card : m_cards)
        if (QWidget *open = card->firstUnanswered()) {
            if (open == card->unitList())
                card->showFirstUnansweredUnit();
            open->setFocus(Qt::OtherFocusReason);
            return;
        }
    for (auto *panel : m_panels)
        if (panel->model()->state() != RankingModel::State::Complete) {
            panel->table()->setFocus(Qt::OtherFocusReason);
            return;
        }
    // Everything is answered: the first question, to revise.
    for (auto *card : m_cards)
        if (!card->likertRows().empty()) {
            card->likertRows().front()->setFocus(Qt::OtherFocusReason);
            return;
        }
    if (!m_panels.empty())
        m_panels.front()->table()->setFocus(Qt::OtherFocusReason);
    else if (!m_cards.empty())
        m_cards.front()->textView()->setFocus(Qt::OtherFocusReason);
}

bool AnnotationView::markCandidate(model::Id candidate)
{
    CandidateCard *target = nullptr;
    for (auto *card : m_cards) {
        card->setMarked(card->candidateId() == candidate);
        if (card->candidateId() == candidate)
            target = card;
    }
    if (!target)
        return false;
    QWidget *focus = target->likertRows().empty() ? static_cast<QWidget *>(target->textView())
                                                  : static_cast<QWidget *>(target->likertRows().front());
    focus->setFocus(Qt::OtherFocusReason);
    // After the focus: the focus handler scrolls to the question, this keeps the card's top in sight too.
    m_scroll->ensureWidgetVisible(target, 20, 20);
    return true;
}

model::Id AnnotationView::markedCandidate() const
{
    for (const auto *card : m_cards)
        if (card->isMarked())
            return card->candidateId();
    return 0;
}

} // namespace concord::ui
