// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// A damaged study never makes concord-cli abort: every command says what is wrong in one line with
// a documented exit code, and `check` names the damage (exit 0 healthy, 3 damaged).
#include "cli_run.h"
#include "test_paths.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

namespace {

constexpr int kExitFailure = 1;
constexpr int kExitDamaged = 3;

using Run = concord::test::CliRun;

Run cli(const QStringList &args)
{
    return concord::test::runCli(args);
}

bool exec(const QString &study, const char *sql)
{
    sqlite3 *db = nullptr;
    bool ok = sqlite3_open(qPrintable(study), &db) == SQLITE_OK
              && sqlite3_exec(db, sql, nullptr, nullptr, nullptr) == SQLITE_OK;
    sqlite3_close(db);
    return ok;
}

// The first page of a table's b-tree.
int rootPage(const QString &study, const char *table)
{
    sqlite3 *db = nullptr;
    int page = 0;
    sqlite3_stmt *stmt = nullptr;
    if (sqlite3_open_v2(qPrintable(study), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK
        && sqlite3_prepare_v2(db, "SELECT rootpage FROM sqlite_schema WHERE name = ?1", -1, &stmt, nullptr)
               == SQLITE_OK) {
        sqlite3_bind_text(stmt, 1, table, -1, SQLITE_STATIC);
        if (sqlite3_step(stmt) == SQLITE_ROW)
            page = sqlite3_column_int(stmt, 0);
    }
    sqlite3_finalize(stmt);
    sqlite3_close(db);
    return page;
}

void expectOneLine(const Run &r, int exitCode)
{
    QVERIFY2(r.exitCode == exitCode, qPrintable(QStringLiteral("exit %1, stderr: %2").arg(r.exitCode).arg(r.err)));
    QVERIFY2(r.err.startsWith(QStringLiteral("concord-cli: ")), qPrintable(r.err));
    QCOMPARE(r.err.count(QLatin1Char('\n')), 1);
}

} // namespace

class TestCliFailures : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void missingTable_data();
    void missingTable();
    void checkHealthy();
    void checkMissingTableAndColumn();
    void checkNamesRowsThatBreakARule();
    void checkAndWriteOnADamagedPage();
    void checkWhatIsNotAStudy();

private:
    QString demoCopy(const QString &name);

    QTemporaryDir m_dir;
    QString m_demo;
};

void TestCliFailures::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_demo = m_dir.filePath(QStringLiteral("demo.concord"));
    QCOMPARE(cli({QStringLiteral("demo"), m_demo}).exitCode, 0);
}

QString TestCliFailures::demoCopy(const QString &name)
{
    const QString path = m_dir.filePath(name);
    QFile::remove(path);
    if (!QFile::copy(m_demo, path))
        return {};
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    return path;
}

void TestCliFailures::missingTable_data()
{
    QTest::addColumn<QStringList>("args"); // after the command name and the study
    QTest::newRow("info") << QStringList{QStringLiteral("info")};
    QTest::newRow("info --json") << QStringList{QStringLiteral("info"), QStringLiteral("--json")};
    QTest::newRow("stats") << QStringList{QStringLiteral("stats"), QStringLiteral("--human"), QStringLiteral("expert"),
                                          QStringLiteral("--rater"), QStringLiteral("annotator_c")};
    QTest::newRow("export") << QStringList{QStringLiteral("export"), QStringLiteral("OUT")};
    QTest::newRow("agreement") << QStringList{QStringLiteral("agreement"), QStringLiteral("--group"),
                                              QStringLiteral("expert"), QStringLiteral("--dimension"),
                                              QStringLiteral("coherence")};
}

void TestCliFailures::missingTable()
{
    QFETCH(QStringList, args);
    const QString study = demoCopy(QStringLiteral("dropped.concord"));
    QVERIFY(exec(study, "PRAGMA foreign_keys = OFF; DROP TABLE ratings;"));
    args.insert(1, study);
    const QString out = m_dir.filePath(QStringLiteral("out.csv"));
    args.replaceInStrings(QStringLiteral("OUT"), out);
    const Run r = cli(args);
    expectOneLine(r, kExitFailure);
    QVERIFY2(r.err.contains(QStringLiteral("ratings")), qPrintable(r.err));
    QVERIFY(!QFile::exists(out));
}

void TestCliFailures::checkHealthy()
{
    const Run r = cli({QStringLiteral("check"), m_demo});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY(r.err.isEmpty());
    QVERIFY2(r.out.contains(QStringLiteral("no damage found")), qPrintable(r.out));
}

void TestCliFailures::checkMissingTableAndColumn()
{
    const QString study = demoCopy(QStringLiteral("schema.concord"));
    // SQLite drops a table only with the triggers of other tables that name it (documents' rule on marks).
    QVERIFY(exec(study, "PRAGMA foreign_keys = OFF; DROP TRIGGER document_keeps_its_units; DROP TABLE unit_marks; "
                        "DROP INDEX ratings_by_candidate; ALTER TABLE explanations DROP COLUMN text;"));
    const Run r = cli({QStringLiteral("check"), study});
    expectOneLine(r, kExitDamaged);
    QVERIFY2(r.err.contains(QStringLiteral("4 problems")), qPrintable(r.err));
    const QStringList lines = r.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines, (QStringList{QStringLiteral("table explanations has no column text"),
                                 QStringLiteral("table unit_marks is missing"),
                                 QStringLiteral("index ratings_by_candidate of table ratings is missing"),
                                 QStringLiteral("trigger document_keeps_its_units of table documents is missing: the "
                                                "file no longer keeps one of the data rules")}));
}

void TestCliFailures::checkNamesRowsThatBreakARule()
{
    // Another program writes around the file's rules: it drops the trigger and stores a 9 on a 1-5 scale.
    const QString study = demoCopy(QStringLiteral("rules.concord"));
    QVERIFY(exec(study, "DROP TRIGGER rating_in_scale_update; UPDATE ratings SET value = 9 WHERE rater_id = 1 AND "
                        "candidate_id = 1 AND dimension_id = 1;"));
    const Run r = cli({QStringLiteral("check"), study});
    expectOneLine(r, kExitDamaged);
    QVERIFY2(r.err.contains(QStringLiteral("2 problems")), qPrintable(r.err));
    const QStringList lines = r.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines,
             (QStringList{QStringLiteral("trigger rating_in_scale_update of table ratings is missing: the file "
                                         "no longer keeps one of the data rules"),
                          QStringLiteral("table ratings, row rater_id 1, candidate_id 1, dimension_id 1: rating 9 "
                                         "by 'annotator_a' is outside the scale of dimension 'coherence' (1 to "
                                         "5)")}));
}

void TestCliFailures::checkAndWriteOnADamagedPage()
{
    const QString study = demoCopy(QStringLiteral("damaged.concord"));
    const int page = rootPage(study, "ratings");
    QVERIFY(page > 1);
    {
        // The b-tree page header of the ratings table, in the middle of the file, overwritten.
        QFile file(study);
        QVERIFY(file.open(QIODevice::ReadWrite));
        QVERIFY(file.seek(static_cast<qint64>(page - 1) * 4096));
        QCOMPARE(file.write(QByteArray(64, '\xff')), 64);
    }
    const Run checked = cli({QStringLiteral("check"), study});
    expectOneLine(checked, kExitDamaged);
    QVERIFY2(checked.out.contains(QStringLiteral("integrity check: Page %1").arg(page)), qPrintable(checked.out));

    // A write that needs the damaged page fails cleanly and says the study is damaged.
    const QString csv = m_dir.filePath(QStringLiteral("more.csv"));
    {
        QFile file(csv);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("doc_id,system,dimension,rater,value\ndemo-08,extractive-lead,coherence,annotator_c,4\n");
    }
    const Run imported = cli({QStringLiteral("import"), study, QStringLiteral("--format"), QStringLiteral("csv"), csv});
    expectOneLine(imported, kExitFailure);
    QVERIFY2(imported.err.contains(QStringLiteral("damaged")), qPrintable(imported.err));
    const Run export_ = cli({QStringLiteral("export"), study, m_dir.filePath(QStringLiteral("damaged.csv"))});
    expectOneLine(export_, kExitFailure);
}

void TestCliFailures::checkWhatIsNotAStudy()
{
    const Run missing = cli({QStringLiteral("check"), m_dir.filePath(QStringLiteral("nothing.concord"))});
    expectOneLine(missing, kExitFailure);
    const Run usage = cli({QStringLiteral("check")});
    expectOneLine(usage, 2);
}

QTEST_GUILESS_MAIN(TestCliFailures)
#include "tst_cli_failures.moc"
