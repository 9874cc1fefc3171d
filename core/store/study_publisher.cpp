// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/study_publisher.h"

#include "store/bytea_text.h"
#include "store/candidate_renumbering.h"
#include "store/connection_uri.h"
#include "store/database.h"
#include "store/open_databases.h"
#include "store/pg_connection.h"
#include "store/pg_copy_in.h"
#include "store/pg_schema.h"
#include "store/pg_team.h"
#include "store/pg_transaction.h"
#include "store/schema.h"
#include "store/study.h"
#include "store/study_files.h"
#include "store/study_tables.h"
#include "store/transaction.h"

#include <sqlite3.h>

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <unistd.h>

namespace concord::store {

namespace fs = std::filesystem;

namespace {

// Rows between two looks at the cancel flag and two progress reports.
constexpr std::int64_t kStep = 2048;
// Rows a pull fetches from its cursor at once.
constexpr int kFetch = 10000;

std::string columnList(const StudyTable &table)
{
    std::string out;
    for (const StudyColumn &column : table.columns)
        out += (out.empty() ? "" : ", ") + StudyTables::quoted(column.name);
    return out;
}

std::string keyOrder(const StudyTable &table)
{
    std::string out;
    for (const std::string &column : table.key)
        out += (out.empty() ? "" : ", ") + StudyTables::quoted(column);
    return out.empty() ? std::string() : " ORDER BY " + out;
}

// Counts rows and tells the caller, and stops the copy when asked to.
class Tally {
public:
    Tally(const StudyPublisher::Progress &progress, const std::atomic<bool> *cancel)
        : m_progress(progress)
        , m_cancel(cancel)
    { }

    void setTotal(std::int64_t total) { m_total = total; }
    std::int64_t done() const { return m_done; }

    void row()
    {
        if (++m_done % kStep == 0)
            report();
    }

    void report()
    {
        if (m_cancel && m_cancel->load())
            fail(StudyPublisher::cancelledMessage());
        if (m_progress)
            m_progress(m_done, m_total);
    }

private:
    const StudyPublisher::Progress &m_progress;
    const std::atomic<bool> *m_cancel;
    std::int64_t m_total = 0;
    std::int64_t m_done = 0;
};

void copyTableOut(Database &db, PgConnection &pg, const StudyTable &table, const CandidateRenumbering &renumbering,
                  Tally &tally)
{
    using Holds = CandidateRenumbering::Holds;
    PgCopyIn copy(pg, "COPY " + StudyTables::quoted(table.name) + " (" + columnList(table) + ") FROM STDIN");
    auto rows
        = db.prepare("SELECT " + columnList(table) + " FROM " + StudyTables::quoted(table.name) + keyOrder(table));
    const std::vector<Holds> holds = renumbering.columnsOf(db, table);
    const int columns = static_cast<int>(table.columns.size());
    while (rows.step()) {
        sqlite3_stmt *s = rows.handle();
        for (int c = 0; c < columns; ++c) {
            const Holds held = holds[static_cast<std::size_t>(c)];
            switch (sqlite3_column_type(s, c)) {
            case SQLITE_NULL:
                copy.addNull();
                break;
            case SQLITE_INTEGER:
                copy.addInteger(held == Holds::Id ? renumbering.id(sqlite3_column_int64(s, c))
                                                  : sqlite3_column_int64(s, c));
                break;
            case SQLITE_FLOAT:
                copy.addReal(sqlite3_column_double(s, c));
                break;
            case SQLITE_BLOB: {
                const auto *bytes = static_cast<const char *>(sqlite3_column_blob(s, c));
                const std::string_view value(bytes ? bytes : "", static_cast<std::size_t>(sqlite3_column_bytes(s, c)));
                copy.addText(ByteaText::fromBytes(held == Holds::PlanPool ? renumbering.pool(value) : value));
                break;
            }
            default: {
                const auto *text = static_cast<const char *>(sqlite3_column_blob(s, c));
                const std::string_view value(text ? text : "", static_cast<std::size_t>(sqlite3_column_bytes(s, c)));
                if (held == Holds::IdList || held == Holds::Unit)
                    copy.addText(renumbering.text(held, value));
                else
                    copy.addText(value);
            }
            }
        }
        copy.endRow();
        tally.row();
    }
    copy.finish();
    if (!table.identity.empty()) {
        // Rows came with their ids: the next id drawn must come after them, as SQLite's would.
        pg.query("SELECT setval(pg_get_serial_sequence($1, $2), COALESCE(max(" + StudyTables::quoted(table.identity)
                     + "), 0) + 1, false) FROM " + StudyTables::quoted(table.name),
                 {StudyTables::quoted(table.name), table.identity});
    }
}

void bindValue(Statement &insert, int index, const PgResult &rows, int row, int column, StudyColumn::Type type,
               const std::string &where)
{
    if (rows.isNull(row, column)) {
        insert.bind(index, nullptr);
        return;
    }
    const std::string_view text = rows.text(row, column);
    switch (type) {
    case StudyColumn::Type::Integer: {
        std::int64_t value = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (ec != std::errc() || end != text.data() + text.size())
            fail(where + ": '" + std::string(text) + "' is not an integer");
        insert.bind(index, value);
        break;
    }
    case StudyColumn::Type::Real: {
        double value = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (ec != std::errc() || end != text.data() + text.size())
            fail(where + ": '" + std::string(text) + "' is not a number");
        insert.bind(index, value);
        break;
    }
    case StudyColumn::Type::Text:
        insert.bind(index, text);
        break;
    case StudyColumn::Type::Blob:
        try {
            insert.bindBlob(index, ByteaText::toBytes(text));
        } catch (const Failure &bad) {
            fail(where + ": " + bad.error().message);
        }
        break;
    }
}

void copyTableIn(PgConnection &pg, Database &db, const StudyTable &table, Tally &tally)
{
    std::string placeholders;
    for (std::size_t i = 1; i <= table.columns.size(); ++i)
        placeholders += (i > 1 ? ", ?" : "?") + std::to_string(i);
    auto insert = db.prepare("INSERT INTO " + StudyTables::quoted(table.name) + " (" + columnList(table) + ") VALUES ("
                             + placeholders + ")");
    // A cursor, so a table of millions of rows is never held in memory at once.
    pg.query("DECLARE concord_pull NO SCROLL CURSOR FOR SELECT " + columnList(table) + " FROM "
             + StudyTables::quoted(table.name) + keyOrder(table));
    const std::string fetch = "FETCH FORWARD " + std::to_string(kFetch) + " FROM concord_pull";
    for (;;) {
        const PgResult rows = pg.query(fetch);
        if (rows.rows() == 0)
            break;
        for (int row = 0; row < rows.rows(); ++row) {
            for (int c = 0; c < static_cast<int>(table.columns.size()); ++c)
                bindValue(insert, c + 1, rows, row, c, table.columns[static_cast<std::size_t>(c)].type,
                          "table " + table.name + ", column " + table.columns[static_cast<std::size_t>(c)].name);
            insert.run();
            insert.reset();
            tally.row();
        }
    }
    pg.query("CLOSE concord_pull");
}

// The temporary study beside the target: removed with its SQLite files unless it was renamed into place.
class TemporaryStudyPath {
public:
    explicit TemporaryStudyPath(const std::string &target)
    {
        std::string name = target + ".pull-XXXXXX";
        const int fd = ::mkstemp(name.data());
        if (fd < 0)
            fail("cannot write " + target + ": " + std::strerror(errno));
        ::close(fd);
        // Study::create makes the file itself; the name stays ours meanwhile in practice.
        ::unlink(name.c_str());
        m_path = name;
    }
    ~TemporaryStudyPath()
    {
        if (m_kept)
            return;
        std::error_code ec;
        fs::remove(m_path, ec);
        for (const std::string_view suffix : StudyFiles::kSidecarSuffixes)
            fs::remove(m_path + std::string(suffix), ec);
    }
    TemporaryStudyPath(const TemporaryStudyPath &) = delete;
    TemporaryStudyPath &operator=(const TemporaryStudyPath &) = delete;

    const std::string &path() const { return m_path; }
    void keep() { m_kept = true; }

private:
    std::string m_path;
    bool m_kept = false;
};

void syncFolderOf(const std::string &path)
{
    const std::string folder = fs::absolute(path).parent_path().string();
    const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY);
    if (fd >= 0) {
        ::fsync(fd);
        ::close(fd);
    }
}

// A message never shows the connection's password, not even one the server or libpq quoted.
template <typename T> Result<T> redacted(Result<T> result, const std::string &connection)
{
    if (result.ok())
        return result;
    Error error = result.error();
    error.message = redactPassword(error.message, connection);
    return error;
}

} // namespace

const std::string &StudyPublisher::cancelledMessage()
{
    static const std::string message = "cancelled; nothing was written";
    return message;
}

Result<CopyReport> StudyPublisher::publish(const std::string &studyPath, const std::string &connection,
                                           const Progress &progress, const std::atomic<bool> *cancel)
{
    return redacted(capture([&]() -> CopyReport {
                        OpenOptions options;
                        options.readOnly = true;
                        auto opened = Study::open(studyPath, options);
                        if (!opened)
                            throw Failure(opened.error());
                        Database &db = opened.value()->database();
                        PgConnection pg(connection);
                        if (const auto version = PgSchema::version(pg))
                            fail("PostgreSQL at " + pg.display() + " already holds a Concord study (schema version "
                                 + std::to_string(*version) + "); publish needs a database without one");

                        // One read transaction on the file: every table from the same state of the study.
                        db.exec("SAVEPOINT concord_publish");
                        struct EndRead {
                            Database &db;
                            ~EndRead()
                            {
                                try {
                                    db.exec("RELEASE concord_publish");
                                } catch (...) { }
                            }
                        } endRead{db};
                        const std::vector<StudyTable> tables = StudyTables::of(db);
                        Tally tally(progress, cancel);
                        std::int64_t total = 0;
                        for (const StudyTable &table : tables) {
                            auto count = db.prepare("SELECT count(*) FROM " + StudyTables::quoted(table.name));
                            count.step();
                            total += count.int64At(0);
                        }
                        tally.setTotal(total);
                        tally.report();

                        PgTransaction transaction(pg);
                        // The access rules' DDL notes what it skips; a person needs none of that on stderr.
                        pg.query("SET LOCAL client_min_messages = warning");
                        PgSchema::create(pg);
                        StudyTables::checkSame(pg, tables);
                        const CandidateRenumbering renumbering(db);
                        for (const StudyTable &table : tables) {
                            copyTableOut(db, pg, table, renumbering, tally);
                            tally.report();
                        }
                        try {
                            PgSchema::createAccessRules(pg);
                        } catch (const Failure &failure) {
                            fail(failure.error().message
                                 + " (publish sets up the team's roles concord_lead and concord_annotator: it needs a "
                                   "role that may create roles, CREATEROLE, unless both exist already)");
                        }
                        tally.report();
                        transaction.commit();
                        return CopyReport{static_cast<std::int64_t>(tables.size()), tally.done()};
                    }),
                    connection);
}

Result<CopyReport> StudyPublisher::pull(const std::string &connection, const std::string &outPath, bool replace,
                                        const Progress &progress, const std::atomic<bool> *cancel)
{
    return redacted(
        capture([&]() -> CopyReport {
            if (outPath.empty())
                fail("no study file to pull into");
            std::error_code ec;
            if (fs::exists(outPath, ec)) {
                if (!replace)
                    fail("cannot create " + outPath + ": a file with that name already exists");
                if (fs::is_directory(outPath, ec))
                    fail("cannot create " + outPath + ": it is a folder");
                // Replaced under a connection of this process, the study would go on being written to a file
                // without a name.
                if (!OpenDatabases::holderOf(outPath).empty())
                    fail("cannot replace " + outPath + ": it is open in Concord; close it first");
                // A log beside the file would be read into the new study as if it were its own.
                for (const std::string_view suffix : StudyFiles::kSidecarSuffixes)
                    if (fs::exists(outPath + std::string(suffix), ec))
                        fail("cannot replace " + outPath + ": it is open or was not closed cleanly (" + outPath
                             + std::string(suffix) + " is beside it)");
            }
            if (const Status name = StudyFiles::checkNewStudyPath(outPath); !name)
                throw Failure(name.error());

            PgConnection pg(connection);
            PgTransaction transaction(pg);
            // One snapshot of the whole study, whatever the team writes meanwhile.
            pg.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
            // Doubles as text that reads back as the same double, on servers before 12 too.
            pg.query("SET LOCAL extra_float_digits = 3");
            const auto version = PgSchema::version(pg);
            if (!version)
                fail("PostgreSQL at " + pg.display() + " holds no Concord study");
            if (*version != Schema::currentVersion())
                fail("PostgreSQL at " + pg.display() + " holds a study of schema version " + std::to_string(*version)
                     + "; this Concord writes study files of version " + std::to_string(Schema::currentVersion()));
            // Said before the first table the server would refuse, in words of what the annotator may do.
            if (const TeamLogin login = PgTeam::login(pg); login.annotator)
                fail("PostgreSQL at " + pg.display() + ": '" + login.name
                     + "' is an annotator of this team study, and a pull copies the whole study (which system wrote "
                       "each summary, every rater's judgements, the judge records), which only a lead may read; "
                       "annotate it in the window (concord URI), and ask a lead for a study file (concord-cli pull) "
                       "or an annotator package (concord-cli export-package)");

            TemporaryStudyPath temporary(outPath);
            {
                auto created = Study::create(temporary.path());
                if (!created)
                    throw Failure(created.error());
                std::unique_ptr<Study> study = std::move(created).value();
                Database &db = study->database();
                const std::vector<StudyTable> tables = StudyTables::of(db);
                StudyTables::checkSame(pg, tables);
                Tally tally(progress, cancel);
                std::int64_t total = 0;
                for (const StudyTable &table : tables)
                    total += pg.query("SELECT count(*) FROM " + StudyTables::quoted(table.name)).integer(0, 0);
                tally.setTotal(total);
                tally.report();
                Transaction write(db);
                // The new file's own facts (when it was made) give way to the study's.
                db.exec("DELETE FROM study_info");
                for (const StudyTable &table : tables) {
                    copyTableIn(pg, db, table, tally);
                    tally.report();
                }
                write.commit();
                transaction.commit();
                const CopyReport report{static_cast<std::int64_t>(tables.size()), tally.done()};
                study.reset(); // closed: the log is checkpointed into the file and removed
                if (std::rename(temporary.path().c_str(), outPath.c_str()) != 0)
                    fail("cannot write " + outPath + ": " + std::strerror(errno));
                temporary.keep();
                syncFolderOf(outPath);
                return report;
            }
        }),
        connection);
}

} // namespace concord::store
