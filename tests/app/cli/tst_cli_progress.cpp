// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli's progress line for long imports: on stderr, one line redrawn with '\r' and cleared at
// the end, only on a terminal or with --progress; what scripts capture (stdout, and stderr when it is
// not a terminal) stays as it was.
#include "cli_run.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

namespace {

using concord::test::runCli;

void writeFile(const QString &path, const QByteArray &content)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(content), content.size());
}

// Documents x systems as CSV, a few MiB: several of the readers' blocks.
QByteArray table(int documents, int systems)
{
    QByteArray csv = "doc_id,article,system,summary\n";
    for (int d = 0; d < documents; ++d) {
        QByteArray article;
        for (int w = 0; w < 90; ++w)
            article += QByteArray::number((d * 131 + w * 17) % 997) + ' ';
        for (int s = 0; s < systems; ++s)
            csv += "d" + QByteArray::number(d) + "," + article.trimmed() + ",sys" + QByteArray::number(s)
                   + ",A summary of " + QByteArray::number(d) + " by " + QByteArray::number(s) + ".\n";
    }
    return csv;
}

// Every drawing of the line, then the line cleared: what a terminal shows while the import runs.
const QRegularExpression &progressOutput()
{
    static const QRegularExpression re(
        QStringLiteral(R"(^(\rimporting: +\d{1,3}% \(\d+\.\d of \d+\.\d MB, \d+\.\d MB/s, \d+ rows/s\) *)+\r +\r)"));
    return re;
}

} // namespace

class TestCliProgress : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void importDrawsTheLineWhenAsked_data();
    void importDrawsTheLineWhenAsked();
    void importJudgementsDrawsTheLineWhenAsked();
    void aFailureIsSaidOnAClearedLine();
    void helpNamesTheOption_data();
    void helpNamesTheOption();

private:
    QString freshStudy();

    QTemporaryDir m_dir;
    QString m_table;
    int m_studies = 0;
};

void TestCliProgress::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_table = m_dir.filePath(QStringLiteral("items.csv"));
    writeFile(m_table, table(800, 10));
}

QString TestCliProgress::freshStudy()
{
    const QString path = m_dir.filePath(QStringLiteral("study-%1.concord").arg(++m_studies));
    const auto r = runCli({QStringLiteral("new"), path});
    if (r.exitCode != 0)
        qFatal("cannot create a study: %s", qPrintable(r.err));
    return path;
}

void TestCliProgress::importDrawsTheLineWhenAsked_data()
{
    QTest::addColumn<bool>("forced");
    QTest::newRow("--progress") << true;
    // QProcess's stderr is a pipe, as in every script: no line.
    QTest::newRow("not a terminal") << false;
}

void TestCliProgress::importDrawsTheLineWhenAsked()
{
    QFETCH(bool, forced);
    QStringList args{QStringLiteral("import"), freshStudy(), m_table, QStringLiteral("--format"),
                     QStringLiteral("csv")};
    if (forced)
        args << QStringLiteral("--progress");
    const auto r = runCli(args);
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    // The report on stdout is the same either way.
    QCOMPARE(r.out, QStringLiteral("added 800 documents, 10 systems, 8000 candidates, 0 dimensions, 0 raters, 0 "
                                   "ratings\n"));
    if (!forced) {
        QCOMPARE(r.err, QString());
        return;
    }
    const auto match = progressOutput().match(r.err);
    QVERIFY2(match.hasMatch(), qPrintable(QString(r.err).replace(QLatin1Char('\r'), QStringLiteral("<CR>"))));
    QCOMPARE(match.capturedLength(), r.err.size());
    // Read to the end: the last drawing says 100%, after the percentages that came before it.
    const QStringList lines = r.err.split(QLatin1Char('\r'), Qt::SkipEmptyParts);
    QVERIFY2(lines.size() >= 2, qPrintable(r.err));
    QVERIFY2(lines.at(lines.size() - 2).startsWith(QStringLiteral("importing: 100% (")), qPrintable(r.err));
    QVERIFY(!r.err.contains(QLatin1Char('\n')));
}

void TestCliProgress::importJudgementsDrawsTheLineWhenAsked()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString study = dir.filePath(QStringLiteral("demo.concord"));
    QCOMPARE(runCli({QStringLiteral("demo"), study}).exitCode, 0);
    const QString file = dir.filePath(QStringLiteral("published.jsonl"));
    writeFile(file, "{\"doc_id\": \"demo-01\", \"system\": \"extractive-lead\", \"dimension\": \"coherence\", "
                    "\"response\": \"Score: 5\"}\n");
    const QStringList args{QStringLiteral("import-judgements"),
                           study,
                           file,
                           QStringLiteral("--protocol"),
                           QStringLiteral("rts"),
                           QStringLiteral("--rater")};
    const auto forced = runCli(args + QStringList{QStringLiteral("forced"), QStringLiteral("--progress")});
    QVERIFY2(forced.exitCode == 0, qPrintable(forced.err));
    QCOMPARE(forced.out, QStringLiteral("imported 1 judgements: 1 valid, 0 invalid\n"));
    const auto match = progressOutput().match(forced.err);
    QVERIFY2(match.hasMatch(), qPrintable(QString(forced.err).replace(QLatin1Char('\r'), QStringLiteral("<CR>"))));
    QCOMPARE(match.capturedLength(), forced.err.size());
    QVERIFY(forced.err.contains(QStringLiteral("importing: 100% (")));

    const auto plain = runCli(args + QStringList{QStringLiteral("plain")});
    QVERIFY2(plain.exitCode == 0, qPrintable(plain.err));
    QCOMPARE(plain.err, QString());
}

void TestCliProgress::aFailureIsSaidOnAClearedLine()
{
    // The last row names a column value the importer refuses, after the whole file was read.
    const QString broken = m_dir.filePath(QStringLiteral("broken.csv"));
    QByteArray content = table(400, 10);
    content += "d0,A different article.,sys0,x\n";
    writeFile(broken, content);
    const auto r = runCli({QStringLiteral("import"), freshStudy(), broken, QStringLiteral("--format"),
                           QStringLiteral("csv"), QStringLiteral("--progress")});
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(r.out, QString());
    const auto match = progressOutput().match(r.err);
    QVERIFY2(match.hasMatch(), qPrintable(QString(r.err).replace(QLatin1Char('\r'), QStringLiteral("<CR>"))));
    // After the cleared line, the one-line error as without --progress.
    const QString error = r.err.mid(match.capturedLength());
    QVERIFY2(error.startsWith(QStringLiteral("concord-cli: ")), qPrintable(error));
    QVERIFY2(error.contains(QStringLiteral("broken.csv:4002")), qPrintable(error));
    QVERIFY(error.endsWith(QStringLiteral("(nothing was imported)\n")));
}

void TestCliProgress::helpNamesTheOption_data()
{
    QTest::addColumn<QString>("command");
    QTest::newRow("import") << QStringLiteral("import");
    QTest::newRow("import-judgements") << QStringLiteral("import-judgements");
}

void TestCliProgress::helpNamesTheOption()
{
    QFETCH(QString, command);
    const auto r = runCli({command, QStringLiteral("--help")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(QStringLiteral("--progress")), qPrintable(r.out));
}

QTEST_GUILESS_MAIN(TestCliProgress)
#include "tst_cli_progress.moc"
