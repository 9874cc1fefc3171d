// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace concord::test {

// A hash of everything a study file holds: every row of every table in rowid order, each value with
// its type, and the schema version. Two studies with the same fingerprint hold the same data, so a
// study after a failed or killed write can be compared with the study before and after it.
// Opens its own connection read-write (a killed writer's WAL is recovered as any reader would);
// empty when the file cannot be read. Tables named in leaveOut are not part of it (study_info, say,
// for two files written at different times).
// RowOrder::Key reads every table in the order of its primary key instead of its rowid: the same for two
// files that hold the same rows stored in another order (a study pulled from PostgreSQL, which keeps no
// insertion order; Concord reads every table with an ORDER BY of its own).
enum class RowOrder { Stored, Key };
QByteArray studyFingerprint(const QString &path, const QStringList &leaveOut = {}, RowOrder order = RowOrder::Stored);

// A study published to PostgreSQL and pulled back holds its summaries under the ids publishing drew for
// them at random. This gives the pulled file's summaries the original's ids again, matched by document and
// system, wherever ids of summaries are held (the columns referring to them, the JSON lists of presentation
// orders and of judge calls' units), so that the two can be compared whole with studyFingerprint. Empty when
// done; otherwise what did not match, such as an id in a list that is no summary of the pulled file.
QString restoreSummaryIds(const QString &pulled, const QString &original);

// SQLite's PRAGMA integrity_check: "ok" for a sound file, otherwise what it found (or why it could
// not look).
QString integrityCheck(const QString &path);

// The number of rows the SQL query's first column counts (or -1 with a warning when it fails).
long long countRows(const QString &path, const QString &sql);

} // namespace concord::test
