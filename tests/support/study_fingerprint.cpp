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
