// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/edit_sender.h"

#include "model/utc_timestamp.h"
#include "store/database.h"
#include "store/edit_journal.h"
#include "store/stamped_edit.h"
#include "store/statement.h"
#include "store/study.h"
#include "store/transaction.h"

namespace concord::store {

EditSender::EditSender(Study &study, EditJournal *journal, Reconnect reconnect)
    : m_study(study)
    , m_journal(journal)
    , m_reconnect(std::move(reconnect))
    , m_shared(study.isShared())
{ }

bool EditSender::send(const AnnotationEdit &edit)
{
    const std::string now = model::UtcTimestamp::now();
    if (const auto applied = applyStamped(m_study, edit, now))
        return *applied;
    Database &db = m_study.database();
    Transaction tx(db);
    // The id first: when it is there, an earlier send committed (its answer was lost) and this one must
    // change nothing. Concurrent sends of one id wait on the key, and the second finds it.
    auto record = db.cached("INSERT INTO concord_applied_edits (edit_id, rater_id, applied_at) VALUES (?1, ?2, ?3) "
                            "ON CONFLICT (edit_id) DO NOTHING");
    record->bindAll(edit.id, edit.rater, now);
    record->run();
    const bool fresh = db.changes() == 1;
    if (fresh)
        edit.apply(m_study);
    tx.commit();
    return fresh;
}

Result<EditSender::Outcome> EditSender::submit(const AnnotationEdit &edit)
{
    if (!m_shared) {
        const Status written = m_study.write([&] { edit.apply(m_study); });
        if (!written)
            return written.error();
        return Outcome::Saved;
    }
    if (!m_journal)
        return Error{"a team study's edits need a journal to wait in when the server is away", {}, 0, {}};
    try {
        // Behind edits that wait, a new one waits too: edits reach the server in the order they were made.
        if (!m_online || m_journal->count() > 0) {
            m_journal->append(edit);
            return Outcome::Queued;
        }
        try {
            send(edit);
            return Outcome::Saved;
        } catch (const ConnectionLost &) {
            m_online = false;
        } catch (const StudyBusy &) {
            // A serialization failure or deadlock rolled it back: it breaks no rule, and waits to be sent again.
        }
        m_journal->append(edit);
        return Outcome::Queued;
    } catch (const Failure &f) {
        return f.error();
    } catch (const std::exception &e) {
        return Error{e.what(), {}, 0, {}};
    }
}

Result<EditSender::FlushReport> EditSender::flush()
{
    FlushReport report;
    if (!m_shared || !m_journal) {
        report.complete = true;
        return report;
    }
    try {
        const std::vector<AnnotationEdit> waiting = m_journal->pending();
        if (!waiting.empty() && !m_online) {
            if (m_reconnect)
                m_reconnect();
            else
                m_study.reconnect();
        }
        m_online = true;
        for (const AnnotationEdit &edit : waiting) {
            try {
                if (send(edit))
                    ++report.sent;
                else
                    ++report.alreadyApplied;
            } catch (const ConnectionLost &) {
                throw;
            } catch (const StudyBusy &) {
                throw;
            } catch (const Failure &f) {
                report.refused.emplace_back(edit, f.error());
                m_journal->setAside(edit.id, f.error().describe());
                continue;
            }
            m_journal->remove(edit.id);
        }
        report.complete = true;
    } catch (const ConnectionLost &) {
        m_online = false;
    } catch (const StudyBusy &) {
        // Tried again with the next flush.
        report.busy = true;
    } catch (const Failure &f) {
        return f.error();
    } catch (const std::exception &e) {
        return Error{e.what(), {}, 0, {}};
    }
    return report;
}

std::set<std::string> EditSender::committed(Study &study, const std::vector<std::string> &ids)
{
    std::set<std::string> out;
    if (ids.empty() || !study.isShared())
        return out;
    // The ids are 32 hex digits (AnnotationEdit::newId), so the array literal needs no quoting; anything
    // else is not an id a sender records and is left out.
    std::string list = "{";
    for (const std::string &id : ids) {
        if (id.empty() || id.find_first_not_of("0123456789abcdef") != std::string::npos)
            continue;
        if (list.size() > 1)
            list += ',';
        list += id;
    }
    list += '}';
    auto s
        = study.database().cached("SELECT edit_id FROM concord_applied_edits WHERE edit_id = ANY(CAST(?1 AS text[]))");
    s->bindAll(list);
    while (s->step())
        out.insert(s->textAt(0));
    return out;
}

std::int64_t EditSender::pending()
{
    if (!m_journal)
        return 0;
    auto counted = capture([&] { return m_journal->count(); });
    return counted ? counted.value() : 0;
}

} // namespace concord::store
