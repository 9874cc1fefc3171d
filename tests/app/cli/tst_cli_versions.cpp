// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli versions end to end on tests/support/versions_study (the report's numbers are checked in
// tst_versions_report): any member names the family, the test split by default with the verdicts of each step,
// --split all and the default without a split (said on stderr), every format, and wrong command lines refused;
// and the family of two real runs of the judge against the local test server, each with its own template file
// and --template-version.
#include "cli_run.h"
#include "reports/versions_report.h"
#include "store/study.h"
#include "test_llm_server.h"
#include "versions_study.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace concord;
using Run = test::CliRun;

class TestCliVersions : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void testSplitByDefault();
    void everyDocumentWhenAsked();
    void withoutASplitItSaysSo();
    void everyFormat_data();
    void everyFormat();
    void errors_data();
    void errors();
    void versionsOfRealRuns();
    void correctedVersionOnTheTestSplit();

private:
    Run versions(const QString &study, const QStringList &args) const
    {
        return test::runCli(QStringList{QStringLiteral("versions"), study, QStringLiteral("--human"),
                                        QStringLiteral("expert"), QStringLiteral("--bootstrap"), QStringLiteral("100"),
                                        QStringLiteral("--resamples"), QStringLiteral("200")}
                            + args);
    }

    // test-model judging coherence with rts through the local server, with more options.
    static Run judgeOnServer(const test::TestLlmServer &server, const QString &study, const QStringList &more)
    {
        return test::runCli(
            QStringList{QStringLiteral("judge"), study, QStringLiteral("--provider"), QStringLiteral("openai"),
                        QStringLiteral("--base-url"), QString::fromStdString(server.baseUrl() + "/v1"),
                        QStringLiteral("--model"), QStringLiteral("test-model"), QStringLiteral("--protocol"),
                        QStringLiteral("rts"), QStringLiteral("--dimension"), QStringLiteral("coherence")}
            + more);
    }
    // A score that follows the prompt, so that two versions of a template differ.
    static void scoreByPromptLength(test::TestLlmServer &server)
    {
        server.setHandler([](const test::RecordedRequest &request) {
            return test::Reply::openAi("Score: " + std::to_string(1 + request.body.size() % 5));
        });
    }
    // A step's figures on coherence at dataset level, from versions' JSON.
    static QJsonObject coherenceDataset(const QJsonValue &step)
    {
        return step.toObject()
            .value(QStringLiteral("dimensions"))
            .toObject()
            .value(QStringLiteral("coherence"))
            .toObject()
            .value(QStringLiteral("dataset"))
            .toObject();
    }

    QTemporaryDir m_dir;
    QString m_study;
    QString m_unsplit;
};

void TestCliVersions::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_study = m_dir.filePath(QStringLiteral("versions.concord"));
    m_unsplit = m_dir.filePath(QStringLiteral("unsplit.concord"));
    for (const QString &path : {m_study, m_unsplit}) {
        auto created = store::Study::create(path.toStdString());
        QVERIFY(created.ok());
        const std::string error = test::fillVersionsStudy(*created.value());
        QVERIFY2(error.empty(), error.c_str());
    }
    auto unsplit = store::Study::open(m_unsplit.toStdString());
    QVERIFY(unsplit.ok());
    QVERIFY(unsplit.value()->write([&] { unsplit.value()->replaceDocumentSplits({}); }).ok());
}

void TestCliVersions::testSplitByDefault()
{
    // Any member names the family; the one before each is what it is tested against.
    const Run r = versions(m_study, {QStringLiteral("--judge"), QStringLiteral("m rts v3"), QStringLiteral("--format"),
                                     QStringLiteral("json")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonObject out = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(out.value(QStringLiteral("split")).toString(), QStringLiteral("test"));
    QCOMPARE(out.value(QStringLiteral("model")).toString(), QStringLiteral("m"));
    const QJsonArray list = out.value(QStringLiteral("versions")).toArray();
    QCOMPARE(list.size(), 4);
    QCOMPARE(list.at(0).toObject().value(QStringLiteral("rater")).toString(), QStringLiteral("m rts v1"));
    QCOMPARE(list.at(3).toObject().value(QStringLiteral("template_version")).toInt(), 4);
    const QJsonArray steps = out.value(QStringLiteral("steps")).toArray();
    QCOMPARE(steps.size(), 3);
    const QStringList verdicts{QStringLiteral("better"), QStringLiteral("same"), QStringLiteral("worse")};
    for (int k = 0; k < 3; ++k) {
        const QJsonObject dataset = coherenceDataset(steps.at(k));
        QCOMPARE(dataset.value(QStringLiteral("verdict")).toString(), verdicts.at(k));
        QVERIFY(dataset.value(QStringLiteral("n")).toInt() < 120); // the test split's summaries only
    }
    // The core's report, read from the same file, gives the same JSON.
    auto study = store::Study::open(m_study.toStdString(), {.readOnly = true});
    QVERIFY(study.ok());
    reports::VersionsRequest request;
    request.judge = "m rts v3";
    request.humanGroup = "expert";
    request.bootstrap = 100;
    request.resamples = 200;
    const auto report = reports::compareVersions(*study.value(), request);
    QVERIFY(report.ok());
    QCOMPARE(r.out.trimmed(), QString::fromStdString(reports::versionsJson(report.value())));
}

void TestCliVersions::everyDocumentWhenAsked()
{
    const Run r = versions(m_study, {QStringLiteral("--judge"), QStringLiteral("m rts v1"), QStringLiteral("--split"),
                                     QStringLiteral("all"), QStringLiteral("--levels"), QStringLiteral("dataset"),
                                     QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonObject out = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QVERIFY(out.value(QStringLiteral("split")).isNull());
    const QJsonObject first = out.value(QStringLiteral("versions")).toArray().at(0).toObject();
    QCOMPARE(first.value(QStringLiteral("agreement"))
                 .toObject()
                 .value(QStringLiteral("coherence"))
                 .toObject()
                 .value(QStringLiteral("dataset"))
                 .toObject()
                 .value(QStringLiteral("n"))
                 .toInt(),
             120);
}

void TestCliVersions::withoutASplitItSaysSo()
{
    const Run r = versions(m_unsplit, {QStringLiteral("--judge"), QStringLiteral("m rts v1"),
                                       QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("no held-out split")), qPrintable(r.err));
    QVERIFY(QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("split")).isNull());
    // Asked for the test split, a study without one is refused.
    const Run refused = versions(m_unsplit, {QStringLiteral("--judge"), QStringLiteral("m rts v1"),
                                             QStringLiteral("--split"), QStringLiteral("test")});
    QCOMPARE(refused.exitCode, 1);
    QVERIFY2(refused.err.contains(QStringLiteral("no held-out split")), qPrintable(refused.err));
}

void TestCliVersions::everyFormat_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("shows");
    QTest::newRow("table") << "table"
                           << "verdict";
    QTest::newRow("csv") << "csv"
                         << "from,to,dimension,level,n,r_from,r_to,difference,williams_p,permutation_p,verdict";
    QTest::newRow("markdown") << "markdown"
                              << "| verdict";
    QTest::newRow("latex") << "latex"
                           << "\\begin{tabular}";
}

void TestCliVersions::everyFormat()
{
    QFETCH(QString, format);
    QFETCH(QString, shows);
    const Run r = versions(m_study,
                           {QStringLiteral("--judge"), QStringLiteral("m rts v2"), QStringLiteral("--format"), format});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(shows), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("rts-mine")), qPrintable(r.out)); // the versions' table too
}

void TestCliVersions::errors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("says");
    QTest::newRow("no judge") << QStringList{} << 2 << "--judge NAME";
    QTest::newRow("bad split") << QStringList{QStringLiteral("--judge"), QStringLiteral("m rts v1"),
                                              QStringLiteral("--split"), QStringLiteral("train")}
                               << 2 << "--split takes test, dev or all";
    QTest::newRow("bad level") << QStringList{QStringLiteral("--judge"), QStringLiteral("m rts v1"),
                                              QStringLiteral("--levels"), QStringLiteral("meta")}
                               << 2 << "--levels takes dataset, system and summary";
    QTest::newRow("bad correlation") << QStringList{QStringLiteral("--judge"), QStringLiteral("m rts v1"),
                                                    QStringLiteral("--correlation"), QStringLiteral("acc")}
                                     << 2 << "--correlation takes";
    QTest::newRow("imported judge") << QStringList{QStringLiteral("--judge"), QStringLiteral("imported")} << 1
                                    << "no run with a recorded template";
}

void TestCliVersions::errors()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, says);
    const Run r = versions(m_study, args);
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY2(r.err.contains(says), qPrintable(r.err));
    QVERIFY(r.out.isEmpty());
}

void TestCliVersions::versionsOfRealRuns()
{
    test::TestLlmServer server;
    QVERIFY(server.start() > 0);
    scoreByPromptLength(server);
    const QString study = m_dir.filePath(QStringLiteral("runs.concord"));
    QCOMPARE(test::runCli({QStringLiteral("demo"), study}).exitCode, 0);
    const auto judge = [&](const QString &rater, const QString &file, const QString &version, const char *text) {
        QFile f(m_dir.filePath(file));
        [&] { QVERIFY(f.open(QIODevice::WriteOnly)); }();
        f.write(text);
        f.close();
        return judgeOnServer(server, study,
                             {QStringLiteral("--rater"), rater, QStringLiteral("--template"), f.fileName(),
                              QStringLiteral("--template-version"), version});
    };
    const Run first = judge(QStringLiteral("tm v1"), QStringLiteral("rts-tm.txt"), QStringLiteral("1"),
                            "Rate the {{dimension}} of the summary from 1 to 5.\n\n{{article}}\n\n{{summary}}\n");
    QVERIFY2(first.exitCode == 0, qPrintable(first.err));
    const Run second
        = judge(QStringLiteral("tm v2"), QStringLiteral("rts-tm.txt"), QStringLiteral("2"),
                "Read the article, then rate the {{dimension}} of its summary from 1 to 5.\n\n{{article}}\n\n"
                "Summary: {{summary}}\n\nScore:");
    QVERIFY2(second.exitCode == 0, qPrintable(second.err));
    QCOMPARE(test::runCli({QStringLiteral("split"), study, QStringLiteral("--dev"), QStringLiteral("0.25"),
                           QStringLiteral("--seed"), QStringLiteral("3")})
                 .exitCode,
             0);
    const Run r = versions(study, {QStringLiteral("--judge"), QStringLiteral("tm v1"), QStringLiteral("--format"),
                                   QStringLiteral("json")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonObject out = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(out.value(QStringLiteral("provider")).toString(), QStringLiteral("openai"));
    QCOMPARE(out.value(QStringLiteral("model")).toString(), QStringLiteral("test-model"));
    QCOMPARE(out.value(QStringLiteral("protocol")).toString(), QStringLiteral("rts"));
    const QJsonArray list = out.value(QStringLiteral("versions")).toArray();
    QCOMPARE(list.size(), 2);
    for (int k = 0; k < 2; ++k) {
        const QJsonObject v = list.at(k).toObject();
        QCOMPARE(v.value(QStringLiteral("rater")).toString(), QStringLiteral("tm v%1").arg(k + 1));
        QCOMPARE(v.value(QStringLiteral("template")).toString(), QStringLiteral("rts-tm.txt"));
        QCOMPARE(v.value(QStringLiteral("template_version")).toInt(), k + 1);
        QCOMPARE(v.value(QStringLiteral("mixed_templates")).toBool(), false);
    }
    QCOMPARE(out.value(QStringLiteral("steps")).toArray().size(), 1);
    // A version number without a template of one's own is refused.
    const Run refused = judgeOnServer(server, study, {QStringLiteral("--template-version"), QStringLiteral("2")});
    QCOMPARE(refused.exitCode, 2);
    QVERIFY2(refused.err.contains(QStringLiteral("--template-version goes with --template FILE")),
             qPrintable(refused.err));
}

void TestCliVersions::correctedVersionOnTheTestSplit()
{
    test::TestLlmServer server;
    QVERIFY(server.start() > 0);
    scoreByPromptLength(server);
    const QString study = m_dir.filePath(QStringLiteral("corrected.concord"));
    QCOMPARE(test::runCli({QStringLiteral("demo"), study}).exitCode, 0);
    QCOMPARE(test::runCli({QStringLiteral("split"), study, QStringLiteral("--dev"), QStringLiteral("0.5"),
                           QStringLiteral("--seed"), QStringLiteral("7")})
                 .exitCode,
             0);
    const auto judge = [&](const QStringList &more) { return judgeOnServer(server, study, more); };
    const Run first = judge({QStringLiteral("--rater"), QStringLiteral("tm")});
    QVERIFY2(first.exitCode == 0, qPrintable(first.err));
    QVERIFY(first.out.contains(QStringLiteral("32 calls")));
    server.reset();
    // The corrected version: two examples per prompt from the dev disagreements, run on the test split only.
    const Run corrected = judge({QStringLiteral("--rater"), QStringLiteral("tm corrected"), QStringLiteral("--split"),
                                 QStringLiteral("test"), QStringLiteral("--examples-from"), QStringLiteral("tm"),
                                 QStringLiteral("--examples"), QStringLiteral("2"), QStringLiteral("--examples-group"),
                                 QStringLiteral("expert")});
    QVERIFY2(corrected.exitCode == 0, qPrintable(corrected.err));
    QVERIFY2(corrected.out.contains(QStringLiteral("examples: 2 per prompt, from the 3 dev summaries on which 'tm' and "
                                                   "group 'expert' disagree most")),
             qPrintable(corrected.out));
    QVERIFY2(corrected.out.contains(QStringLiteral("16 calls")), qPrintable(corrected.out));
    QCOMPARE(server.requestCount(), std::size_t{16});
    for (const auto &request : server.requests())
        QVERIFY(request.body.find("Example 2") != std::string::npos);
    // Before and after, side by side on the test split with the paired tests.
    const Run r = versions(study, {QStringLiteral("--judge"), QStringLiteral("tm corrected"),
                                   QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonObject out = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(out.value(QStringLiteral("split")).toString(), QStringLiteral("test"));
    const QJsonArray list = out.value(QStringLiteral("versions")).toArray();
    QCOMPARE(list.size(), 2);
    QCOMPARE(list.at(1).toObject().value(QStringLiteral("rater")).toString(), QStringLiteral("tm corrected"));
    QVERIFY(list.at(1)
                .toObject()
                .value(QStringLiteral("template"))
                .toString()
                .endsWith(QStringLiteral(" + corrections from tm")));
    const QJsonArray steps = out.value(QStringLiteral("steps")).toArray();
    QCOMPARE(steps.size(), 1);
    const QJsonObject dataset = coherenceDataset(steps.at(0));
    QCOMPARE(dataset.value(QStringLiteral("n")).toInt(), 16);
    QVERIFY(QStringList({QStringLiteral("better"), QStringLiteral("same"), QStringLiteral("worse")})
                .contains(dataset.value(QStringLiteral("verdict")).toString()));

    // Wrong command lines change nothing.
    const Run pairs = judge(
        {QStringLiteral("--examples-from"), QStringLiteral("tm"), QStringLiteral("--protocol"), QStringLiteral("h2h")});
    QCOMPARE(pairs.exitCode, 2);
    QVERIFY2(pairs.err.contains(QStringLiteral("--examples-from does not apply to h2h")), qPrintable(pairs.err));
    const Run alone = judge({QStringLiteral("--examples"), QStringLiteral("2")});
    QCOMPARE(alone.exitCode, 2);
    QVERIFY2(alone.err.contains(QStringLiteral("go with --examples-from JUDGE")), qPrintable(alone.err));
    const Run tooMany = judge({QStringLiteral("--rater"), QStringLiteral("tm many"), QStringLiteral("--examples-from"),
                               QStringLiteral("tm"), QStringLiteral("--examples"), QStringLiteral("4")});
    QCOMPARE(tooMany.exitCode, 1);
    QVERIFY2(tooMany.err.contains(QStringLiteral("the dev split has 4 documents")), qPrintable(tooMany.err));
    const Run badSplit = judge({QStringLiteral("--split"), QStringLiteral("train")});
    QCOMPARE(badSplit.exitCode, 2);
    QCOMPARE(server.requestCount(), std::size_t{16});
}

QTEST_GUILESS_MAIN(TestCliVersions)
#include "tst_cli_versions.moc"
