// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "annotate/annotation_editor.h"

#include "annotate/study_edit_command.h"
#include "common/study_session.h"

#include <QUndoStack>

#include <memory>

namespace concord::ui {

using model::Id;

namespace {

constexpr int kExplanationMergeId = 1;

Error noAnnotator()
{
    return Error{"choose an annotator first (Annotate > Annotator…)", {}, 0, {}};
}

} // namespace

AnnotationEditor::AnnotationEditor(StudySession *session, QObject *parent)
    : QObject(parent)
    , m_session(session)
{
    // Another study has other rater ids: the annotator is looked up again by name, never added.
    connect(m_session, &StudySession::studyChanged, this, [this] {
        const QString name = m_name;
        const Status status = setAnnotator(name);
        if (!status)
            setAnnotator({}).ok();
    });
}

bool AnnotationEditor::canEdit() const
{
    return m_rater != 0 && m_session->isOpen() && !m_session->study()->isReadOnly();
}

Status AnnotationEditor::setAnnotator(const QString &name)
{
    const QString trimmed = name.trimmed();
    Id rater = 0;
    if (!trimmed.isEmpty() && m_session->isOpen()) {
        auto found = humanRater(trimmed);
        if (!found)
            return found.error();
        rater = found.value();
    }
    use(trimmed, rater);
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

void AnnotationEditor::use(const QString &name, Id rater)
{
    const bool changed = rater != m_rater || name != m_name;
    m_name = name;
    m_rater = rater;
    if (changed)
        Q_EMIT annotatorChanged();
}

namespace {

// Builds a command from redo/undo writes, runs it once, and pushes it if that worked.
Status push(StudySession *session, AnnotationEditor *editor, Id document, const QString &text,
            StudyEditCommand::Write redo, StudyEditCommand::Write undo, int mergeId = -1, QString mergeKey = {})
{
    auto command = std::make_unique<StudyEditCommand>(
        session, text, std::move(redo), std::move(undo),
        [editor, document] { Q_EMIT editor->judgementsChanged(document); }, mergeId, std::move(mergeKey));
    const Status status = command->apply();
    if (status)
        session->undoStack()->push(command.release());
    return status;
}

} // namespace

Status AnnotationEditor::setRating(Id document, Id candidate, Id dimension, std::optional<double> value)
{
    if (!canEdit())
        return noAnnotator();
    const Id rater = m_rater;
    auto before = m_session->read([&](store::Study &study) { return study.rating(rater, candidate, dimension); });
    if (!before)
        return before.error();
    if (before.value() == value)
        return {};
    const auto write = [rater, candidate, dimension](std::optional<double> v) {
        return [=](store::Study &s) {
            if (v)
                s.setRating(rater, candidate, dimension, *v);
            else
                s.clearRating(rater, candidate, dimension);
        };
    };
    return push(m_session, this, document, value ? tr("Rate %1").arg(*value) : tr("Clear Rating"), write(value),
                write(before.value()));
}

Status AnnotationEditor::setRanking(Id document, Id dimension, const std::map<Id, int> &ranks)
{
    if (!canEdit())
        return noAnnotator();
    const Id rater = m_rater;
    auto before = m_session->read([&](store::Study &study) {
        auto all = study.judgementsOf(rater, document).rankings;
        return all.count(dimension) ? all.at(dimension) : std::map<Id, int>{};
    });
    if (!before)
        return before.error();
    if (before.value() == ranks)
        return {};
    const auto write = [rater, document, dimension](const std::map<Id, int> &r) {
        return [=](store::Study &s) { s.setRanking(rater, document, dimension, {r.begin(), r.end()}); };
    };
    return push(m_session, this, document, tr("Rank"), write(ranks), write(before.value()));
}

Result<Id> AnnotationEditor::addErrorSpan(Id document, Id candidate, int start, int end, const QString &quote)
{
    if (!canEdit())
        return noAnnotator();
    // The span keeps its id across undo and redo, so later commands (a note, a removal) still find it.
    auto span = std::make_shared<model::ErrorSpan>();
    span->raterId = m_rater;
    span->candidateId = candidate;
    span->start = start;
    span->end = end;
    span->quote = quote.toStdString();
    const Status status = push(
        m_session, this, document, tr("Mark Factual Error"),
        [span](store::Study &s) {
            if (span->id == 0)
                span->id = s.addErrorSpan(*span);
            else
                s.restoreErrorSpan(*span);
        },
        [span](store::Study &s) { s.removeErrorSpan(span->id); });
    if (!status)
        return status.error();
    return span->id;
}

Status AnnotationEditor::removeErrorSpan(Id document, Id spanId)
{
    if (!canEdit())
        return noAnnotator();
    auto found = m_session->read([&](store::Study &study) -> std::optional<model::ErrorSpan> {
        for (const auto &s : study.judgementsOf(m_rater, document).errorSpans)
            if (s.id == spanId)
                return s;
        return std::nullopt;
    });
    if (!found)
        return found.error();
    if (!found.value())
        return Error{"that error span is no longer in the study", {}, 0, {}};
    const model::ErrorSpan span = *found.value();
    return push(
        m_session, this, document, tr("Delete Factual Error"), [spanId](store::Study &s) { s.removeErrorSpan(spanId); },
        [span](store::Study &s) { s.restoreErrorSpan(span); });
}

Status AnnotationEditor::setErrorSpanNote(Id document, Id spanId, const QString &note)
{
    if (!canEdit())
        return noAnnotator();
    auto before = m_session->read([&](store::Study &study) -> std::optional<std::string> {
        for (const auto &s : study.judgementsOf(m_rater, document).errorSpans)
            if (s.id == spanId)
                return s.note;
        return std::nullopt;
    });
    if (!before)
        return before.error();
    if (!before.value())
        return Error{"that error span is no longer in the study", {}, 0, {}};
    const std::string after = note.toStdString();
    if (after == *before.value())
        return {};
    const std::string old = *before.value();
    return push(
        m_session, this, document, tr("Edit Note"),
        [spanId, after](store::Study &s) { s.setErrorSpanNote(spanId, after); },
        [spanId, old](store::Study &s) { s.setErrorSpanNote(spanId, old); });
}

Status AnnotationEditor::setExplanation(Id document, Id dimension, const QString &text)
{
    if (!canEdit())
        return noAnnotator();
    const Id rater = m_rater;
    auto before = m_session->read([&](store::Study &study) {
        auto all = study.judgementsOf(rater, document).explanations;
        return all.count(dimension) ? all.at(dimension) : std::string();
    });
    if (!before)
        return before.error();
    const std::string after = text.toStdString();
    if (after == before.value())
        return {};
    const auto write = [rater, document, dimension](std::string t) {
        return [=](store::Study &s) { s.setExplanation(rater, document, dimension, t); };
    };
    return push(m_session, this, document, tr("Type Explanation"), write(after), write(before.value()),
                kExplanationMergeId, QStringLiteral("%1/%2/%3").arg(rater).arg(document).arg(dimension));
}

Status AnnotationEditor::setUnitMark(Id document, Id candidate, int unit, std::optional<bool> present)
{
    if (!canEdit())
        return noAnnotator();
    const Id rater = m_rater;
    auto before = m_session->read([&](store::Study &study) -> std::optional<bool> {
        const auto marks = study.judgementsOf(rater, document).unitMarks;
        const auto it = marks.find({candidate, unit});
        return it == marks.end() ? std::nullopt : std::optional<bool>(it->second);
    });
    if (!before)
        return before.error();
    if (before.value() == present)
        return {};
    const auto write = [rater, candidate, unit](std::optional<bool> p) {
        return [=](store::Study &s) {
            if (p)
                s.setUnitMark(rater, candidate, unit, *p);
            else
                s.clearUnitMark(rater, candidate, unit);
        };
    };
    return push(m_session, this, document, tr("Mark Unit"), write(present), write(before.value()));
}

} // namespace concord::ui
