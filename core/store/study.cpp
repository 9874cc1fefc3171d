// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/study.h"

#include "model/json_text.h"
#include "model/utc_timestamp.h"
#include "model/utf8_check.h"
#include "store/connection_uri.h"
#include "store/pg_connection.h"
#include "store/pg_schema.h"
#include "store/sqlite_header.h"
#include "store/study_files.h"

#include <nlohmann/json.hpp>
#include <sqlite3.h>

#include <cmath>
#include <filesystem>
#include <unistd.h>
#include <unordered_map>

namespace concord::store {

using model::Id;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

// A read an annotator's role may not make fails in one sentence saying so, not with the server's "permission
// denied for table".
[[noreturn]] void refuseBlind(std::string_view what, bool reviewer = false)
{
    fail(std::string("a team study's ").append(reviewer ? "reviewer" : "annotator").append(" cannot ").append(what)
         + "; the study's lead can");
}

json parseJsonColumn(const std::string &text, json fallback)
{
    auto parsed = model::JsonText::parseOrDiscarded(text);
    return parsed.is_discarded() ? fallback : parsed;
}

std::vector<std::string> stringList(const std::string &text)
{
    std::vector<std::string> out;
    const json list = parseJsonColumn(text, json::array());
    if (list.is_array())
        for (const auto &item : list)
            if (item.is_string())
                out.push_back(item.get<std::string>());
    return out;
}

std::string toJsonText(const std::vector<std::string> &list)
{
    return model::JsonText::dump(json(list));
}

model::Dimension readDimension(const Statement &s)
{
    model::Dimension d;
    d.id = s.int64At(0);
    d.name = s.textAt(1);
    d.kind = model::dimensionKindFromString(s.textAt(2)).value_or(model::DimensionKind::Likert);
    d.scaleMin = s.doubleAt(3);
    d.scaleMax = s.doubleAt(4);
    d.labels = stringList(s.textAt(5));
    d.definition = s.textAt(6);
    return d;
}

model::Rater readRater(const Statement &s)
{
    model::Rater r;
    r.id = s.int64At(0);
    r.name = s.textAt(1);
    r.kind = model::raterKindFromString(s.textAt(2)).value_or(model::RaterKind::Human);
    r.group = s.textAt(3);
    r.provider = s.textAt(4);
    r.model = s.textAt(5);
    r.protocol = s.textAt(6);
    r.params = parseJsonColumn(s.textAt(7), json::object());
    return r;
}

constexpr std::string_view kJudgeCallColumns
    = "c.id, c.run_id, c.request_hash, c.sample_index, c.document_id, c.candidate_id, c.dimension_id, c.unit, "
      "c.prompt, "
      "c.request_body, c.raw_response, c.parsed_value, c.parsed, c.valid, c.invalid_reason, c.tokens_in, c.tokens_out, "
      "c.cost, c.latency_ms, c.attempts, c.http_status, c.error, c.started_at, c.finished_at";

model::JudgeCall readJudgeCall(const Statement &s)
{
    model::JudgeCall c;
    c.id = s.int64At(0);
    c.runId = s.int64At(1);
    c.requestHash = s.textAt(2);
    c.sampleIndex = s.intAt(3);
    c.documentId = s.optionalInt64At(4);
    c.candidateId = s.optionalInt64At(5);
    c.dimensionId = s.optionalInt64At(6);
    c.unit = s.textAt(7);
    c.prompt = s.textAt(8);
    c.requestBody = s.textAt(9);
    c.rawResponse = s.textAt(10);
    c.parsedValue = s.optionalDoubleAt(11);
    c.parsed = s.textAt(12);
    c.valid = s.int64At(13) != 0;
    c.invalidReason = s.textAt(14);
    c.tokensIn = s.intAt(15);
    c.tokensOut = s.intAt(16);
    c.cost = s.doubleAt(17);
    c.latencyMs = s.doubleAt(18);
    c.attempts = s.intAt(19);
    c.httpStatus = s.intAt(20);
    c.error = s.textAt(21);
    c.startedAt = s.textAt(22);
    c.finishedAt = s.textAt(23);
    return c;
}

constexpr std::string_view kDimensionColumns = "id, name, kind, scale_min, scale_max, labels, definition";
constexpr std::string_view kRaterColumns = "id, name, kind, grp, provider, model, protocol, params";

} // namespace

Study::Study(Database db, bool readOnly)
    : m_db(std::move(db))
    , m_readOnly(readOnly)
{ }

void Study::applyConnectionSettings()
{
    m_db.exec("PRAGMA foreign_keys = ON");
    if (!m_readOnly && m_db.path() != ":memory:") {
        m_db.exec("PRAGMA journal_mode = WAL");
    }
    // FULL: a transaction that returned from COMMIT survives a power cut, not just a crash.
    m_db.exec("PRAGMA synchronous = FULL");
}

Result<std::unique_ptr<Study>> Study::create(const std::string &path)
{
    return capture([&]() -> std::unique_ptr<Study> {
        if (isConnectionString(path))
            fail("a team study is not created on the server but published from a study file: create the file, "
                 "then concord-cli publish STUDY.concord "
                 + withoutPassword(path));
        std::error_code ec;
        if (fs::exists(path, ec))
            fail("cannot create " + path + ": a file with that name already exists");
        if (const Status name = StudyFiles::checkNewStudyPath(path); !name)
            throw Failure(name.error());
        if (const Status where = StudyFiles::checkWritable(path); !where)
            throw Failure(where.error());
        auto study = std::make_unique<Study>(Database(path, Database::Mode::ReadWriteCreate), false);
        try {
            study->applyConnectionSettings();
            Schema::migrate(study->m_db, 0);
            Transaction tx(study->m_db);
            study->setInfo("created_at", model::UtcTimestamp::now());
            study->setInfo("created_by", "Concord");
            tx.commit();
        } catch (...) {
            study.reset();
            fs::remove(path, ec);
            fs::remove(path + "-wal", ec);
            fs::remove(path + "-shm", ec);
            throw;
        }
        return study;
    });
}

Result<std::unique_ptr<Study>> Study::createInMemory()
{
    return capture([]() -> std::unique_ptr<Study> {
        auto study = std::make_unique<Study>(Database(":memory:", Database::Mode::ReadWriteCreate), false);
        study->applyConnectionSettings();
        Schema::migrate(study->m_db, 0);
        return study;
    });
}

// A team study: no PRAGMAs, the version from concord_schema, and whether the role is an annotator's.
std::unique_ptr<Study> Study::openShared(const std::string &connection, const OpenOptions &options)
{
    auto study = std::make_unique<Study>(Database::connect(connection), options.readOnly);
    PgConnection &pg = *study->m_db.postgres();
    const auto version = PgSchema::version(pg);
    if (!version)
        fail("not a Concord study: the database at " + pg.display()
             + " holds no study (publish one there with concord-cli publish)");
    if (*version > PgSchema::currentVersion())
        fail("the team study at " + pg.display() + " was written by a newer Concord (study format "
             + std::to_string(*version) + "; this Concord reads up to " + std::to_string(PgSchema::currentVersion())
             + "); update Concord to open it");
    if (*version < PgSchema::currentVersion()) {
        // Only the owner of the study's tables may bring it up to date; everyone else is told who can.
        bool upgraded = false;
        std::string refusal;
        if (!options.readOnly) {
            try {
                upgraded = PgSchema::upgrade(pg);
            } catch (const Failure &failure) {
                refusal = " (bringing it up to date here failed: " + failure.error().message + ")";
            }
        }
        if (!upgraded)
            fail("the team study at " + pg.display() + " uses an older study format (" + std::to_string(*version)
                 + "); whoever published it brings it up to date by opening it for writing once with this "
                   "Concord (concord-cli upgrade URI)"
                 + refusal);
    }
    // An annotator is a member of concord_annotator but neither a lead, the owner of the study's tables,
    // nor a superuser (who is a member of every role); a reviewer likewise of concord_reviewer. Both are blind.
    const PgResult blind = pg.query(R"sql(
        SELECT NOT (to_regrole('concord_lead') IS NOT NULL AND pg_has_role(to_regrole('concord_lead'), 'MEMBER'))
               AND NOT pg_has_role((SELECT relowner FROM pg_class WHERE oid = to_regclass('documents')), 'MEMBER'),
               CASE WHEN to_regrole('concord_annotator') IS NULL THEN false
                    ELSE pg_has_role(to_regrole('concord_annotator'), 'MEMBER') END,
               CASE WHEN to_regrole('concord_reviewer') IS NULL THEN false
                    ELSE pg_has_role(to_regrole('concord_reviewer'), 'MEMBER') END)sql");
    const bool notLead = blind.text(0, 0) == "t";
    study->m_reviewer = notLead && blind.text(0, 2) == "t";
    study->m_blind = notLead && (blind.text(0, 1) == "t" || study->m_reviewer);
    // The summaries' table is not an annotator's to read (its order would group them by system): the
    // study's statements read their ids and documents through the function that stands in for it.
    if (study->m_blind) {
        if (pg.query("SELECT to_regprocedure('concord_summary_ids()') IS NULL").text(0, 0) == "t")
            fail("the team study at " + pg.display()
                 + " was published by an earlier Concord, whose access rules let an annotator tell which summaries "
                   "one system wrote; its lead can pull it to a file (concord-cli pull) and publish that again");
        pg.setStandIns({{"candidates", "concord_summary_ids()"}});
    }
    study->applySharedSettings();
    return study;
}

void Study::applySharedSettings()
{
    // A write blocked by someone's lock fails as a busy study after a while (retried by BusyWait, or reported)
    // instead of waiting for as long as the other holds it. An annotator's edit waits less: it is kept in the
    // journal and sent again, and their window waits for it meanwhile.
    m_db.postgres()->script(m_blind ? "SET lock_timeout = '1s'" : "SET lock_timeout = '5s'");
    if (m_readOnly)
        m_db.postgres()->script("SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY");
}

void Study::reconnect()
{
    PgConnection *pg = m_db.postgres();
    if (!pg)
        return;
    // Statements of a write still under way would run on the new session outside its transaction, and
    // its COMMIT would pass off a half as the whole: the write must end (roll back) first.
    if (pg->transactionOpen())
        fail("the team study at " + pg->display() + " cannot reconnect while a write is under way; end it first");
    if (!pg->reset())
        throw ConnectionLost(Error{"the team study at " + pg->display() + " cannot be reached yet", {}, 0, {}});
    applySharedSettings();
}

std::string Study::displayName() const
{
    if (const PgConnection *pg = m_db.postgres())
        return pg->display();
    return m_db.path();
}

Result<std::unique_ptr<Study>> Study::open(const std::string &path, const OpenOptions &options)
{
    return capture([&]() -> std::unique_ptr<Study> {
        if (isConnectionString(path))
            return openShared(path, options);
        std::error_code ec;
        if (!fs::exists(path, ec))
            fail("no study file at " + path);
        if (fs::is_directory(path, ec))
            fail("not a Concord study file: " + path + " is a folder");
        // Through SQLite's file layer: a plain open and close here would drop the locks of this process's
        // other connections to the study (the window's own, while a worker opens it again).
        if (const Status header = SqliteHeader::check(path); !header)
            throw Failure(header.error());
        const fs::path parent = fs::absolute(path).parent_path();
        // The permission bits count too: root may write anywhere, but a file marked read-only was meant so.
        const auto perms = fs::status(path, ec).permissions();
        const bool fileWritable
            = ::access(path.c_str(), W_OK) == 0 && (perms & fs::perms::owner_write) != fs::perms::none;
        const bool folderWritable = ::access(parent.c_str(), W_OK) == 0;
        // Hard links and network file systems: written, such a study could be damaged; read, it is safe
        // while nobody writes it, which Concord never does there.
        const Status safeToWrite = StudyFiles::checkWritable(path);
        if (!options.readOnly) {
            if (!safeToWrite)
                throw Failure(safeToWrite.error());
            if (!fileWritable)
                fail("the study file " + path + " is read-only; open it read-only or copy it somewhere writable");
            if (!folderWritable)
                fail("the folder of " + path
                     + " is read-only, and SQLite needs to write its journal there; copy the study somewhere writable");
        }

        // Reading must leave the folder as it was. A read-only SQLite connection to a WAL study creates
        // the -wal and -shm files and, unable to checkpoint, leaves them behind. So a study we may write is
        // read through a writable connection that refuses writes (query_only): the last connection to
        // close removes both files. One we may not write is read as immutable (no locks, no files) when no
        // log holds committed pages, and only otherwise through SQLite's read-only WAL mode, which needs
        // the -shm file (docs/architecture.md, "The study file").
        Database::Mode mode = Database::Mode::ReadWrite;
        if (options.readOnly) {
            if (fileWritable && folderWritable && safeToWrite)
                mode = Database::Mode::ReadWrite;
            else if (fs::file_size(path + "-wal", ec) > 0 && !ec)
                mode = Database::Mode::ReadOnly;
            else
                mode = Database::Mode::ReadOnlyImmutable;
        }
        auto study = std::make_unique<Study>(Database(path, mode), options.readOnly);
        Database &db = study->m_db;
        if (options.readOnly && mode == Database::Mode::ReadWrite)
            db.exec("PRAGMA query_only = ON");

        // Reading the header pragmas also takes a read lock: a study held exclusively elsewhere fails here.
        const auto appId = db.pragmaInt("application_id");
        const int version = static_cast<int>(db.pragmaInt("user_version"));
        const int current = static_cast<int>(options.migrations.size());
        if (appId != Schema::kApplicationId)
            fail("not a Concord study file: " + path + " is an SQLite database of another program");
        if (version > current)
            fail("the study " + path + " was written by a newer Concord (study format " + std::to_string(version)
                 + "; this Concord reads up to " + std::to_string(current) + "); update Concord to open it");

        study->applyConnectionSettings();
        if (version < current) {
            if (options.readOnly)
                fail("the study " + path + " uses an older study format (" + std::to_string(version)
                     + ") and must be upgraded first, which needs write access: open it once for writing "
                       "(concord-cli upgrade STUDY, or in Concord); a copy as it was is kept as STUDY.v"
                     + std::to_string(version) + ".bak");
            const std::string backup = path + ".v" + std::to_string(version) + ".bak";
            if (fs::exists(backup, ec))
                fs::remove(backup, ec);
            // VACUUM INTO writes a consistent copy including what is still in the WAL.
            auto vacuum = db.prepare("VACUUM INTO ?1");
            vacuum.bind(1, backup);
            vacuum.run();
            Schema::migrate(db, version, options.migrations);
        }
        return study;
    });
}

int Study::schemaVersion()
{
    if (PgConnection *pg = m_db.postgres())
        return PgSchema::version(*pg).value_or(0);
    return static_cast<int>(m_db.pragmaInt("user_version"));
}

// ---- writes ----

Id Study::addDocument(const model::Document &d)
{
    if (d.externalId.empty())
        fail("a document needs an id", "doc_id");
    if (documentId(d.externalId))
        fail("document '" + d.externalId + "' is already in the study", "doc_id");
    auto s = m_db.cached("INSERT INTO documents (external_id, source, requirement, refs, scus, metadata) "
                         "VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
    s->bindAll(d.externalId, d.source, d.requirement, toJsonText(d.references), toJsonText(d.scus),
               d.metadata.is_null() ? std::string("{}") : model::JsonText::dump(d.metadata));
    s->run();
    return m_db.lastInsertId();
}

Id Study::ensureSystem(std::string_view name)
{
    if (name.empty())
        fail("a system needs a name", "system");
    if (auto id = systemId(name))
        return *id;
    auto s = m_db.cached("INSERT INTO systems (name) VALUES (?1)");
    s->bindAll(name);
    s->run();
    return m_db.lastInsertId();
}

Id Study::addCandidate(Id documentId, Id systemId, std::string_view text)
{
    if (candidateId(documentId, systemId)) {
        auto s = m_db.cached("SELECT d.external_id, y.name FROM documents d, systems y WHERE d.id = ?1 AND y.id = ?2");
        s->bindAll(documentId, systemId);
        std::string what
            = s->step() ? "system '" + s->textAt(1) + "' already has a summary of document '" + s->textAt(0) + "'"
                        : "duplicate candidate";
        fail(what, "summary");
    }
    // RETURNING: a team study draws a summary's id at random, from no sequence lastInsertId could read.
    auto s = m_db.cached("INSERT INTO candidates (document_id, system_id, text) VALUES (?1, ?2, ?3) RETURNING id");
    s->bindAll(documentId, systemId, text);
    if (!s->step())
        fail("the summary was not stored", "summary");
    return s->int64At(0);
}

Id Study::ensureDimension(const model::Dimension &d)
{
    if (d.name.empty())
        fail("a dimension needs a name", "dimension");
    if (d.kind == model::DimensionKind::Likert && !(d.scaleMin < d.scaleMax))
        fail("dimension '" + d.name + "' needs a scale whose minimum is below its maximum", "dimension");
    {
        auto s = m_db.cached("SELECT id, kind FROM dimensions WHERE name = ?1");
        s->bindAll(d.name);
        if (s->step()) {
            if (s->textAt(1) != toString(d.kind))
                fail("dimension '" + d.name + "' is already in the study as a " + s->textAt(1) + " dimension, not "
                         + std::string(toString(d.kind)),
                     "dimension");
            return s->int64At(0);
        }
    }
    auto s = m_db.cached("INSERT INTO dimensions (name, kind, scale_min, scale_max, labels, definition, position) "
                         "VALUES (?1, ?2, ?3, ?4, ?5, ?6, (SELECT COUNT(*) FROM dimensions))");
    s->bindAll(d.name, std::string(toString(d.kind)), d.scaleMin, d.scaleMax, toJsonText(d.labels), d.definition);
    s->run();
    return m_db.lastInsertId();
}

Id Study::ensureRater(const model::Rater &r)
{
    if (r.name.empty())
        fail("a rater needs a name", "rater");
    {
        auto s = m_db.cached("SELECT id, kind FROM raters WHERE name = ?1");
        s->bindAll(r.name);
        if (s->step()) {
            if (s->textAt(1) != toString(r.kind))
                fail("rater '" + r.name + "' is already in the study as a " + s->textAt(1) + ", not a "
                         + std::string(toString(r.kind)),
                     "rater");
            return s->int64At(0);
        }
    }
    auto s = m_db.cached("INSERT INTO raters (name, kind, grp, provider, model, protocol, params) "
                         "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
    s->bindAll(r.name, std::string(toString(r.kind)), r.group, r.provider, r.model, r.protocol,
               r.params.is_null() ? std::string("{}") : model::JsonText::dump(r.params));
    s->run();
    return m_db.lastInsertId();
}

void Study::setRating(Id rater, Id candidate, Id dimension, double value, std::optional<Id> callId)
{
    if (!std::isfinite(value))
        fail("a rating must be a finite number", "value");
    // An annotator may not write call_id (a human's rating has no judge call): a blind session leaves it out.
    if (m_blind) {
        if (callId)
            fail("an annotator's rating comes from no judge call", "call");
        auto s
            = m_db.cached("INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) VALUES (?1, ?2, ?3, ?4) "
                          "ON CONFLICT (rater_id, candidate_id, dimension_id) DO UPDATE SET value = excluded.value");
        s->bindAll(rater, candidate, dimension, value);
        s->run();
        return;
    }
    auto s = m_db.cached(
        "INSERT INTO ratings (rater_id, candidate_id, dimension_id, value, call_id) VALUES (?1, ?2, ?3, ?4, ?5) "
        "ON CONFLICT (rater_id, candidate_id, dimension_id) DO UPDATE SET value = excluded.value, call_id = "
        "excluded.call_id");
    s->bindAll(rater, candidate, dimension, value, callId);
    s->run();
}

void Study::clearRating(Id rater, Id candidate, Id dimension)
{
    // An annotator has no DELETE on the tables (it would let them lock a table): a function deletes their own rows.
    auto s
        = m_db.cached(m_blind ? "SELECT concord_clear_rating(?1, ?2, ?3)"
                              : "DELETE FROM ratings WHERE rater_id = ?1 AND candidate_id = ?2 AND dimension_id = ?3");
    s->bindAll(rater, candidate, dimension);
    s->run();
}

void Study::setRanking(Id rater, Id document, Id dimension, const std::vector<std::pair<Id, int>> &candidateRanks,
                       std::optional<Id> callId)
{
    auto del
        = m_db.cached(m_blind ? "SELECT concord_clear_ranking(?1, ?2, ?3)"
                              : "DELETE FROM rankings WHERE rater_id = ?1 AND document_id = ?2 AND dimension_id = ?3");
    del->bindAll(rater, document, dimension);
    del->run();
    // A blind session names no call_id, which an annotator may not write.
    if (m_blind && callId)
        fail("an annotator's ranking comes from no judge call", "call");
    auto ins = m_db.cached(
        m_blind ? "INSERT INTO rankings (rater_id, document_id, dimension_id, candidate_id, rank) "
                  "SELECT ?1, ?2, ?3, ?4, ?5 WHERE EXISTS (SELECT 1 FROM concord_summaries_of(?2) WHERE id = ?4)"
                : "INSERT INTO rankings (rater_id, document_id, dimension_id, candidate_id, rank, call_id) "
                  "SELECT ?1, ?2, ?3, ?4, ?5, CAST(?6 AS BIGINT) WHERE EXISTS (SELECT 1 FROM candidates WHERE id = ?4 "
                  "AND document_id = ?2)");
    for (const auto &[candidate, rank] : candidateRanks) {
        if (rank < 1)
            fail("a rank must be 1 or more", "rank");
        ins->reset();
        ins->bindAll(rater, document, dimension, candidate, rank);
        if (!m_blind)
            ins->bind(6, callId);
        ins->run();
        if (m_db.changes() != 1)
            fail("candidate " + std::to_string(candidate) + " is not a summary of this document", "candidate");
    }
}

Id Study::addErrorSpan(const model::ErrorSpan &span)
{
    if (span.start < 0 || span.end <= span.start)
        fail("an error span needs 0 <= start < end", "span");
    // RETURNING rather than lastInsertId: an annotator has no privilege on the sequence lastval() reads.
    auto s = m_db.cached("INSERT INTO error_spans (rater_id, candidate_id, char_start, char_end, quote, note) "
                         "VALUES (?1, ?2, ?3, ?4, ?5, ?6) RETURNING id");
    s->bindAll(span.raterId, span.candidateId, span.start, span.end, span.quote, span.note);
    if (!s->step())
        fail("the error span was not stored", "span");
    return s->int64At(0);
}

void Study::removeErrorSpan(Id spanId)
{
    auto s = m_db.cached(m_blind ? "SELECT concord_remove_error_span(?1)" : "DELETE FROM error_spans WHERE id = ?1");
    s->bindAll(spanId);
    s->run();
}

Id Study::addPairwiseOutcome(const model::PairwiseOutcome &o)
{
    // A blind session names no call_id and reads the id with RETURNING (an annotator may not read the sequence).
    if (m_blind && o.callId)
        fail("an annotator's verdict comes from no judge call", "call");
    auto s = m_db.cached(m_blind ? "INSERT INTO pairwise_outcomes (rater_id, dimension_id, candidate_a, candidate_b, "
                                   "shown_order, outcome) VALUES (?1, ?2, ?3, ?4, ?5, ?6) RETURNING id"
                                 : "INSERT INTO pairwise_outcomes (rater_id, dimension_id, candidate_a, candidate_b, "
                                   "shown_order, outcome, call_id) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) RETURNING id");
    s->bindAll(o.raterId, o.dimensionId, o.candidateA, o.candidateB, std::string(o.shownAFirst ? "ab" : "ba"),
               std::string(toString(o.winner)));
    if (!m_blind)
        s->bind(7, o.callId);
    if (!s->step())
        fail("the verdict was not stored", "outcome");
    return s->int64At(0);
}

Id Study::replacePairwiseOutcome(const model::PairwiseOutcome &o)
{
    auto del
        = m_db.cached("DELETE FROM pairwise_outcomes WHERE rater_id = ?1 AND dimension_id = ?2 AND candidate_a = ?3 "
                      "AND candidate_b = ?4 AND shown_order = ?5");
    del->bindAll(o.raterId, o.dimensionId, o.candidateA, o.candidateB, std::string(o.shownAFirst ? "ab" : "ba"));
    del->run();
    return addPairwiseOutcome(o);
}

void Study::clearPairwiseOutcome(Id rater, Id dimension, Id candidateA, Id candidateB, bool shownAFirst)
{
    auto del
        = m_db.cached("DELETE FROM pairwise_outcomes WHERE rater_id = ?1 AND dimension_id = ?2 AND candidate_a = ?3 "
                      "AND candidate_b = ?4 AND shown_order = ?5");
    del->bindAll(rater, dimension, candidateA, candidateB, std::string(shownAFirst ? "ab" : "ba"));
    del->run();
}

void Study::setExplanation(Id rater, Id document, Id dimension, std::string_view text)
{
    if (text.empty()) {
        auto s = m_db.cached(
            m_blind ? "SELECT concord_clear_explanation(?1, ?2, ?3)"
                    : "DELETE FROM explanations WHERE rater_id = ?1 AND document_id = ?2 AND dimension_id = ?3");
        s->bindAll(rater, document, dimension);
        s->run();
        return;
    }
    auto s = m_db.cached("INSERT INTO explanations (rater_id, document_id, dimension_id, text) VALUES (?1, ?2, ?3, ?4) "
                         "ON CONFLICT (rater_id, document_id, dimension_id) DO UPDATE SET text = excluded.text");
    s->bindAll(rater, document, dimension, text);
    s->run();
}

void Study::setUnitMark(Id rater, Id candidate, int unitIndex, bool present)
{
    auto s = m_db.cached("INSERT INTO unit_marks (rater_id, candidate_id, unit_index, present) VALUES (?1, ?2, ?3, ?4) "
                         "ON CONFLICT (rater_id, candidate_id, unit_index) DO UPDATE SET present = excluded.present");
    s->bindAll(rater, candidate, unitIndex, present ? 1 : 0);
    s->run();
}

void Study::setPresentationOrder(Id rater, Id document, std::uint64_t seed, const std::vector<Id> &order)
{
    auto s = m_db.cached(
        "INSERT INTO presentation_orders (rater_id, document_id, seed, shown_order) VALUES (?1, ?2, ?3, ?4) "
        "ON CONFLICT (rater_id, document_id) DO UPDATE SET seed = excluded.seed, shown_order = excluded.shown_order");
    // SQLite integers are signed; the seed's bits are kept as they are.
    s->bindAll(rater, document, static_cast<std::int64_t>(seed), model::JsonText::dump(json(order)));
    s->run();
}

void Study::setInfo(std::string_view key, std::string_view value)
{
    auto s = m_db.cached("INSERT INTO study_info (key, value) VALUES (?1, ?2) "
                         "ON CONFLICT (key) DO UPDATE SET value = excluded.value");
    s->bindAll(key, value);
    s->run();
}

Id Study::addJudgeRun(Id rater, std::string_view protocol, std::string_view settingsJson)
{
    auto s = m_db.cached("INSERT INTO judge_runs (rater_id, protocol, settings, started_at) VALUES (?1, ?2, ?3, ?4)");
    s->bindAll(rater, protocol, settingsJson, model::UtcTimestamp::now());
    s->run();
    return m_db.lastInsertId();
}

Id Study::addJudgeCall(const model::JudgeCall &c)
{
    auto s = m_db.cached(R"sql(
        INSERT INTO judge_calls (run_id, request_hash, sample_index, document_id, candidate_id, dimension_id, unit, prompt,
                                 request_body, raw_response, parsed_value, parsed, valid, invalid_reason, tokens_in, tokens_out,
                                 cost, latency_ms, attempts, http_status, error, started_at, finished_at)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23))sql");
    // What a server sent cannot be refused or asked again for free, so its bytes are kept with
    // anything that is not UTF-8 replaced (U+FFFD): the study holds only UTF-8. An answer that
    // was read as JSON is valid already; this is for error bodies and what is quoted from them.
    using model::Utf8Check;
    s->bindAll(c.runId, c.requestHash, c.sampleIndex, c.documentId, c.candidateId, c.dimensionId,
               c.unit.empty() ? std::string("{}") : c.unit, c.prompt, c.requestBody, Utf8Check::repaired(c.rawResponse),
               c.parsedValue, c.parsed.empty() ? std::string("{}") : c.parsed, c.valid ? 1 : 0,
               Utf8Check::repaired(c.invalidReason), c.tokensIn, c.tokensOut, c.cost, c.latencyMs, c.attempts,
               c.httpStatus, Utf8Check::repaired(c.error), c.startedAt, c.finishedAt);
    s->run();
    return m_db.lastInsertId();
}

void Study::finishJudgeRun(Id run, std::string_view status)
{
    auto s = m_db.cached("UPDATE judge_runs SET status = ?2, finished_at = ?3 WHERE id = ?1");
    s->bindAll(run, status, model::UtcTimestamp::now());
    s->run();
}

void Study::setJudgeRunSettings(Id run, std::string_view settingsJson)
{
    auto s = m_db.cached("UPDATE judge_runs SET settings = ?2 WHERE id = ?1");
    s->bindAll(run, settingsJson);
    s->run();
}

Id Study::ensurePromptTemplate(std::string_view protocol, std::string_view name, int version, std::string_view body)
{
    {
        auto s
            = m_db.cached("SELECT id, body FROM prompt_templates WHERE protocol = ?1 AND name = ?2 AND version = ?3");
        s->bindAll(protocol, name, version);
        if (s->step()) {
            if (s->textAt(1) != body)
                fail("template '" + std::string(name) + "' version " + std::to_string(version)
                         + " is already in the study with other text; give the edited template a new name or version",
                     "template");
            return s->int64At(0);
        }
    }
    auto s = m_db.cached("INSERT INTO prompt_templates (protocol, name, version, body) VALUES (?1, ?2, ?3, ?4)");
    s->bindAll(protocol, name, version, body);
    s->run();
    return m_db.lastInsertId();
}

void Study::setJudgeRunTemplate(Id run, Id templateId)
{
    auto s = m_db.cached("UPDATE judge_runs SET template_id = ?2 WHERE id = ?1");
    s->bindAll(run, templateId);
    s->run();
}

bool Study::discardJudgeRun(Id run, std::optional<Id> addedRater, const std::vector<Id> &addedTemplates)
{
    {
        auto s = m_db.cached("SELECT EXISTS (SELECT 1 FROM judge_calls WHERE run_id = ?1)");
        s->bindAll(run);
        if (s->step() && s->int64At(0) != 0)
            return false;
    }
    auto s = m_db.cached("DELETE FROM judge_runs WHERE id = ?1");
    s->bindAll(run);
    s->run();
    for (const Id id : addedTemplates) {
        auto t = m_db.cached("DELETE FROM prompt_templates WHERE id = ?1");
        t->bindAll(id);
        t->run();
    }
    if (addedRater) {
        auto r = m_db.cached("DELETE FROM raters WHERE id = ?1");
        r->bindAll(*addedRater);
        r->run();
    }
    return true;
}

std::optional<Id> Study::promptTemplateId(std::string_view protocol, std::string_view name, int version)
{
    if (m_blind) // judge records, templates among them, are kept from an annotator
        return std::nullopt;
    auto s = m_db.cached("SELECT id FROM prompt_templates WHERE protocol = ?1 AND name = ?2 AND version = ?3");
    s->bindAll(protocol, name, version);
    if (!s->step())
        return std::nullopt;
    return s->int64At(0);
}

// ---- reads ----

StudyCounts Study::counts()
{
    auto count = [&](std::string_view table) {
        auto s = m_db.cached("SELECT COUNT(*) FROM " + std::string(table));
        s->step();
        return s->int64At(0);
    };
    StudyCounts c;
    c.documents = count("documents");
    // A blind session may not read systems or judge calls: they count 0 for it.
    c.systems = m_blind ? 0 : count("systems");
    c.candidates = count("candidates");
    c.dimensions = count("dimensions");
    c.raters = count("raters");
    c.ratings = count("ratings");
    c.rankings = count("rankings");
    c.errorSpans = count("error_spans");
    c.pairwiseOutcomes = count("pairwise_outcomes");
    c.explanations = count("explanations");
    c.unitMarks = count("unit_marks");
    c.presentationOrders = count("presentation_orders");
    c.judgeCalls = m_blind ? 0 : count("judge_calls");
    return c;
}

std::map<std::string, std::int64_t> Study::ratersByGroup()
{
    std::map<std::string, std::int64_t> out;
    // A judge or metric without a group is counted under its kind, so every rater is somewhere. An annotator
    // may not read groups: her session counts the raters it sees under their kind.
    auto s = m_db.cached(
        m_blind ? "SELECT kind, COUNT(*) FROM raters GROUP BY 1 ORDER BY 1"
                : "SELECT CASE WHEN grp = '' THEN kind ELSE grp END, COUNT(*) FROM raters GROUP BY 1 ORDER BY 1");
    while (s->step())
        out[s->textAt(0)] = s->int64At(1);
    return out;
}

std::vector<DocumentSummary> Study::documentSummaries()
{
    std::vector<DocumentSummary> out;
    // Each count in one pass over its table, not once per document: an annotator's session reads the
    // summaries through a function that gives every summary each time it is asked.
    auto s = m_db.cached(R"sql(
        SELECT d.id, d.external_id, d.requirement IS NOT NULL, COALESCE(n.summaries, 0),
               COALESCE(r.judgements, 0) + (SELECT COUNT(*) FROM rankings k WHERE k.document_id = d.id)
                   + COALESCE(e.judgements, 0)
        FROM documents d
        LEFT JOIN (SELECT document_id, COUNT(*) AS summaries FROM candidates GROUP BY document_id) n
            ON n.document_id = d.id
        LEFT JOIN (SELECT c.document_id, COUNT(*) AS judgements FROM ratings x JOIN candidates c
                   ON c.id = x.candidate_id GROUP BY c.document_id) r ON r.document_id = d.id
        LEFT JOIN (SELECT c.document_id, COUNT(*) AS judgements FROM error_spans x JOIN candidates c
                   ON c.id = x.candidate_id GROUP BY c.document_id) e ON e.document_id = d.id
        ORDER BY d.id)sql");
    while (s->step()) {
        DocumentSummary d;
        d.id = s->int64At(0);
        d.externalId = s->textAt(1);
        d.hasRequirement = s->int64At(2) != 0;
        d.candidates = s->int64At(3);
        d.judgements = s->int64At(4);
        out.push_back(std::move(d));
    }
    return out;
}

std::vector<DocumentSummary> Study::documentSummariesWithoutJudgements()
{
    std::vector<DocumentSummary> out;
    auto s = m_db.cached(R"sql(
        SELECT d.id, d.external_id, d.requirement IS NOT NULL, COALESCE(n.summaries, 0)
        FROM documents d
        LEFT JOIN (SELECT document_id, COUNT(*) AS summaries FROM candidates GROUP BY document_id) n
            ON n.document_id = d.id
        ORDER BY d.id)sql");
    while (s->step()) {
        DocumentSummary d;
        d.id = s->int64At(0);
        d.externalId = s->textAt(1);
        d.hasRequirement = s->int64At(2) != 0;
        d.candidates = s->int64At(3);
        out.push_back(std::move(d));
    }
    return out;
}

std::map<Id, std::int64_t> Study::judgementCounts()
{
    std::map<Id, std::int64_t> out;
    auto s = m_db.cached(R"sql(
        SELECT c.document_id, COUNT(*) FROM ratings r JOIN candidates c ON c.id = r.candidate_id GROUP BY 1
        UNION ALL SELECT document_id, COUNT(*) FROM rankings GROUP BY 1
        UNION ALL SELECT c.document_id, COUNT(*) FROM error_spans e JOIN candidates c ON c.id = e.candidate_id
                  GROUP BY 1)sql");
    while (s->step())
        out[s->int64At(0)] += s->int64At(1);
    return out;
}

std::int64_t Study::judgementCount(Id document)
{
    auto s = m_db.cached(R"sql(
        SELECT (SELECT COUNT(*) FROM ratings r JOIN candidates c ON c.id = r.candidate_id WHERE c.document_id = ?1)
             + (SELECT COUNT(*) FROM rankings WHERE document_id = ?1)
             + (SELECT COUNT(*) FROM error_spans e JOIN candidates c ON c.id = e.candidate_id
                WHERE c.document_id = ?1))sql");
    s->bindAll(document);
    return s->step() ? s->int64At(0) : 0;
}

std::optional<model::Document> Study::document(Id id)
{
    auto s
        = m_db.cached("SELECT id, external_id, source, requirement, refs, scus, metadata FROM documents WHERE id = ?1");
    s->bindAll(id);
    if (!s->step())
        return std::nullopt;
    model::Document d;
    d.id = s->int64At(0);
    d.externalId = s->textAt(1);
    d.source = s->textAt(2);
    d.requirement = s->optionalTextAt(3);
    d.references = stringList(s->textAt(4));
    d.scus = stringList(s->textAt(5));
    d.metadata = parseJsonColumn(s->textAt(6), json::object());
    return d;
}

std::optional<Id> Study::documentId(std::string_view externalId)
{
    auto s = m_db.cached("SELECT id FROM documents WHERE external_id = ?1");
    s->bindAll(externalId);
    if (!s->step())
        return std::nullopt;
    return s->int64At(0);
}

std::vector<model::Candidate> Study::candidatesOf(Id documentId)
{
    std::vector<model::Candidate> out;
    // Which system wrote a summary is kept from an annotator: a blind session reads system id 0.
    auto s = m_db.cached(m_blind ? "SELECT id, document_id, 0, text FROM concord_summaries_of(?1) ORDER BY id"
                                 : "SELECT id, document_id, system_id, text FROM candidates WHERE document_id = ?1 "
                                   "ORDER BY id");
    s->bindAll(documentId);
    while (s->step())
        out.push_back({s->int64At(0), s->int64At(1), s->int64At(2), s->textAt(3)});
    return out;
}

std::optional<Id> Study::candidateId(Id documentId, Id systemId)
{
    if (m_blind)
        refuseBlind("look up a summary by the system that wrote it");
    auto s = m_db.cached("SELECT id FROM candidates WHERE document_id = ?1 AND system_id = ?2");
    s->bindAll(documentId, systemId);
    if (!s->step())
        return std::nullopt;
    return s->int64At(0);
}

std::vector<model::System> Study::systems()
{
    std::vector<model::System> out;
    if (m_blind) // system names are kept from an annotator
        return out;
    auto s = m_db.cached("SELECT id, name FROM systems ORDER BY id");
    while (s->step())
        out.push_back({s->int64At(0), s->textAt(1)});
    return out;
}

std::optional<Id> Study::systemId(std::string_view name)
{
    if (m_blind) // system names are kept from an annotator: she knows of none
        return std::nullopt;
    auto s = m_db.cached("SELECT id FROM systems WHERE name = ?1");
    s->bindAll(name);
    if (!s->step())
        return std::nullopt;
    return s->int64At(0);
}

std::vector<model::Dimension> Study::dimensions()
{
    std::vector<model::Dimension> out;
    auto s = m_db.cached("SELECT " + std::string(kDimensionColumns) + " FROM dimensions ORDER BY position, id");
    while (s->step())
        out.push_back(readDimension(*s));
    return out;
}

std::optional<Id> Study::dimensionId(std::string_view name)
{
    auto s = m_db.cached("SELECT id FROM dimensions WHERE name = ?1");
    s->bindAll(name);
    if (!s->step())
        return std::nullopt;
    return s->int64At(0);
}

std::vector<model::Rater> Study::raters()
{
    std::vector<model::Rater> out;
    // An annotator reads only (id, name, kind) of raters, and by row-level security only their own; a reviewer
    // the groups too, of every person.
    auto s = m_db.cached(m_reviewer ? "SELECT id, name, kind, grp, '', '', '', '{}' FROM raters ORDER BY id"
                         : m_blind  ? "SELECT id, name, kind, '', '', '', '', '{}' FROM raters ORDER BY id"
                                    : "SELECT " + std::string(kRaterColumns) + " FROM raters ORDER BY id");
    while (s->step())
        out.push_back(readRater(*s));
    return out;
}

std::optional<Id> Study::raterId(std::string_view name)
{
    auto s = m_db.cached("SELECT id FROM raters WHERE name = ?1");
    s->bindAll(name);
    if (!s->step())
        return std::nullopt;
    return s->int64At(0);
}

std::vector<model::ErrorSpan> Study::errorSpansOf(Id candidateId)
{
    std::vector<model::ErrorSpan> out;
    auto s = m_db.cached("SELECT id, rater_id, candidate_id, char_start, char_end, quote, note FROM error_spans "
                         "WHERE candidate_id = ?1 ORDER BY char_start, char_end, id");
    s->bindAll(candidateId);
    while (s->step())
        out.push_back(
            {s->int64At(0), s->int64At(1), s->int64At(2), s->intAt(3), s->intAt(4), s->textAt(5), s->textAt(6)});
    return out;
}

std::optional<double> Study::rating(Id rater, Id candidate, Id dimension)
{
    auto s = m_db.cached("SELECT value FROM ratings WHERE rater_id = ?1 AND candidate_id = ?2 AND dimension_id = ?3");
    s->bindAll(rater, candidate, dimension);
    if (!s->step())
        return std::nullopt;
    return s->doubleAt(0);
}

std::vector<RatingRow> Study::ratingsOn(Id dimension)
{
    // A reviewer reads every rating, but by system would be every summary of a document as one system: statistics
    // over that are wrong, not merely incomplete.
    if (m_blind)
        refuseBlind("read judgements by system, which the lead keeps from annotators and reviewers", m_reviewer);
    std::vector<RatingRow> out;
    auto s = m_db.cached("SELECT r.rater_id, r.candidate_id, c.document_id, c.system_id, r.value "
                         "FROM ratings r JOIN candidates c ON c.id = r.candidate_id "
                         "WHERE r.dimension_id = ?1 ORDER BY r.rater_id, c.document_id, c.system_id");
    s->bindAll(dimension);
    while (s->step())
        out.push_back({s->int64At(0), s->int64At(1), s->int64At(2), s->int64At(3), s->doubleAt(4)});
    return out;
}

std::vector<RatingRow> Study::ratingsBySummary(Id dimension)
{
    if (m_blind && !m_reviewer)
        refuseBlind("read everyone's judgements, which the lead keeps from annotators");
    std::vector<RatingRow> out;
    // No system: on a reviewer's session candidates stands for its concord_summary_ids().
    auto s = m_db.cached("SELECT r.rater_id, r.candidate_id, c.document_id, 0, r.value "
                         "FROM ratings r JOIN candidates c ON c.id = r.candidate_id "
                         "WHERE r.dimension_id = ?1 ORDER BY r.rater_id, c.document_id, r.candidate_id");
    s->bindAll(dimension);
    while (s->step())
        out.push_back({s->int64At(0), s->int64At(1), s->int64At(2), s->int64At(3), s->doubleAt(4)});
    return out;
}

std::vector<std::pair<Id, double>> Study::ratingsOf(Id rater, Id dimension)
{
    if (m_blind && !m_reviewer)
        refuseBlind("read judgements by rater, which the lead keeps from annotators");
    std::vector<std::pair<Id, double>> out;
    auto s = m_db.cached(
        "SELECT candidate_id, value FROM ratings WHERE rater_id = ?1 AND dimension_id = ?2 ORDER BY candidate_id");
    s->bindAll(rater, dimension);
    while (s->step())
        out.emplace_back(s->int64At(0), s->doubleAt(1));
    return out;
}

std::vector<std::pair<Id, Id>> Study::candidateDocuments()
{
    if (m_blind)
        refuseBlind("read the summaries' table, which annotators read only through their own functions");
    std::vector<std::pair<Id, Id>> out;
    auto s = m_db.cached("SELECT id, document_id FROM candidates ORDER BY id");
    while (s->step())
        out.emplace_back(s->int64At(0), s->int64At(1));
    return out;
}

std::vector<std::string> Study::documentNamesOf(const std::vector<Id> &candidates)
{
    if (m_blind)
        refuseBlind("read the summaries' table, which annotators read only through their own functions");
    // kChunk ids a statement, the last chunk filled up with 0 (no summary's id), so one statement serves all.
    constexpr std::size_t kChunk = 500;
    std::string sql = "SELECT c.id, d.external_id FROM candidates c JOIN documents d ON d.id = c.document_id "
                      "WHERE c.id IN (";
    for (std::size_t k = 1; k <= kChunk; ++k)
        sql.append(k == 1 ? "?" : ", ?").append(std::to_string(k));
    sql.append(")");
    std::unordered_map<Id, std::string> names;
    auto s = m_db.cached(sql);
    for (std::size_t first = 0; first < candidates.size(); first += kChunk) {
        for (std::size_t k = 0; k < kChunk; ++k)
            s->bind(static_cast<int>(k + 1), first + k < candidates.size() ? candidates[first + k] : Id{0});
        while (s->step())
            names.emplace(s->int64At(0), s->textAt(1));
        s->reset();
    }
    std::vector<std::string> out;
    out.reserve(candidates.size());
    for (const Id id : candidates) {
        const auto found = names.find(id);
        out.push_back(found == names.end() ? std::string() : found->second);
    }
    return out;
}

std::vector<RankingRow> Study::rankingsOn(Id dimension)
{
    if (m_blind)
        refuseBlind("read judgements by system, which the lead keeps from annotators");
    std::vector<RankingRow> out;
    auto s = m_db.cached("SELECT k.rater_id, k.document_id, k.candidate_id, c.system_id, k.rank "
                         "FROM rankings k JOIN candidates c ON c.id = k.candidate_id "
                         "WHERE k.dimension_id = ?1 ORDER BY k.rater_id, k.document_id, c.system_id");
    s->bindAll(dimension);
    while (s->step())
        out.push_back({s->int64At(0), s->int64At(1), s->int64At(2), s->int64At(3), s->intAt(4)});
    return out;
}

std::vector<PairwiseRow> Study::pairwiseOn(Id dimension)
{
    if (m_blind)
        refuseBlind("read judgements by system, which the lead keeps from annotators");
    std::vector<PairwiseRow> out;
    auto s = m_db.cached("SELECT p.rater_id, ca.document_id, ca.system_id, cb.system_id, p.shown_order, p.outcome "
                         "FROM pairwise_outcomes p JOIN candidates ca ON ca.id = p.candidate_a JOIN candidates cb ON "
                         "cb.id = p.candidate_b "
                         "WHERE p.dimension_id = ?1 ORDER BY p.rater_id, ca.document_id, p.id");
    s->bindAll(dimension);
    while (s->step())
        out.push_back({s->int64At(0), s->int64At(1), s->int64At(2), s->int64At(3), s->textAt(4) == "ab",
                       model::pairwiseWinnerFromString(s->textAt(5)).value_or(model::PairwiseWinner::Tie)});
    return out;
}

std::vector<model::PairwiseOutcome> Study::pairwiseOutcomesOf(Id rater, Id dimension)
{
    if (m_blind)
        refuseBlind("read the judges' verdicts, which the lead keeps from annotators");
    std::vector<model::PairwiseOutcome> out;
    auto s = m_db.cached("SELECT id, candidate_a, candidate_b, shown_order, outcome, call_id FROM pairwise_outcomes "
                         "WHERE rater_id = ?1 AND dimension_id = ?2 ORDER BY id");
    s->bindAll(rater, dimension);
    while (s->step()) {
        model::PairwiseOutcome o;
        o.id = s->int64At(0);
        o.raterId = rater;
        o.dimensionId = dimension;
        o.candidateA = s->int64At(1);
        o.candidateB = s->int64At(2);
        o.shownAFirst = s->textAt(3) == "ab";
        o.winner = model::pairwiseWinnerFromString(s->textAt(4)).value_or(model::PairwiseWinner::Tie);
        o.callId = s->optionalInt64At(5);
        out.push_back(o);
    }
    return out;
}

std::vector<UnitMarkRow> Study::unitMarks()
{
    std::vector<UnitMarkRow> out;
    auto s = m_db.cached("SELECT rater_id, candidate_id, unit_index, present FROM unit_marks ORDER BY candidate_id, "
                         "unit_index, rater_id");
    while (s->step())
        out.push_back({s->int64At(0), s->int64At(1), s->intAt(2), s->int64At(3) != 0});
    return out;
}

std::vector<model::ErrorSpan> Study::errorSpans()
{
    std::vector<model::ErrorSpan> out;
    auto s = m_db.cached("SELECT id, rater_id, candidate_id, char_start, char_end, quote, note FROM error_spans "
                         "ORDER BY candidate_id, char_start, char_end, id");
    while (s->step())
        out.push_back(
            {s->int64At(0), s->int64At(1), s->int64At(2), s->intAt(3), s->intAt(4), s->textAt(5), s->textAt(6)});
    return out;
}

std::vector<model::JudgeCall> Study::judgeCalls(Id rater, std::string_view protocol)
{
    std::vector<model::JudgeCall> out;
    if (m_blind) // judge records are kept from an annotator, as counts() shows
        return out;
    auto s = m_db.cached("SELECT " + std::string(kJudgeCallColumns)
                         + " FROM judge_calls c JOIN judge_runs r ON r.id = c.run_id WHERE r.rater_id = ?1 AND "
                           "r.protocol = ?2 ORDER BY c.id");
    s->bindAll(rater, protocol);
    while (s->step())
        out.push_back(readJudgeCall(*s));
    return out;
}

std::vector<model::JudgeCall> Study::judgeCallsOfCandidate(Id rater, std::string_view protocol, Id candidate)
{
    std::vector<model::JudgeCall> out;
    if (m_blind) // judge records are kept from an annotator, as counts() shows
        return out;
    auto s = m_db.cached("SELECT " + std::string(kJudgeCallColumns)
                         + " FROM judge_calls c JOIN judge_runs r ON r.id = c.run_id "
                           "WHERE r.rater_id = ?1 AND r.protocol = ?2 AND c.candidate_id = ?3 ORDER BY c.id");
    s->bindAll(rater, protocol, candidate);
    while (s->step())
        out.push_back(readJudgeCall(*s));
    return out;
}

std::vector<model::JudgeCall> Study::judgeCallsWithHash(Id rater, std::string_view requestHash)
{
    std::vector<model::JudgeCall> out;
    if (m_blind) // judge records are kept from an annotator, as counts() shows
        return out;
    auto s = m_db.cached("SELECT " + std::string(kJudgeCallColumns)
                         + " FROM judge_calls c JOIN judge_runs r ON r.id = c.run_id "
                           "WHERE r.rater_id = ?1 AND c.request_hash = ?2 ORDER BY c.sample_index, c.id");
    s->bindAll(rater, requestHash);
    while (s->step())
        out.push_back(readJudgeCall(*s));
    return out;
}

std::optional<model::JudgeCall> Study::answeredCall(std::string_view requestHash, int sampleIndex, Id preferredRater)
{
    if (m_blind)
        return std::nullopt;
    auto s = m_db.cached("SELECT " + std::string(kJudgeCallColumns)
                         + " FROM judge_calls c JOIN judge_runs r ON r.id = c.run_id "
                           "WHERE c.request_hash = ?1 AND c.sample_index = ?2 AND c.http_status = 200 AND "
                           "c.raw_response <> '' AND c.error = '' "
                           "ORDER BY r.rater_id <> ?3, c.id LIMIT 1");
    s->bindAll(requestHash, sampleIndex, preferredRater);
    if (!s->step())
        return std::nullopt;
    return readJudgeCall(*s);
}

std::vector<model::JudgeCall> Study::callsOfRater(Id rater, bool invalidOnly, Id after)
{
    std::vector<model::JudgeCall> out;
    if (m_blind) // judge records are kept from an annotator, as counts() shows
        return out;
    auto s = m_db.cached("SELECT " + std::string(kJudgeCallColumns)
                         + " FROM judge_calls c JOIN judge_runs r ON r.id = c.run_id "
                           "WHERE r.rater_id = ?1 AND (?2 = 0 OR c.valid = 0) AND c.id > ?3 ORDER BY c.id");
    s->bindAll(rater, invalidOnly ? 1 : 0, after);
    while (s->step())
        out.push_back(readJudgeCall(*s));
    return out;
}

std::vector<CallCountRow> Study::callCounts()
{
    std::vector<CallCountRow> out;
    auto s = m_db.cached(
        "SELECT r.rater_id, c.dimension_id, COUNT(*), SUM(CASE WHEN c.valid = 0 THEN 1 ELSE 0 END) "
        "FROM judge_calls c JOIN judge_runs r ON r.id = c.run_id "
        "GROUP BY r.rater_id, c.dimension_id ORDER BY r.rater_id, c.dimension_id IS NOT NULL, c.dimension_id");
    while (s->step())
        out.push_back({s->int64At(0), s->optionalInt64At(1), s->int64At(2), s->int64At(3)});
    return out;
}

std::vector<model::Candidate> Study::candidates()
{
    std::vector<model::Candidate> out;
    auto s = m_db.cached(m_blind ? "SELECT s.id, s.document_id, 0, s.text FROM documents d, "
                                   "LATERAL concord_summaries_of(d.id) s ORDER BY s.document_id, s.id"
                                 : "SELECT id, document_id, system_id, text FROM candidates ORDER BY document_id, "
                                   "system_id");
    while (s->step())
        out.push_back({s->int64At(0), s->int64At(1), s->int64At(2), s->textAt(3)});
    return out;
}

std::vector<std::pair<Id, Id>> Study::judgedCandidates()
{
    std::vector<std::pair<Id, Id>> out;
    auto s = m_db.cached("SELECT rater_id, candidate_id FROM ratings UNION SELECT rater_id, candidate_id FROM rankings "
                         "UNION SELECT rater_id, candidate_id FROM error_spans ORDER BY 1, 2");
    while (s->step())
        out.push_back({s->int64At(0), s->int64At(1)});
    return out;
}

std::optional<std::string> Study::info(std::string_view key)
{
    auto s = m_db.cached("SELECT value FROM study_info WHERE key = ?1");
    s->bindAll(key);
    if (!s->step())
        return std::nullopt;
    return s->textAt(0);
}

} // namespace concord::store
