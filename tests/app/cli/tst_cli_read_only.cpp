// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Reading a study changes nothing: after each read-only command the study's folder lists the same
// files and the study has the same bytes, also when the study file itself is read-only on disk.
#include "cli_run.h"
#include "study_fingerprint.h"
#include "test_paths.h"

#include "store/database.h"
#include "store/schema.h"
#include "store/study.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

using Run = concord::test::CliRun;

Run cli(const QStringList &args, const QString &workingDirectory)
{
    return concord::test::runCli(args, QProcessEnvironment::systemEnvironment(), workingDirectory);
}

QByteArray hashOf(const QString &path)
{
    return concord::test::sha256Of(path);
}

QStringList listing(const QString &folder)
{
    return QDir(folder).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDir::Name);
}

} // namespace

class TestCliReadOnly : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void readingLeavesNoTrace_data();
    void readingLeavesNoTrace();
    void olderStudyIsUpgradedOnRequest();

private:
    QTemporaryDir m_dir;
};

void TestCliReadOnly::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(QDir(m_dir.path()).mkdir(QStringLiteral("study")));
    QVERIFY(QDir(m_dir.path()).mkdir(QStringLiteral("out")));
    QCOMPARE(cli({QStringLiteral("demo"), QStringLiteral("study/s.concord")}, m_dir.path()).exitCode, 0);
}

void TestCliReadOnly::readingLeavesNoTrace_data()
{
    QTest::addColumn<QStringList>("args"); // after the command name, the study comes first
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<bool>("fileReadOnly");
    const QList<std::tuple<const char *, QStringList, int>> commands{
        {"info", {QStringLiteral("info")}, 0},
        {"info --json", {QStringLiteral("info"), QStringLiteral("--json")}, 0},
        {"stats",
         {QStringLiteral("stats"), QStringLiteral("--human"), QStringLiteral("expert"), QStringLiteral("--rater"),
          QStringLiteral("annotator_c")},
         0},
        {"stats --compare",
         {QStringLiteral("stats"), QStringLiteral("--human"), QStringLiteral("expert"), QStringLiteral("--rater"),
          QStringLiteral("annotator_c"), QStringLiteral("--compare"), QStringLiteral("annotator_a")},
         0},
        // The demo has no held-out split: --show prints none, stats --split fails; neither leaves anything behind.
        {"split --show", {QStringLiteral("split"), QStringLiteral("--show")}, 0},
        {"stats --split",
         {QStringLiteral("stats"), QStringLiteral("--human"), QStringLiteral("expert"), QStringLiteral("--rater"),
          QStringLiteral("annotator_c"), QStringLiteral("--split"), QStringLiteral("dev")},
         1},
        {"agreement",
         {QStringLiteral("agreement"), QStringLiteral("--group"), QStringLiteral("expert"),
          QStringLiteral("--dimension"), QStringLiteral("coherence")},
         0},
        // The demo has no pairwise verdicts: the command fails, and still leaves nothing behind.
        {"pairwise", {QStringLiteral("pairwise"), QStringLiteral("--human"), QStringLiteral("expert")}, 1},
        {"rank",
         {QStringLiteral("rank"), QStringLiteral("--dimension"), QStringLiteral("coherence"),
          QStringLiteral("--resamples"), QStringLiteral("50")},
         0},
        {"calibration",
         {QStringLiteral("calibration"), QStringLiteral("--rater"), QStringLiteral("annotator_c"),
          QStringLiteral("--human"), QStringLiteral("expert")},
         0},
        {"report",
         {QStringLiteral("report"), QStringLiteral("--human"), QStringLiteral("expert"), QStringLiteral("--bootstrap"),
          QStringLiteral("0")},
         0},
        {"export", {QStringLiteral("export"), QStringLiteral("out/all.csv")}, 0},
        {"export --items jsonl",
         {QStringLiteral("export"), QStringLiteral("out/all.jsonl"), QStringLiteral("--items")},
         0},
        {"export-package",
         {QStringLiteral("export-package"), QStringLiteral("out/c.concord"), QStringLiteral("--rater"),
          QStringLiteral("annotator_c")},
         0},
        {"calls", {QStringLiteral("calls"), QStringLiteral("--rater"), QStringLiteral("annotator_a")}, 0},
        {"check", {QStringLiteral("check")}, 0},
        {"judge --estimate",
         {QStringLiteral("judge"), QStringLiteral("--provider"), QStringLiteral("openai"), QStringLiteral("--base-url"),
          QStringLiteral("http://127.0.0.1:9/v1"), QStringLiteral("--model"), QStringLiteral("m"),
          QStringLiteral("--protocol"), QStringLiteral("rts"), QStringLiteral("--estimate")},
         0},
    };
    for (const bool readOnly : {false, true})
        for (const auto &[name, args, code] : commands)
            QTest::addRow("%s%s", name, readOnly ? ", study file read-only" : "") << args << code << readOnly;
}

void TestCliReadOnly::readingLeavesNoTrace()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(bool, fileReadOnly);
    const QString folder = m_dir.filePath(QStringLiteral("study"));
    const QString study = m_dir.filePath(QStringLiteral("study/s.concord"));
    for (const QString &old : listing(m_dir.filePath(QStringLiteral("out"))))
        QVERIFY(QFile::remove(m_dir.filePath(QStringLiteral("out/") + old)));
    // 0444 in a writable folder, as chmod leaves it (the owner may not write either).
    const QFile::Permissions writable = QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther;
    const QFile::Permissions readOnly = QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther;
    QVERIFY(QFile::setPermissions(study, fileReadOnly ? readOnly : writable));
    const QStringList before = listing(folder);
    QCOMPARE(before, QStringList{QStringLiteral("s.concord")});
    const QByteArray hash = hashOf(study);

    args.insert(1, QStringLiteral("study/s.concord"));
    const Run r = cli(args, m_dir.path());
    QVERIFY(QFile::setPermissions(study, writable));
    QVERIFY2(r.exitCode == exitCode, qPrintable(QStringLiteral("exit %1: %2").arg(r.exitCode).arg(r.err)));
    QCOMPARE(listing(folder), before);
    QCOMPARE(hashOf(study), hash);
    // What a writing command left in out/ is closed as well: a package has no -wal or -shm either.
    for (const QString &file : listing(m_dir.filePath(QStringLiteral("out"))))
        QVERIFY2(!file.endsWith(QStringLiteral("-wal")) && !file.endsWith(QStringLiteral("-shm")), qPrintable(file));
}

// A study in an older format is refused by a command that only reads, unchanged, with a message that says
// how to upgrade it; `upgrade` does it (keeping the file as it was beside it), and then the read works.
void TestCliReadOnly::olderStudyIsUpgradedOnRequest()
{
    using namespace concord::store;
    const QString folder = m_dir.filePath(QStringLiteral("old"));
    QVERIFY(QDir().mkpath(folder));
    const QString path = folder + QStringLiteral("/v2.concord");
    {
        Database db(path.toStdString(), Database::Mode::ReadWriteCreate);
        db.exec("PRAGMA journal_mode = WAL");
        db.exec(Schema::migrations()[0]);
        db.exec(Schema::migrations()[1]);
        db.exec("PRAGMA application_id = " + std::to_string(Schema::kApplicationId));
        db.exec("PRAGMA user_version = 2");
        db.exec("INSERT INTO documents (id, external_id, source) VALUES (1, 'd1', 'Source.');"
                "INSERT INTO systems (id, name) VALUES (1, 'A');"
                "INSERT INTO candidates (id, document_id, system_id, text) VALUES (1, 1, 1, 'a');"
                "INSERT INTO dimensions (id, name, kind) VALUES (1, 'coherence', 'likert');"
                "INSERT INTO raters (id, name, kind, grp) VALUES (1, 'alice', 'human', 'expert');"
                "INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) VALUES (1, 1, 1, 4);");
    }
    const QByteArray before = hashOf(path);
    const QStringList files = listing(folder);
    // What the study holds, from a copy (reading it for the fingerprint must not touch the original).
    const QString copy = m_dir.filePath(QStringLiteral("v2-copy.concord"));
    QVERIFY(QFile::copy(path, copy));
    const QByteArray content = concord::test::studyFingerprint(copy);
    QVERIFY(!content.isEmpty());

    const Run refused = cli({QStringLiteral("info"), path}, folder);
    QCOMPARE(refused.exitCode, 1);
    QVERIFY2(refused.err.contains(QStringLiteral("older study format (2)"))
                 && refused.err.contains(QStringLiteral("concord-cli upgrade")),
             qPrintable(refused.err));
    QCOMPARE(hashOf(path), before);
    QCOMPARE(listing(folder), files);

    const Run upgraded = cli({QStringLiteral("upgrade"), path}, folder);
    QVERIFY2(upgraded.exitCode == 0, qPrintable(upgraded.err));
    QVERIFY2(upgraded.out.contains(QStringLiteral("from study format 2 to %1").arg(Schema::currentVersion())),
             qPrintable(upgraded.out));
    QCOMPARE(concord::test::studyFingerprint(path + QStringLiteral(".v2.bak")), content);

    const Run info = cli({QStringLiteral("info"), path, QStringLiteral("--json")}, folder);
    QVERIFY2(info.exitCode == 0, qPrintable(info.err));
    auto study = Study::open(path.toStdString(), {true});
    QVERIFY(study.ok());
    QCOMPARE(study.value()->rating(1, 1, 1), std::optional<double>(4));

    const Run again = cli({QStringLiteral("upgrade"), path}, folder);
    QCOMPARE(again.exitCode, 0);
    QVERIFY2(again.out.contains(QStringLiteral("already in study format")), qPrintable(again.out));
}

QTEST_GUILESS_MAIN(TestCliReadOnly)
#include "tst_cli_read_only.moc"
