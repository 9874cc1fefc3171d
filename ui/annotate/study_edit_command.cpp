// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "annotate/study_edit_command.h"

#include "common/study_session.h"

namespace concord::ui {

StudyEditCommand::StudyEditCommand(StudySession *session, const QString &text, Write redo, Write undo,
                                   std::function<void()> after, int mergeId, QString mergeKey)
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
    // Through the session, which notices a team study's server going away.
    const Status status = m_session->write(m_redo);
    if (status) {
        m_skipRedo = true;
        if (m_after)
            m_after();
    }
    return status;
}

void StudyEditCommand::run(const Write &write)
{
    if (!m_session->isOpen())
        return;
    const Status status = m_session->write(write);
    if (!status) {
        // The edit did not happen; the stack must not pretend it did.
        setObsolete(true);
        Q_EMIT m_session->writeFailed(QString::fromStdString(status.error().describe()));
    }
    if (m_after)
        m_after();
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
