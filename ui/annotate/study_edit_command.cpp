// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "annotate/study_edit_command.h"

#include "common/study_session.h"
#include "model/utc_timestamp.h"

namespace concord::ui {

StudyEditCommand::StudyEditCommand(StudySession *session, const QString &text, store::AnnotationEdit redo,
                                   store::AnnotationEdit undo, std::function<void(const store::AnnotationEdit &)> after,
                                   int mergeId, QString mergeKey)
    : QUndoCommand(text)
    , m_session(session)
    , m_redo(std::move(redo))
    , m_undo(std::move(undo))
    , m_after(std::move(after))
    , m_mergeId(mergeId)
    , m_mergeKey(std::move(mergeKey))
{ }

Status StudyEditCommand::apply()
{
    // Through the session, which journals it while a team study's server is away.
    const auto submitted = m_session->submit(m_redo);
    const Status status = submitted ? Status() : Status(submitted.error());
    if (status) {
        m_skipRedo = true;
        if (m_after)
            m_after(m_redo);
    }
    return status;
}

void StudyEditCommand::run(const store::AnnotationEdit &edit)
{
    if (!m_session->isOpen())
        return;
    store::AnnotationEdit fresh = edit;
    fresh.id = store::AnnotationEdit::newId();
    fresh.madeAt = model::UtcTimestamp::now(); // undone or redone now, not when first made
    const auto submitted = m_session->submit(fresh);
    if (!submitted) {
        // The edit did not happen; the stack must not pretend it did.
        setObsolete(true);
        Q_EMIT m_session->writeFailed(QString::fromStdString(submitted.error().describe()));
    }
    if (m_after)
        m_after(submitted ? fresh : store::AnnotationEdit{});
}

void StudyEditCommand::redo()
{
    if (m_skipRedo) {
        m_skipRedo = false;
        return;
    }
    run(m_redo);
}

void StudyEditCommand::undo()
{
    run(m_undo);
}

bool StudyEditCommand::mergeWith(const QUndoCommand *other)
{
    const auto *next = dynamic_cast<const StudyEditCommand *>(other);
    if (!next || m_mergeId < 0 || next->m_mergeKey != m_mergeKey)
        return false;
    m_redo = next->m_redo;
    return true;
}

} // namespace concord::ui
