// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "store/study.h"

#include <QUndoCommand>

#include <functional>

namespace concord::ui {

class StudySession;

// One annotation edit on the undo stack. redo and undo each write through the store in one
// transaction (Study::write); the command was already done once before it was pushed, so the
// first redo() QUndoStack calls on push is skipped. A write that fails later (the file went away)
// is reported through StudySession::writeFailed, never thrown.
//
// Commands with the same merge key (typing in one explanation box) merge: the first one's undo is
// kept and the latest one's redo, so undo takes back the whole burst of typing.
class StudyEditCommand : public QUndoCommand {
public:
    using Write = std::function<void(store::Study &)>;

    StudyEditCommand(StudySession *session, const QString &text, Write redo, Write undo, std::function<void()> after,
                     int mergeId = -1, QString mergeKey = {});

    // Runs the redo write now; push the command only if this succeeded.
    Status apply();

    void redo() override;
    void undo() override;
    int id() const override { return m_mergeId; }
    bool mergeWith(const QUndoCommand *other) override;

private:
    void run(const Write &write);

    StudySession *m_session;
    Write m_redo;
    Write m_undo;
    std::function<void()> m_after;
    int m_mergeId;
    QString m_mergeKey;
    bool m_skipRedo = false;
};

} // namespace concord::ui
