// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/edit_outbox.h"

#include "common/background_job.h"
#include "store/edit_journal.h"
#include "store/pg_connection.h"
#include "store/study.h"

namespace concord::ui {

// What a send works with, made on the first send: used by one worker at a time, and kept alive by a send
// still running after the outbox is gone.
struct EditOutbox::Line {
    std::string connection;
    std::string journalPath;
    std::string journalKey;
    std::unique_ptr<store::Study> study;
    std::unique_ptr<store::EditJournal> journal;
    std::unique_ptr<store::EditSender> sender;
};

EditOutbox::EditOutbox(QString connection, QString journalPath, std::string journalKey, QObject *parent)
    : QObject(parent)
    , m_line(std::make_shared<Line>())
{
    m_line->connection = connection.toStdString();
    m_line->journalPath = journalPath.toStdString();
    m_line->journalKey = std::move(journalKey);
}

EditOutbox::~EditOutbox() = default;

void EditOutbox::send()
{
    if (m_sending) {
        m_again = true;
        return;
    }
    start();
}

void EditOutbox::start()
{
    m_sending = true;
    m_again = false;
    runInBackground<Report>(
        this,
        [line = m_line]() -> Result<Report> {
            Report report;
            if (!line->sender) {
                auto journal = store::EditJournal::open(line->journalPath, line->journalKey, line->journalKey);
                if (!journal) {
                    report.flushed = journal.error();
                    return report;
                }
                auto study = store::Study::open(line->connection);
                if (!study) {
                    // A server that cannot be reached now: the session connects again and sends once it can.
                    // One that answers but whose study will not open says why.
                    const Status reached = captureStatus([&] { store::PgConnection probe(line->connection); });
                    if (reached)
                        report.flushed = study.error();
                    else
                        report.online = false;
                    return report;
                }
                line->journal = std::move(journal).value();
                line->study = std::move(study).value();
                line->sender = std::make_unique<store::EditSender>(*line->study, line->journal.get());
            }
            report.flushed = line->sender->flush();
            report.online = line->sender->online();
            return report;
        },
        [this](Result<Report> done) {
            m_sending = false;
            Report report = done ? std::move(done).value() : Report{done.error(), true};
            // Once more for the edits made meanwhile, unless the server is away or busy: the session sends
            // again when it is back, or after a pause.
            const bool busy = report.flushed && report.flushed.value().busy;
            if (std::exchange(m_again, false) && report.online && !busy && report.flushed)
                start();
            Q_EMIT sent(report);
        });
}

} // namespace concord::ui
