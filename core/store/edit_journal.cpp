// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/edit_journal.h"

#include "store/connection_uri.h"
#include "store/transaction.h"

#include <utility>

namespace concord::store {

namespace {

constexpr int kJournalVersion = 1;

// seq keeps the order edits were made in (AUTOINCREMENT never reuses a number, so an edit appended after
// the newest was removed still sorts last). An edit id is unique per study and rater: appending an edit
// again (a retry after a failed append whose commit did happen) keeps one entry. set_aside holds why the
// study refused an edit that no longer waits (NULL while it waits).
constexpr std::string_view kSchema = R"sql(
CREATE TABLE IF NOT EXISTS waiting_edits (
    seq     INTEGER PRIMARY KEY AUTOINCREMENT,
    study   TEXT NOT NULL,
    rater   TEXT NOT NULL,
    edit_id TEXT NOT NULL,
    edit    TEXT NOT NULL,
    set_aside TEXT,
    UNIQUE (study, rater, edit_id)
);
CREATE INDEX IF NOT EXISTS waiting_edits_in_order ON waiting_edits(study, rater, seq);
)sql";

} // namespace

EditJournal::EditJournal(Database db, std::string study, std::string rater)
    : m_db(std::move(db))
    , m_study(std::move(study))
    , m_rater(std::move(rater))
{ }

Result<std::unique_ptr<EditJournal>> EditJournal::open(const std::string &path, std::string study, std::string rater)
{
    return capture([&] {
        Database db(path, Database::Mode::ReadWriteCreate);
        // WAL: an append is one sequential write; synchronous=FULL: it is on disk when append returns.
        db.exec("PRAGMA journal_mode = WAL");
        db.exec("PRAGMA synchronous = FULL");
        const std::int64_t version = db.pragmaInt("user_version");
        if (version > kJournalVersion)
            fail(path + " is a journal of unsent edits from a newer Concord (version " + std::to_string(version) + ")");
        if (version < kJournalVersion) {
            Transaction tx(db);
            db.exec(kSchema);
            db.exec("PRAGMA user_version = " + std::to_string(kJournalVersion));
            tx.commit();
        }
        return std::make_unique<EditJournal>(std::move(db), std::move(study), std::move(rater));
    });
}

std::string EditJournal::studyKey(const std::string &pathOrUri)
{
    return isConnectionString(pathOrUri) ? withoutPassword(pathOrUri) : pathOrUri;
}

void EditJournal::append(const AnnotationEdit &edit)
{
    auto s = m_db.cached("INSERT INTO waiting_edits (study, rater, edit_id, edit) VALUES (?1, ?2, ?3, ?4) "
                         "ON CONFLICT (study, rater, edit_id) DO NOTHING");
    s->bindAll(m_study, m_rater, edit.id, edit.toJsonText());
    s->run();
}

std::vector<AnnotationEdit> EditJournal::pending()
{
    std::vector<AnnotationEdit> out;
    auto s = m_db.cached("SELECT seq, edit FROM waiting_edits WHERE study = ?1 AND rater = ?2 AND set_aside IS NULL "
                         "ORDER BY seq");
    s->bindAll(m_study, m_rater);
    while (s->step())
        out.push_back(entry(s->int64At(0), s->textAt(1)));
    return out;
}

AnnotationEdit EditJournal::entry(std::int64_t seq, const std::string &json) const
{
    auto edit = AnnotationEdit::fromJsonText(json);
    if (!edit) {
        Error error = edit.error();
        error.file = path();
        error.line = static_cast<long>(seq);
        throw Failure(std::move(error));
    }
    return std::move(edit).value();
}

void EditJournal::setAside(const std::string &editId, const std::string &reason)
{
    auto s = m_db.cached("UPDATE waiting_edits SET set_aside = ?4 WHERE study = ?1 AND rater = ?2 AND edit_id = ?3");
    s->bindAll(m_study, m_rater, editId, reason);
    s->run();
}

std::vector<std::pair<AnnotationEdit, std::string>> EditJournal::setAside()
{
    std::vector<std::pair<AnnotationEdit, std::string>> out;
    auto s = m_db.cached("SELECT seq, edit, set_aside FROM waiting_edits WHERE study = ?1 AND rater = ?2 "
                         "AND set_aside IS NOT NULL ORDER BY seq");
    s->bindAll(m_study, m_rater);
    while (s->step())
        out.emplace_back(entry(s->int64At(0), s->textAt(1)), s->textAt(2));
    return out;
}

void EditJournal::sendAgain(const std::string &editId)
{
    // A new row, so that it sorts after the edits made since; in one transaction, so that the edit is never
    // lost nor twice in the file.
    Transaction tx(m_db);
    auto read = m_db.cached("SELECT edit FROM waiting_edits WHERE study = ?1 AND rater = ?2 AND edit_id = ?3 "
                            "AND set_aside IS NOT NULL");
    read->bindAll(m_study, m_rater, editId);
    if (!read->step())
        return;
    const std::string edit = read->textAt(0);
    read->reset();
    remove(editId);
    auto insert = m_db.cached("INSERT INTO waiting_edits (study, rater, edit_id, edit) VALUES (?1, ?2, ?3, ?4)");
    insert->bindAll(m_study, m_rater, editId, edit);
    insert->run();
    tx.commit();
}

void EditJournal::remove(const std::string &editId)
{
    auto s = m_db.cached("DELETE FROM waiting_edits WHERE study = ?1 AND rater = ?2 AND edit_id = ?3");
    s->bindAll(m_study, m_rater, editId);
    s->run();
}

std::int64_t EditJournal::count()
{
    auto s = m_db.cached("SELECT count(*) FROM waiting_edits WHERE study = ?1 AND rater = ?2 AND set_aside IS NULL");
    s->bindAll(m_study, m_rater);
    s->step();
    return s->int64At(0);
}

} // namespace concord::store
