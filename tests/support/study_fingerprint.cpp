// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "study_fingerprint.h"

#include <QByteArrayList>
#include <QCryptographicHash>
#include <QSet>

#include <sqlite3.h>

#include <memory>

namespace concord::test {

namespace {

struct CloseDb {
    void operator()(sqlite3 *db) const { sqlite3_close_v2(db); }
};
struct Finalize {
    void operator()(sqlite3_stmt *s) const { sqlite3_finalize(s); }
};
using Db = std::unique_ptr<sqlite3, CloseDb>;
using Stmt = std::unique_ptr<sqlite3_stmt, Finalize>;

Db openDb(const QString &path)
{
    sqlite3 *raw = nullptr;
    const int rc = sqlite3_open_v2(path.toUtf8().constData(), &raw, SQLITE_OPEN_READWRITE, nullptr);
    Db db(raw);
    if (rc != SQLITE_OK) {
        qWarning("cannot open %s: %s", qPrintable(path), raw ? sqlite3_errmsg(raw) : sqlite3_errstr(rc));
        return nullptr;
    }
    sqlite3_busy_timeout(raw, 5000);
    return db;
}

Stmt prepare(sqlite3 *db, const QByteArray &sql)
{
    sqlite3_stmt *raw = nullptr;
    if (sqlite3_prepare_v2(db, sql.constData(), static_cast<int>(sql.size()), &raw, nullptr) != SQLITE_OK) {
        qWarning("cannot prepare %s: %s", sql.constData(), sqlite3_errmsg(db));
        return nullptr;
    }
    return Stmt(raw);
}

void addValue(QCryptographicHash &hash, sqlite3_stmt *s, int column)
{
    const int type = sqlite3_column_type(s, column);
    hash.addData(QByteArray::number(type));
    switch (type) {
    case SQLITE_INTEGER:
        hash.addData(QByteArray::number(sqlite3_column_int64(s, column)));
        break;
    case SQLITE_FLOAT:
        hash.addData(QByteArray::number(sqlite3_column_double(s, column), 'g', 17));
        break;
    case SQLITE_TEXT:
    case SQLITE_BLOB: {
        const auto *data = static_cast<const char *>(sqlite3_column_blob(s, column));
        const int size = sqlite3_column_bytes(s, column);
        hash.addData(QByteArray::number(size));
        hash.addData(QByteArray(data, size));
        break;
    }
    default:
        break;
    }
    hash.addData("|");
}

} // namespace

QByteArray studyFingerprint(const QString &path, const QStringList &leaveOut, RowOrder rowOrder)
{
    Db db = openDb(path);
    if (!db)
        return {};
    QCryptographicHash hash(QCryptographicHash::Sha256);
    QStringList tables;
    QSet<QString> keyed; // WITHOUT ROWID tables: read in the order of their primary key
    {
        Stmt s = prepare(db.get(), "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE "
                                   "'sqlite_%' ORDER BY name");
        if (!s)
            return {};
        while (sqlite3_step(s.get()) == SQLITE_ROW) {
            const QString table = QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(s.get(), 0)));
            if (!leaveOut.contains(table))
                tables << table;
            const char *sql = reinterpret_cast<const char *>(sqlite3_column_text(s.get(), 1));
            if (sql && QByteArray(sql).toUpper().contains("WITHOUT ROWID"))
                keyed << table;
            addValue(hash, s.get(), 1);
        }
    }
    for (const char *pragma : {"PRAGMA user_version", "PRAGMA application_id"}) {
        Stmt s = prepare(db.get(), pragma);
        if (!s || sqlite3_step(s.get()) != SQLITE_ROW)
            return {};
        addValue(hash, s.get(), 0);
    }
    for (const QString &table : tables) {
        QByteArray order = " ORDER BY rowid";
        if (keyed.contains(table) || rowOrder == RowOrder::Key) {
            QByteArrayList key;
            Stmt k = prepare(db.get(), "SELECT name FROM pragma_table_info(?1) WHERE pk > 0 ORDER BY pk");
            if (!k)
                return {};
            const QByteArray name = table.toUtf8();
            sqlite3_bind_text(k.get(), 1, name.constData(), static_cast<int>(name.size()), SQLITE_TRANSIENT);
            while (sqlite3_step(k.get()) == SQLITE_ROW)
                key << "\"" + QByteArray(reinterpret_cast<const char *>(sqlite3_column_text(k.get(), 0))) + "\"";
            if (!key.isEmpty())
                order = " ORDER BY " + key.join(", ");
        }
        Stmt s = prepare(db.get(), "SELECT * FROM \"" + table.toUtf8() + "\"" + order);
        if (!s)
            return {};
        hash.addData(table.toUtf8());
        const int columns = sqlite3_column_count(s.get());
        int rc = SQLITE_ROW;
        while ((rc = sqlite3_step(s.get())) == SQLITE_ROW) {
            for (int c = 0; c < columns; ++c)
                addValue(hash, s.get(), c);
            hash.addData("\n");
        }
        if (rc != SQLITE_DONE) {
            qWarning("cannot read %s: %s", qPrintable(table), sqlite3_errmsg(db.get()));
            return {};
        }
    }
    return hash.result().toHex();
}

QString restoreSummaryIds(const QString &pulled, const QString &original)
{
    Db db = openDb(pulled);
    if (!db)
        return QStringLiteral("cannot open ") + pulled;
    auto exec = [&](const QByteArray &sql) -> QString {
        char *message = nullptr;
        if (sqlite3_exec(db.get(), sql.constData(), nullptr, nullptr, &message) == SQLITE_OK)
            return {};
        const QString error
            = QString::fromUtf8(message ? message : "?") + QStringLiteral(" in: ") + QString::fromUtf8(sql);
        sqlite3_free(message);
        return error;
    };
    auto number = [&](const QByteArray &sql) -> long long {
        Stmt s = prepare(db.get(), sql);
        return s && sqlite3_step(s.get()) == SQLITE_ROW ? sqlite3_column_int64(s.get(), 0) : -1;
    };
    QString error = exec("PRAGMA foreign_keys = OFF");
    const QByteArray attached = original.toUtf8().replace('\'', "''");
    if (error.isEmpty())
        error = exec("ATTACH DATABASE '" + attached + "' AS original");
    if (error.isEmpty())
        error = exec("CREATE TEMP TABLE moved AS SELECT p.id AS now, o.id AS was FROM main.candidates p JOIN "
                     "original.candidates o ON o.document_id = p.document_id AND o.system_id = p.system_id");
    if (!error.isEmpty())
        return error;
    if (number("SELECT count(*) FROM temp.moved") != number("SELECT count(*) FROM main.candidates"))
        return QStringLiteral("a summary of the pulled study has no match in the original");
    // Every id a list holds must be one of the pulled study's summaries: publish renumbered it too.
    const long long stale = number(R"sql(
        SELECT count(*) FROM (
            SELECT e.value AS id FROM main.presentation_orders, json_each(shown_order) e
            UNION ALL SELECT e.value FROM main.judge_calls, json_each(unit, '$.candidates') e
                WHERE json_type(unit, '$.candidates') = 'array')
        WHERE id NOT IN (SELECT now FROM temp.moved))sql");
    if (stale != 0)
        return QStringLiteral("%1 ids in JSON lists are no summary of the pulled study").arg(stale);

    QByteArrayList statements{"BEGIN",
                              // Through negative ids, so that no two summaries hold one id on the way.
                              "UPDATE main.candidates SET id = -id",
                              "UPDATE main.candidates SET id = (SELECT was FROM temp.moved WHERE now = -id)"};
    {
        Stmt tables = prepare(db.get(), "SELECT m.name, f.\"from\" FROM main.sqlite_master m, "
                                        "pragma_foreign_key_list(m.name) f WHERE m.type = 'table' AND "
                                        "f.\"table\" = 'candidates'");
        if (!tables)
            return QStringLiteral("cannot list the references to summaries");
        while (sqlite3_step(tables.get()) == SQLITE_ROW) {
            const QByteArray table = reinterpret_cast<const char *>(sqlite3_column_text(tables.get(), 0));
            const QByteArray column = reinterpret_cast<const char *>(sqlite3_column_text(tables.get(), 1));
            statements << "UPDATE main.\"" + table + "\" SET \"" + column
                              + "\" = (SELECT was FROM temp.moved WHERE now = \"" + column + "\") WHERE \"" + column
                              + "\" IN (SELECT now FROM temp.moved)";
        }
    }
    statements << R"sql(UPDATE main.presentation_orders SET shown_order = (SELECT json_group_array(was) FROM (
                            SELECT m.was FROM json_each(shown_order) e JOIN temp.moved m ON m.now = e.value
                            ORDER BY e.key)))sql"
               << R"sql(UPDATE main.judge_calls SET unit = json_set(unit, '$.candidates', json((
                            SELECT json_group_array(was) FROM (
                                SELECT m.was FROM json_each(unit, '$.candidates') e JOIN temp.moved m ON m.now = e.value
                                ORDER BY e.key))))
                        WHERE json_type(unit, '$.candidates') = 'array')sql"
               << "COMMIT";
    for (const QByteArray &sql : statements)
        if (error = exec(sql); !error.isEmpty()) {
            exec("ROLLBACK");
            return error;
        }
    return {};
}

QString integrityCheck(const QString &path)
{
    Db db = openDb(path);
    if (!db)
        return QStringLiteral("cannot open the file");
    Stmt s = prepare(db.get(), "PRAGMA integrity_check");
    if (!s)
        return QString::fromUtf8(sqlite3_errmsg(db.get()));
    QStringList lines;
    int rc = SQLITE_ROW;
    while ((rc = sqlite3_step(s.get())) == SQLITE_ROW)
        lines << QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(s.get(), 0)));
    if (rc != SQLITE_DONE)
        lines << QString::fromUtf8(sqlite3_errmsg(db.get()));
    return lines.join(QLatin1Char('\n'));
}

long long countRows(const QString &path, const QString &sql)
{
    Db db = openDb(path);
    if (!db)
        return -1;
    Stmt s = prepare(db.get(), sql.toUtf8());
    if (!s || sqlite3_step(s.get()) != SQLITE_ROW) {
        qWarning("cannot count %s: %s", qPrintable(sql), sqlite3_errmsg(db.get()));
        return -1;
    }
    return sqlite3_column_int64(s.get(), 0);
}

} // namespace concord::test
