// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "annotate/annotation_editor.h"

#include "annotate/study_edit_command.h"
#include "common/study_session.h"

#include <QUndoStack>

#include <algorithm>
#include <memory>
#include <set>
#include <tuple>

namespace concord::ui {

using model::Id;

namespace {

constexpr int kExplanationMergeId = 1;

} // namespace

AnnotationEditor::AnnotationEditor(StudySession *session, QObject *parent)
    : QObject(parent)
    , m_session(session)
{
    // Another study has other rater ids: the annotator is looked up again by name, never added.
    connect(m_session, &StudySession::studyChanged, this, [this] {
        const QString name = m_name;
        const Status status = setAnnotator(name, m_access);
        if (!status)
            setAnnotator({}).ok();
    });
    // What was kept may belong to the old study, or be older than what changed. The documents of edits on
    // their way stay while the journal still holds them (a refreshed study); edits an earlier session left
    // there, whose documents are not known, are shown once they have arrived.
    connect(m_session, &StudySession::studyChanged, this, [this] {
        m_kept.clear();
        pruneArrived();
        m_showOnceArrived = m_session->unsentEdits() > 0;
    });
    // An edit the study turned back after the editor counted it (it is set aside, no longer on its way), or
    // the server back after edits were made offline (spans added then get their row ids): read again.
    connect(m_session, &StudySession::writeFailed, this, &AnnotationEditor::forgetKept);
    connect(m_session, &StudySession::editsRefused, this, &AnnotationEditor::forgetKept);
    connect(m_session, &StudySession::reconnected, this, &AnnotationEditor::forgetKept);
    // Edits that arrived need no longer be laid over what the study gives.
    connect(m_session, &StudySession::editsSent, this, [this] {
        pruneArrived();
        if (m_showOnceArrived && m_session->unsentEdits() == 0) {
            m_showOnceArrived = false;
            forgetKept();
        }
    });
    // Others changed the study (a lead's session follows the team): read again before the next edit.
    connect(m_session, &StudySession::contentChanged, this, [this] {
        for (auto &[document, kept] : m_kept)
            kept.current = false;
    });
}

bool AnnotationEditor::isReviewer() const
{
    return m_session->isOpen() && m_session->study()->isReviewer();
}

Error AnnotationEditor::cannotEdit() const
{
    if (isReviewer())
        return Error{
            "a reviewer's login reviews the team's work (the Review view, Ctrl+5) and does not annotate", {}, 0, {}};
    if (m_rater != 0 && m_access == Access::ReadOnly)
        return Error{"the work of '" + m_name.toStdString()
                         + "' is shown read only: choose yourself as the annotator (Annotate > Choose Annotator…) "
                           "to annotate",
                     {},
                     0,
                     {}};
    return Error{"choose an annotator first (Annotate > Annotator…)", {}, 0, {}};
}

void AnnotationEditor::forgetKept()
{
    m_kept.clear();
    Q_EMIT keptForgotten();
}

void AnnotationEditor::pruneArrived()
{
    if (m_documentOf.empty())
        return;
    // A journal that cannot be read says nothing about what arrived: nothing is pruned.
    const auto waiting = m_session->waitingEdits();
    if (!waiting)
        return;
    std::set<std::string> ids;
    for (const auto &edit : waiting.value())
        ids.insert(edit.id);
    std::erase_if(m_documentOf, [&ids](const auto &entry) { return !ids.contains(entry.first); });
    std::erase_if(m_spanIdOf, [&ids](const auto &entry) { return !ids.contains(entry.first); });
}

bool AnnotationEditor::canEdit() const
{
    return m_rater != 0 && m_access == Access::Edit && m_session->isOpen() && !m_session->study()->isReadOnly();
}

Status AnnotationEditor::setAnnotator(const QString &name, Access access)
{
    const QString trimmed = name.trimmed();
    Id rater = 0;
    if (!trimmed.isEmpty() && m_session->isOpen()) {
        auto found = humanRater(trimmed);
        if (!found)
            return found.error();
        rater = found.value();
    }
    use(trimmed, rater, access);
    return {};
}

Status AnnotationEditor::createAnnotator(const QString &name, const QString &group)
{
    const QString trimmed = name.trimmed();
    const std::string utf8 = trimmed.toStdString();
    const std::string groupUtf8 = group.trimmed().toStdString();
    if (!m_session->isOpen())
        return Error{"open a study first", {}, 0, {}};
    if (utf8.empty())
        return Error{"a new annotator needs a name", {}, 0, "annotator"};
    if (groupUtf8.empty())
        return Error{"the new annotator '" + utf8 + "' needs a group", {}, 0, "group"};
    store::Study &study = *m_session->study();
    Id rater = 0;
    // Checked inside the transaction, so a rater of that name added meanwhile is never taken over.
    const Status created = study.write([&] {
        if (study.raterId(utf8))
            fail("'" + utf8 + "' is already a rater of this study: choose it instead", "annotator");
        model::Rater r;
        r.name = utf8;
        r.kind = model::RaterKind::Human;
        r.group = groupUtf8;
        rater = study.ensureRater(r);
    });
    if (!created)
        return created;
    use(trimmed, rater);
    return {};
}

Result<Id> AnnotationEditor::humanRater(const QString &name) const
{
    store::Study &study = *m_session->study();
    const std::string utf8 = name.toStdString();
    auto raters = capture([&] { return study.raters(); });
    if (!raters)
        return raters.error();
    for (const auto &r : raters.value())
        if (r.name == utf8) {
            if (r.kind != model::RaterKind::Human)
                return Error{
                    "'" + utf8 + "' is an LLM judge or a metric in this study, not an annotator", {}, 0, "annotator"};
            return r.id;
        }
    return Error{"'" + utf8 + "' is not a rater of this study: choose one of its raters or create a new one",
                 {},
                 0,
                 "annotator"};
}

void AnnotationEditor::use(const QString &name, Id rater, Access access)
{
    // A reviewer's login reviews; the server takes no judgement of theirs, so the window offers none.
    if (isReviewer())
        access = Access::ReadOnly;
    const bool changed = rater != m_rater || name != m_name || access != m_access;
    m_name = name;
    m_rater = rater;
    m_access = access;
    if (changed)
        Q_EMIT annotatorChanged();
}

Status AnnotationEditor::push(Id document, const QString &text, store::AnnotationEdit redo, store::AnnotationEdit undo,
                              int mergeId, QString mergeKey)
{
    // An edit of a summary carries the summary's document: its time is recorded there without a lookup.
    redo.document = document;
    undo.document = document;
    auto command = std::make_unique<StudyEditCommand>(
        m_session, text, std::move(redo), std::move(undo),
        [this, document](const store::AnnotationEdit &edit) {
            if (!edit.id.empty())
                remember(document, edit);
            Q_EMIT judgementsChanged(document);
        },
        mergeId, std::move(mergeKey));
    const Status status = command->apply();
    if (status)
        m_session->undoStack()->push(command.release());
    return status;
}

Result<store::AnnotatorJudgements> AnnotationEditor::judgements(Id document)
{
    const Id rater = m_rater;
    if (rater != m_keptRater) {
        m_kept.clear();
        m_keptRater = rater;
    }
    const auto it = m_kept.find(document);
    const bool kept = it != m_kept.end();
    // Offline the server is not asked at all: what was kept is all there is, and asking would only fail.
    if (m_session->isOffline()) {
        if (kept)
            return it->second.judgements;
        return Error{"the team study's server is away: this document can be shown again once it is back", {}, 0, {}};
    }
    if (kept && it->second.current && m_session->isShared())
        return it->second.judgements;
    // The edits of this document still on their way are not in the study yet: they are laid over what it
    // gives, in the order they were made. The journal is read first, then which of its edits the server has
    // committed, then the document: an edit that arrives meanwhile is in the read and laid over it too,
    // which changes nothing (an overlay is idempotent), and none is missed.
    const std::vector<store::AnnotationEdit> pending = onTheirWay(document);
    auto read = m_session->read([&](store::Study &study) {
        std::set<std::string> arrived;
        if (!pending.empty()) {
            std::vector<std::string> ids;
            for (const auto &edit : pending)
                ids.push_back(edit.id);
            arrived = store::EditSender::committed(study, ids);
        }
        auto judgements = study.judgementsOf(rater, document);
        for (const auto &edit : pending)
            if (!arrived.contains(edit.id))
                apply(judgements, edit, true);
        return judgements;
    });
    if (read) {
        m_kept[document] = {read.value(), true};
        return read;
    }
    if (m_session->isOffline() && kept)
        return it->second.judgements;
    return read.error();
}

std::vector<store::AnnotationEdit> AnnotationEditor::onTheirWay(Id document)
{
    std::vector<store::AnnotationEdit> edits;
    if (!m_session->isShared() || m_documentOf.empty())
        return edits;
    auto waiting = m_session->waitingEdits();
    if (waiting)
        for (auto &edit : waiting.value()) {
            const auto of = m_documentOf.find(edit.id);
            if (of != m_documentOf.end() && of->second == document && edit.rater == m_rater)
                edits.push_back(std::move(edit));
        }
    return edits;
}

std::vector<std::string> AnnotationEditor::editIdsOnTheirWay(Id document)
{
    std::vector<std::string> ids;
    for (const auto &edit : onTheirWay(document))
        ids.push_back(edit.id);
    return ids;
}

void AnnotationEditor::adopt(Id document, store::AnnotatorJudgements judgements, const std::set<std::string> &arrived)
{
    if (m_rater != m_keptRater) {
        m_kept.clear();
        m_keptRater = m_rater;
    }
    // Edits made after the read was asked for are not among arrived either: laid over a read that holds them
    // already, they change nothing.
    for (const auto &edit : onTheirWay(document))
        if (!arrived.contains(edit.id))
            apply(judgements, edit, true);
    m_kept[document] = {std::move(judgements), true};
}

bool AnnotationEditor::hasKept(Id document) const
{
    return m_keptRater == m_rater && m_kept.contains(document);
}

void AnnotationEditor::reread(Id document)
{
    const auto it = m_kept.find(document);
    if (it != m_kept.end())
        it->second.current = false;
}

const store::AnnotatorJudgements *AnnotationEditor::kept(Id document) const
{
    if (m_keptRater != m_rater)
        return nullptr;
    const auto it = m_kept.find(document);
    return it != m_kept.end() && it->second.current ? &it->second.judgements : nullptr;
}

std::set<Id> AnnotationEditor::documentsWithEditsOnTheirWay() const
{
    std::set<Id> documents;
    for (const auto &[edit, document] : m_documentOf)
        documents.insert(document);
    return documents;
}

void AnnotationEditor::remember(Id document, const store::AnnotationEdit &edit)
{
    // Until it arrives, a team study's reads of the document are shown with it.
    if (m_session->isShared())
        m_documentOf[edit.id] = document;
    const auto entry = m_kept.find(document);
    if (entry == m_kept.end() || m_keptRater != edit.rater)
        return;
    apply(entry->second.judgements, edit);
}

void AnnotationEditor::apply(store::AnnotatorJudgements &kept, const store::AnnotationEdit &edit, bool overlay)
{
    using Kind = store::AnnotationEdit::Kind;
    const auto sameSpan = [&edit](const model::ErrorSpan &s) {
        return s.candidateId == edit.candidate && s.start == edit.start && s.end == edit.end && s.quote == edit.quote;
    };
    switch (edit.kind) {
    case Kind::SetRating:
        kept.ratings[{edit.candidate, edit.dimension}] = edit.value;
        break;
    case Kind::ClearRating:
        kept.ratings.erase({edit.candidate, edit.dimension});
        break;
    case Kind::SetRanking:
        if (edit.ranks.empty())
            kept.rankings.erase(edit.dimension);
        else
            kept.rankings[edit.dimension] = edit.ranks;
        break;
    case Kind::AddErrorSpan: {
        // Laid over a read that may hold it already (it arrived meanwhile): the same span is not added twice.
        if (overlay && std::find_if(kept.errorSpans.begin(), kept.errorSpans.end(), sameSpan) != kept.errorSpans.end())
            break;
        model::ErrorSpan span = edit.span();
        // One id per edit, whichever read it is laid over: the view may hold it when the kept ones are read again.
        auto [known, fresh] = m_spanIdOf.try_emplace(edit.id, m_nextOfflineSpanId);
        if (fresh)
            --m_nextOfflineSpanId;
        span.id = known->second;
        // Where the study's read would put it: after the spans at the same place, which are older.
        const auto after = std::upper_bound(kept.errorSpans.begin(), kept.errorSpans.end(), span,
                                            [](const model::ErrorSpan &a, const model::ErrorSpan &b) {
                                                return std::tie(a.candidateId, a.start, a.end)
                                                       < std::tie(b.candidateId, b.start, b.end);
                                            });
        kept.errorSpans.insert(after, span);
        break;
    }
    case Kind::RemoveErrorSpan: {
        const auto it = std::find_if(kept.errorSpans.begin(), kept.errorSpans.end(), sameSpan);
        if (it != kept.errorSpans.end())
            kept.errorSpans.erase(it);
        break;
    }
    case Kind::SetErrorSpanNote: {
        const auto it = std::find_if(kept.errorSpans.begin(), kept.errorSpans.end(), sameSpan);
        if (it != kept.errorSpans.end())
            it->note = edit.text;
        break;
    }
    case Kind::SetExplanation:
        if (edit.text.empty())
            kept.explanations.erase(edit.dimension);
        else
            kept.explanations[edit.dimension] = edit.text;
        break;
    case Kind::SetUnitMark:
        kept.unitMarks[{edit.candidate, edit.unit}] = edit.present;
        break;
    case Kind::ClearUnitMark:
        kept.unitMarks.erase({edit.candidate, edit.unit});
        break;
    case Kind::SetPresentationOrder:
        break;
    }
}

std::optional<model::ErrorSpan> AnnotationEditor::findSpan(const store::AnnotatorJudgements &judgements, Id spanId)
{
    for (const auto &s : judgements.errorSpans)
        if (s.id == spanId)
            return s;
    return std::nullopt;
}

Status AnnotationEditor::setRating(Id document, Id candidate, Id dimension, std::optional<double> value)
{
    if (!canEdit())
        return cannotEdit();
    const Id rater = m_rater;
    auto all = judgements(document);
    if (!all)
        return all.error();
    const auto it = all.value().ratings.find({candidate, dimension});
    const std::optional<double> before = it == all.value().ratings.end() ? std::nullopt : std::optional(it->second);
    if (before == value)
        return {};
    const auto edit = [rater, candidate, dimension](std::optional<double> v) {
        return v ? store::AnnotationEdit::setRating(rater, candidate, dimension, *v)
                 : store::AnnotationEdit::clearRating(rater, candidate, dimension);
    };
    return push(document, value ? tr("Rate %1").arg(*value) : tr("Clear Rating"), edit(value), edit(before));
}

Status AnnotationEditor::setRanking(Id document, Id dimension, const std::map<Id, int> &ranks)
{
    if (!canEdit())
        return cannotEdit();
    const Id rater = m_rater;
    auto all = judgements(document);
    if (!all)
        return all.error();
    const auto &rankings = all.value().rankings;
    const std::map<Id, int> before = rankings.count(dimension) ? rankings.at(dimension) : std::map<Id, int>{};
    if (before == ranks)
        return {};
    return push(document, tr("Rank"), store::AnnotationEdit::setRanking(rater, document, dimension, ranks),
                store::AnnotationEdit::setRanking(rater, document, dimension, before));
}

Result<Id> AnnotationEditor::addErrorSpan(Id document, Id candidate, int start, int end, const QString &quote)
{
    if (!canEdit())
        return cannotEdit();
    model::ErrorSpan span;
    span.raterId = m_rater;
    span.candidateId = candidate;
    span.start = start;
    span.end = end;
    span.quote = quote.toStdString();
    // The edits name the span by its content, so a later note or removal finds it whatever row id it has.
    const Status status = push(document, tr("Mark Factual Error"), store::AnnotationEdit::addErrorSpan(span),
                               store::AnnotationEdit::removeErrorSpan(span));
    if (!status)
        return status.error();
    auto all = judgements(document);
    if (!all)
        return Id{0};
    Id found = 0;
    for (const auto &s : all.value().errorSpans)
        if (s.candidateId == candidate && s.start == start && s.end == end && s.quote == span.quote)
            found = found == 0 ? s.id : found;
    return found;
}

Status AnnotationEditor::removeErrorSpan(Id document, Id spanId)
{
    if (!canEdit())
        return cannotEdit();
    auto all = judgements(document);
    if (!all)
        return all.error();
    const auto span = findSpan(all.value(), spanId);
    if (!span)
        return Error{"that error span is no longer in the study", {}, 0, {}};
    return push(document, tr("Delete Factual Error"), store::AnnotationEdit::removeErrorSpan(*span),
                store::AnnotationEdit::addErrorSpan(*span));
}

Status AnnotationEditor::setErrorSpanNote(Id document, Id spanId, const QString &note)
{
    if (!canEdit())
        return cannotEdit();
    auto all = judgements(document);
    if (!all)
        return all.error();
    const auto span = findSpan(all.value(), spanId);
    if (!span)
        return Error{"that error span is no longer in the study", {}, 0, {}};
    const std::string after = note.toStdString();
    if (after == span->note)
        return {};
    return push(document, tr("Edit Note"), store::AnnotationEdit::setErrorSpanNote(*span, after),
                store::AnnotationEdit::setErrorSpanNote(*span, span->note));
}

Status AnnotationEditor::setExplanation(Id document, Id dimension, const QString &text)
{
    if (!canEdit())
        return cannotEdit();
    const Id rater = m_rater;
    auto all = judgements(document);
    if (!all)
        return all.error();
    const auto &explanations = all.value().explanations;
    const std::string before = explanations.count(dimension) ? explanations.at(dimension) : std::string();
    const std::string after = text.toStdString();
    if (after == before)
        return {};
    return push(document, tr("Type Explanation"),
                store::AnnotationEdit::setExplanation(rater, document, dimension, after),
                store::AnnotationEdit::setExplanation(rater, document, dimension, before), kExplanationMergeId,
                QStringLiteral("%1/%2/%3").arg(rater).arg(document).arg(dimension));
}

Status AnnotationEditor::setUnitMark(Id document, Id candidate, int unit, std::optional<bool> present)
{
    if (!canEdit())
        return cannotEdit();
    const Id rater = m_rater;
    auto all = judgements(document);
    if (!all)
        return all.error();
    const auto &marks = all.value().unitMarks;
    const auto it = marks.find({candidate, unit});
    const std::optional<bool> before = it == marks.end() ? std::nullopt : std::optional<bool>(it->second);
    if (before == present)
        return {};
    const auto edit = [rater, candidate, unit](std::optional<bool> p) {
        return p ? store::AnnotationEdit::setUnitMark(rater, candidate, unit, *p)
                 : store::AnnotationEdit::clearUnitMark(rater, candidate, unit);
    };
    return push(document, tr("Mark Unit"), edit(present), edit(before));
}

} // namespace concord::ui
