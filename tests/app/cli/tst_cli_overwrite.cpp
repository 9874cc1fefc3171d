// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli never writes an output file over the study it reads: not by another name for the same
// file, not onto the files SQLite keeps beside it. Each writing command is refused and the study stays.
#include "cli_run.h"
#include "test_paths.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

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

} // namespace

class TestCliOverwrite : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void writersRefuseTheStudy_data();
    void writersRefuseTheStudy();
    void writersStillWriteOtherFiles();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestCliOverwrite::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    const Run demo = cli({QStringLiteral("demo"), QStringLiteral("s.concord")}, m_dir->path());
    QCOMPARE(demo.exitCode, 0);
    QDir dir(m_dir->path());
    QVERIFY(dir.mkdir(QStringLiteral("sub")));
    QVERIFY(QFile::link(QStringLiteral("s.concord"), dir.filePath(QStringLiteral("link.csv"))));
    QVERIFY(QFile::link(m_dir->path(), dir.filePath(QStringLiteral("sub/up"))));
    QVERIFY(::link(qPrintable(dir.filePath(QStringLiteral("s.concord"))),
                   qPrintable(dir.filePath(QStringLiteral("hard.csv"))))
            == 0);
}

void TestCliOverwrite::writersRefuseTheStudy_data()
{
    QTest::addColumn<QStringList>("args"); // run in the study's folder
    QTest::addColumn<QString>("target");
    const QString s = QStringLiteral("s.concord");
    const auto exportTo = [&](const QString &out) {
        return QStringList{QStringLiteral("export"), s, out, QStringLiteral("--format"), QStringLiteral("csv")};
    };
    QTest::newRow("export onto itself") << exportTo(s) << s;
    QTest::newRow("export onto ./") << exportTo(QStringLiteral("./s.concord")) << QStringLiteral("./s.concord");
    QTest::newRow("export onto ..") << exportTo(QStringLiteral("sub/../s.concord"))
                                    << QStringLiteral("sub/../s.concord");
    QTest::newRow("export onto a hard link") << exportTo(QStringLiteral("hard.csv")) << QStringLiteral("hard.csv");
    QTest::newRow("export onto a symlink") << exportTo(QStringLiteral("link.csv")) << QStringLiteral("link.csv");
    QTest::newRow("export through a symlinked folder")
        << exportTo(QStringLiteral("sub/up/s.concord")) << QStringLiteral("sub/up/s.concord");
    QTest::newRow("export onto -wal") << exportTo(QStringLiteral("s.concord-wal")) << QStringLiteral("s.concord-wal");
    QTest::newRow("export onto -shm") << exportTo(QStringLiteral("s.concord-shm")) << QStringLiteral("s.concord-shm");
    QTest::newRow("export jsonl --items onto itself")
        << QStringList{QStringLiteral("export"), s, s, QStringLiteral("--format"), QStringLiteral("jsonl"),
                       QStringLiteral("--items")}
        << s;
    QTest::newRow("export-package onto -journal")
        << QStringList{QStringLiteral("export-package"), s, QStringLiteral("s.concord-journal"),
                       QStringLiteral("--rater"), QStringLiteral("annotator_c")}
        << QStringLiteral("s.concord-journal");
    QTest::newRow("export-package onto -wal through a symlinked folder")
        << QStringList{QStringLiteral("export-package"), s, QStringLiteral("sub/up/s.concord-wal"),
                       QStringLiteral("--rater"), QStringLiteral("annotator_c")}
        << QStringLiteral("sub/up/s.concord-wal");
    QTest::newRow("new as -wal") << QStringList{QStringLiteral("new"), QStringLiteral("s.concord-wal")}
                                 << QStringLiteral("s.concord-wal");
    QTest::newRow("demo as -shm") << QStringList{QStringLiteral("demo"), QStringLiteral("s.concord-shm")}
                                  << QStringLiteral("s.concord-shm");
}

void TestCliOverwrite::writersRefuseTheStudy()
{
    QFETCH(QStringList, args);
    QFETCH(QString, target);
    const QDir dir(m_dir->path());
    const QByteArray before = hashOf(dir.filePath(QStringLiteral("s.concord")));
    const QStringList filesBefore = dir.entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::System, QDir::Name);
    const Run r = cli(args, m_dir->path());
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.startsWith(QStringLiteral("concord-cli: ")), qPrintable(r.err));
    QVERIFY2(r.err.contains(target), qPrintable(r.err));
    QCOMPARE(r.err.count(QLatin1Char('\n')), 1);
    QVERIFY(!r.out.contains(QStringLiteral("wrote")));
    QCOMPARE(hashOf(dir.filePath(QStringLiteral("s.concord"))), before);
    QCOMPARE(dir.entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::System, QDir::Name), filesBefore);
    const Run info = cli({QStringLiteral("info"), QStringLiteral("s.concord")}, m_dir->path());
    QCOMPARE(info.exitCode, 0);
}

void TestCliOverwrite::writersStillWriteOtherFiles()
{
    const Run exported
        = cli({QStringLiteral("export"), QStringLiteral("s.concord"), QStringLiteral("sub/up/s.csv")}, m_dir->path());
    QCOMPARE(exported.exitCode, 0);
    QVERIFY(QFile::exists(QDir(m_dir->path()).filePath(QStringLiteral("s.csv"))));
    const Run package = cli({QStringLiteral("export-package"), QStringLiteral("s.concord"), QStringLiteral("c.concord"),
                             QStringLiteral("--rater"), QStringLiteral("annotator_c")},
                            m_dir->path());
    QCOMPARE(package.exitCode, 0);
    const Run created = cli({QStringLiteral("new"), QStringLiteral("t.concord-wal")}, m_dir->path());
    QCOMPARE(created.exitCode, 0);
}

QTEST_GUILESS_MAIN(TestCliOverwrite)
#include "tst_cli_overwrite.moc"
