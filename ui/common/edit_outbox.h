// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "store/edit_sender.h"

#include <QObject>
#include <QString>

#include <cstdint>
#include <memory>

namespace concord::ui {

// Sends a team study's edits to its server off the GUI thread, so that the window never waits for the
// server while an annotator works: not for a lock another session holds, nor for a network that went
// quiet. StudySession puts each edit in the journal on the GUI thread (on disk before the edit counts as
// made) and calls send(); a worker then sends what waits, in order, through a store::EditSender on a
// connection and a journal handle of the outbox's own, and sent() reports back on the GUI thread.
//
// One send runs at a time; asked while one runs, it sends once more after it. Destroyed while a send runs
// (the study closed), the send finishes on its own and its report goes nowhere: what it did not send is
// still in the journal for the next session.
class EditOutbox : public QObject {
    Q_OBJECT
public:
    struct Report {
        Result<store::EditSender::FlushReport> flushed = store::EditSender::FlushReport{};
        // The server answered (false: the connection was lost or could not be made; the edits wait).
        bool online = true;
    };

    // connection: the team study's connection string as given (its password included: the worker
    // connects with it); journalPath and journalKey as the session's own journal.
    EditOutbox(QString connection, QString journalPath, std::string journalKey, QObject *parent = nullptr);
    ~EditOutbox() override;

    void send();
    bool isSending() const { return m_sending; }

Q_SIGNALS:
    void sent(const concord::ui::EditOutbox::Report &report);

private:
    struct Line;
    void start();

    std::shared_ptr<Line> m_line;
    bool m_sending = false;
    bool m_again = false;
};

} // namespace concord::ui
