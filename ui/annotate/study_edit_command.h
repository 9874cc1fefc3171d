// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "store/annotation_edit.h"

#include <QUndoCommand>

#include <functional>

namespace concord::ui {

class StudySession;

// One annotation edit on the undo stack. redo and undo are edits as data (store::AnnotationEdit),
// submitted through the session: saved on the study at once, or, on a team study whose server is away,
// kept in the journal and sent later. The command was already done once before it was pushed, so the
// first redo() QUndoStack calls on push is skipped. An edit the study refuses later (the file went away)
// is reported through StudySession::writeFailed, never thrown.
//
// Every submit carries an id of its own: a redo after an undo is a new edit, which the server must not
// take for the first one it already committed.
//
// Commands with the same merge key (typing in one explanation box) merge: the first one's undo is
// kept and the latest one's redo, so undo takes back the whole burst of typing. Each edit submitted
// while typing was sent with its own id; merging changes only what a later undo or redo submits.
class StudyEditCommand : public QUndoCommand {
public:
    StudyEditCommand(StudySession *session, const QString &text, store::AnnotationEdit redo, store::AnnotationEdit undo,
                     std::function<void(const store::AnnotationEdit &)> after, int mergeId = -1, QString mergeKey = {});

    // Submits the redo edit now; push the command only if this succeeded.
    Status apply();

    void redo() override;
    void undo() override;
    int id() const override { return m_mergeId; }
    bool mergeWith(const QUndoCommand *other) override;

private:
    void run(const store::AnnotationEdit &edit);

    StudySession *m_session;
    store::AnnotationEdit m_redo;
    store::AnnotationEdit m_undo;
    // Told each edit that was saved or queued (and, after a failure, nothing).
    std::function<void(const store::AnnotationEdit &)> m_after;
    int m_mergeId;
    QString m_mergeKey;
    bool m_skipRedo = false;
};

} // namespace concord::ui
