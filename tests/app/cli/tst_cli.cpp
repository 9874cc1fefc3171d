// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli end to end, through QProcess: exit codes, one-line errors, --help everywhere,
// and the JSON of `info` after real imports.
#include "cli_run.h"
#include "h2h_study.h"
#include "io/table_writer.h"
#include "judge_comparison_study.h"
#include "reports/pairwise_report.h"
#include "store/study.h"
#include "test_llm_server.h"
#include "test_paths.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>

namespace {

using Run = concord::test::CliRun;

Run cli(const QStringList &args, const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment())
{
    return concord::test::runCli(args, env);
}

void writeFile(const QString &path, const QByteArray &content)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(content);
}

QJsonObject info(const QString &study)
{
    const Run r = cli({QStringLiteral("info"), study, QStringLiteral("--json")});
    if (r.exitCode != 0)
        qWarning("info failed: %s", qPrintable(r.err));
    return QJsonDocument::fromJson(r.out.toUtf8()).object();
}

// The name a blind annotator package gives the system of the summary of doc that system wrote in the
// study: a name of that one summary's own, found by the summary's text.
QByteArray nameInPackage(const QString &package, const QString &study, const char *doc, const char *system)
{
    using concord::store::Study;
    auto s = std::move(Study::open(study.toStdString())).value();
    auto p = std::move(Study::open(package.toStdString())).value();
    const auto id = s->candidateId(s->documentId(doc).value(), s->systemId(system).value());
    std::string text;
    for (const auto &c : s->candidatesOf(s->documentId(doc).value()))
        if (c.id == id)
            text = c.text;
    for (const auto &c : p->candidatesOf(p->documentId(doc).value()))
        if (c.text == text)
            for (const auto &sys : p->systems())
                if (sys.id == c.systemId)
                    return QByteArray::fromStdString(sys.name);
    return {};
}

} // namespace

class TestCli : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void helpOnEverySubcommand_data();
    void helpOnEverySubcommand();
    void usageErrors_data();
    void usageErrors();
    void newThenInfo();
    void importSummEvalGivesTheFullStudy();
    void failedImportChangesNothing();
    void importCsvWithMapping();
    void importScoresOfOneRater();
    void exportRoundTrip();
    void annotatorsOfTheDemo();
    void exportImportRoundTrip_data();
    void exportImportRoundTrip();
    void demoStudy();
    void infoOnNonStudyFails();
    void statsFormats_data();
    void statsFormats();
    void statsJsonShape();
    void statsTieAwareAccuracyOnSummEval();
    void statsErrors_data();
    void statsErrors();
    void statsCompareJson();
    void statsCompareFormats_data();
    void statsCompareFormats();
    void agreementJson();
    void agreementAtTheDimensionsLevel();
    void judgeEstimateRunResumeAndCalls();
    void judgeGevalSummaryAndCallMethods();
    void judgeErrors_data();
    void judgeErrors();
    void importJudgements();
    void packageAndMerge();
    void pairwiseUnderEachRule_data();
    void pairwiseUnderEachRule();
};

void TestCli::initTestCase()
{
    QVERIFY2(QFile::exists(concord::test::cliPath()), "CONCORD_CLI must name the built concord-cli");
}

void TestCli::helpOnEverySubcommand_data()
{
    QTest::addColumn<QString>("command");
    for (const char *c : {"new", "info", "import", "export", "demo", "stats", "agreement", "judge", "import-judgements",
                          "calls", "merge", "export-package", "annotators", "overlap"})
        QTest::newRow(c) << QString::fromLatin1(c);
}

void TestCli::helpOnEverySubcommand()
{
    QFETCH(QString, command);
    const Run r = cli({command, QStringLiteral("--help")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(QStringLiteral("concord-cli ") + command), qPrintable(r.out));
    QVERIFY(r.err.isEmpty());
    const Run top = cli({QStringLiteral("--help")});
    QCOMPARE(top.exitCode, 0);
    QVERIFY(top.out.contains(command));
}

void TestCli::usageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("expected");
    QTest::newRow("no command") << QStringList() << QStringLiteral("");
    QTest::newRow("unknown command") << QStringList{QStringLiteral("frobnicate")}
                                     << QStringLiteral("unknown command 'frobnicate'");
    QTest::newRow("new without study") << QStringList{QStringLiteral("new")} << QStringLiteral("exactly one STUDY");
    QTest::newRow("unknown option") << QStringList{QStringLiteral("info"), QStringLiteral("--bogus"),
                                                   QStringLiteral("x")}
                                    << QStringLiteral("bogus");
    QTest::newRow("import without format")
        << QStringList{QStringLiteral("import"), QStringLiteral("s"), QStringLiteral("f")}
        << QStringLiteral("--format");
    QTest::newRow("import bad format") << QStringList{
        QStringLiteral("import"), QStringLiteral("s"), QStringLiteral("f"), QStringLiteral("--format"),
        QStringLiteral("xml")} << QStringLiteral("xml");
}

void TestCli::usageErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    if (args.size() > 1 && args.at(1) == QLatin1String("s")) {
        args[1] = dir.filePath(QStringLiteral("s.concord"));
        QCOMPARE(cli({QStringLiteral("new"), args[1]}).exitCode, 0);
    }
    const Run r = cli(args);
    QCOMPARE(r.exitCode, 2);
    if (!expected.isEmpty()) {
        QVERIFY2(r.err.contains(expected), qPrintable(r.err));
        QCOMPARE(r.err.count(QLatin1Char('\n')), 1); // one clear line
    }
}

void TestCli::newThenInfo()
{
    QTemporaryDir dir;
    const QString study = dir.filePath(QStringLiteral("a.concord"));
    QCOMPARE(cli({QStringLiteral("new"), study}).exitCode, 0);
    const Run again = cli({QStringLiteral("new"), study});
    QCOMPARE(again.exitCode, 1);
    QVERIFY(again.err.contains(QStringLiteral("already exists")));
    const QJsonObject j = info(study);
    for (const char *key : {"documents", "systems", "candidates", "dimensions", "raters", "ratings"}) {
        QVERIFY2(j.value(QLatin1String(key)).isDouble(), key);
        QCOMPARE(j.value(QLatin1String(key)).toInt(-1), 0);
    }
    QVERIFY(j.value(QStringLiteral("raters_by_group")).isObject());
    const Run table = cli({QStringLiteral("info"), study});
    QCOMPARE(table.exitCode, 0);
    QVERIFY(table.out.contains(QStringLiteral("documents")));
}

void TestCli::importSummEvalGivesTheFullStudy()
{
    const QStringList files = concord::test::summevalFiles();
    if (files.isEmpty())
        QSKIP("../shared/data/summeval is absent: the SummEval import cannot be checked here");
    QTemporaryDir dir;
    const QString study = dir.filePath(QStringLiteral("summeval.concord"));
    QCOMPARE(cli({QStringLiteral("new"), study}).exitCode, 0);
    const Run r = cli(
        QStringList{QStringLiteral("import"), study, QStringLiteral("--format"), QStringLiteral("summeval")} + files);
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonObject j = info(study);
    QCOMPARE(j.value(QStringLiteral("documents")).toInt(), 100);
    QCOMPARE(j.value(QStringLiteral("systems")).toInt(), 12);
    QCOMPARE(j.value(QStringLiteral("candidates")).toInt(), 1200);
    QCOMPARE(j.value(QStringLiteral("dimensions")).toInt(), 4);
    QCOMPARE(j.value(QStringLiteral("raters")).toInt(), 8);
    QCOMPARE(j.value(QStringLiteral("ratings")).toInt(), 38400);
    const QJsonObject groups = j.value(QStringLiteral("raters_by_group")).toObject();
    QCOMPARE(groups.value(QStringLiteral("expert")).toInt(), 3);
    QCOMPARE(groups.value(QStringLiteral("turker")).toInt(), 5);
}

void TestCli::failedImportChangesNothing()
{
    QTemporaryDir dir;
    const QString study = dir.filePath(QStringLiteral("a.concord"));
    QCOMPARE(cli({QStringLiteral("new"), study}).exitCode, 0);
    const QString good = dir.filePath(QStringLiteral("good.csv"));
    writeFile(good, "doc_id,article,system,summary\nd1,An article.,s1,A summary.\n");
    QCOMPARE(cli({QStringLiteral("import"), study, QStringLiteral("--format"), QStringLiteral("csv"), good}).exitCode,
             0);
    const QString bad = dir.filePath(QStringLiteral("bad.jsonl"));
    writeFile(bad, "{\"doc_id\": \"d2\", \"article\": \"x\", \"system\": \"s1\", \"summary\": \"y\"}\n{\"doc_id\": "
                   "\"d3\", \"article\": \n");
    const Run r = cli({QStringLiteral("import"), study, QStringLiteral("--format"), QStringLiteral("jsonl"), bad});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QStringLiteral("bad.jsonl:2")), qPrintable(r.err));
    QCOMPARE(r.err.count(QLatin1Char('\n')), 1);
    QCOMPARE(info(study).value(QStringLiteral("documents")).toInt(), 1);
    QCOMPARE(info(study).value(QStringLiteral("candidates")).toInt(), 1);

    const Run missing = cli({QStringLiteral("import"), dir.filePath(QStringLiteral("none.concord")),
                             QStringLiteral("--format"), QStringLiteral("csv"), good});
    QCOMPARE(missing.exitCode, 1);
    QVERIFY(missing.err.contains(QStringLiteral("concord-cli new")));
}

void TestCli::importCsvWithMapping()
{
    QTemporaryDir dir;
    const QString study = dir.filePath(QStringLiteral("a.concord"));
    QCOMPARE(cli({QStringLiteral("new"), study}).exitCode, 0);
    const QString csv = dir.filePath(QStringLiteral("sheet.csv"));
    writeFile(csv, "id,text,instruction,model,output,annotator,coh\n"
                   "d1,\"An article, with a comma.\",Summarise it.,m1,\"Summary \"\"one\"\".\",ann,4\n"
                   "d1,\"An article, with a comma.\",Summarise it.,m2,Summary two.,ann,2\n");
    const Run r = cli({QStringLiteral("import"), study, QStringLiteral("--format"), QStringLiteral("csv"), csv,
                       QStringLiteral("--map"),
                       QStringLiteral("doc_id=id,article=text,requirement=instruction,system=model,summary=output,"
                                      "rater=annotator,score.coherence=coh")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonObject j = info(study);
    QCOMPARE(j.value(QStringLiteral("documents")).toInt(), 1);
    QCOMPARE(j.value(QStringLiteral("candidates")).toInt(), 2);
    QCOMPARE(j.value(QStringLiteral("ratings")).toInt(), 2);
    QCOMPARE(j.value(QStringLiteral("dimensions")).toInt(), 1);

    const Run badMap = cli({QStringLiteral("import"), study, QStringLiteral("--format"), QStringLiteral("csv"), csv,
                            QStringLiteral("--map"), QStringLiteral("colour=id")});
    QCOMPARE(badMap.exitCode, 2);
    QVERIFY2(badMap.err.contains(QStringLiteral("colour")), qPrintable(badMap.err));
}

// A sheet without a rater column: --rater names who gave every score, --group its group. All or nothing as ever.
void TestCli::importScoresOfOneRater()
{
    QTemporaryDir dir;
    const QString study = dir.filePath(QStringLiteral("a.concord"));
    QCOMPARE(cli({QStringLiteral("new"), study}).exitCode, 0);
    const QString csv = dir.filePath(QStringLiteral("scores.csv"));
    writeFile(csv, "doc_id,article,system,summary,score\n"
                   "d1,An article.,m1,Summary one.,4\n"
                   "d1,An article.,m2,Summary two.,2\n");
    const QStringList import{
        QStringLiteral("import"),
        study,
        QStringLiteral("--format"),
        QStringLiteral("csv"),
        csv,
        QStringLiteral("--map"),
        QStringLiteral("doc_id=doc_id,article=article,system=system,summary=summary,score.score=score")};

    const Run noRater = cli(import);
    QCOMPARE(noRater.exitCode, 1);
    QVERIFY2(noRater.err.contains(QStringLiteral("(--rater NAME)")), qPrintable(noRater.err));
    QCOMPARE(info(study).value(QStringLiteral("documents")).toInt(), 0);

    const Run r = cli(import
                      + QStringList{QStringLiteral("--rater"), QStringLiteral("ann"), QStringLiteral("--group"),
                                    QStringLiteral("crowd")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QJsonObject j = info(study);
    QCOMPARE(j.value(QStringLiteral("ratings")).toInt(), 2);
    QCOMPARE(j.value(QStringLiteral("raters")).toInt(), 1);
    QCOMPARE(j.value(QStringLiteral("raters_by_group")).toObject().value(QStringLiteral("crowd")).toInt(), 1);

    // A bad score on the last row: nothing of the file is imported, and the error names file, line and field.
    const QString bad = dir.filePath(QStringLiteral("bad.csv"));
    writeFile(bad, "doc_id,article,system,summary,score\n"
                   "d2,Another article.,m1,Summary three.,5\n"
                   "d2,Another article.,m2,Summary four.,five\n");
    QStringList badImport = import;
    badImport[4] = bad;
    const Run failed = cli(badImport
                           + QStringList{QStringLiteral("--rater"), QStringLiteral("bob"), QStringLiteral("--group"),
                                         QStringLiteral("expert")});
    QCOMPARE(failed.exitCode, 1);
    QVERIFY2(failed.err.contains(QStringLiteral("bad.csv:3")) && failed.err.contains(QStringLiteral("score.score"))
                 && failed.err.contains(QStringLiteral("'five'")),
             qPrintable(failed.err));
    j = info(study);
    QCOMPARE(j.value(QStringLiteral("documents")).toInt(), 1);
    QCOMPARE(j.value(QStringLiteral("ratings")).toInt(), 2);
    QCOMPARE(j.value(QStringLiteral("raters")).toInt(), 1);

    // --group belongs to --rater; neither fits SummEval's fixed layout.
    const Run groupAlone = cli(import + QStringList{QStringLiteral("--group"), QStringLiteral("crowd")});
    QCOMPARE(groupAlone.exitCode, 2);
    QVERIFY2(groupAlone.err.contains(QStringLiteral("--rater")), qPrintable(groupAlone.err));
    const Run summeval = cli({QStringLiteral("import"), study, QStringLiteral("--format"), QStringLiteral("summeval"),
                              csv, QStringLiteral("--rater"), QStringLiteral("ann")});
    QCOMPARE(summeval.exitCode, 2);
    QVERIFY2(summeval.err.contains(QStringLiteral("--rater")), qPrintable(summeval.err));
}

// Each expert of the demo beside the others: the JSON has every number or a reason, the text says what MACE
// assumes, and a missing option is a usage error.
void TestCli::annotatorsOfTheDemo()
{
    QTemporaryDir dir;
    const QString study = dir.filePath(QStringLiteral("demo.concord"));
    QCOMPARE(cli({QStringLiteral("demo"), study}).exitCode, 0);
    const Run r = cli({QStringLiteral("annotators"), study, QStringLiteral("--group"), QStringLiteral("expert"),
                       QStringLiteral("--dimension"), QStringLiteral("coherence"), QStringLiteral("--json")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonObject j = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QVERIFY(j.value(QStringLiteral("group_alpha")).isDouble());
    const QJsonArray annotators = j.value(QStringLiteral("annotators")).toArray();
    QVERIFY(annotators.size() >= 2);
    for (const auto &a : annotators) {
        const QJsonObject o = a.toObject();
        QVERIFY(o.value(QStringLiteral("labels")).toInt() > 0);
        // With two experts, the one left is no group: alpha is undefined, and says why.
        QVERIFY(o.value(QStringLiteral("alpha_without")).isDouble()
                || !o.value(QStringLiteral("alpha_without_undefined_reason")).toString().isEmpty());
        QVERIFY(o.value(QStringLiteral("correlation_with_others")).isDouble());
        const double competence = o.value(QStringLiteral("competence")).toDouble(-1);
        QVERIFY(competence >= 0 && competence <= 1);
    }
    const Run text = cli({QStringLiteral("annotators"), study, QStringLiteral("--group"), QStringLiteral("expert"),
                          QStringLiteral("--dimension"), QStringLiteral("coherence")});
    QVERIFY2(text.exitCode == 0, qPrintable(text.err));
    QVERIFY(text.out.contains(QStringLiteral("MACE")));
    QVERIFY(text.out.contains(annotators.first().toObject().value(QStringLiteral("rater")).toString()));
    QCOMPARE(cli({QStringLiteral("annotators"), study, QStringLiteral("--group"), QStringLiteral("expert")}).exitCode,
             2);

    // How much overlap alpha needs for an interval of a given width, with the curve it was found on. The demo's
    // pilot (32 summaries, seeded bootstrap) has an interval about 0.21 wide: a wider goal needs fewer summaries
    // than the pilot's, a narrower one more.
    const auto overlapFor = [&](const QString &width) {
        const Run overlap
            = cli({QStringLiteral("overlap"), study, QStringLiteral("--group"), QStringLiteral("expert"),
                   QStringLiteral("--dimension"), QStringLiteral("coherence"), QStringLiteral("--width"), width,
                   QStringLiteral("--resamples"), QStringLiteral("200"), QStringLiteral("--json")});
        [&] { QVERIFY2(overlap.exitCode == 0, qPrintable(overlap.err)); }();
        return QJsonDocument::fromJson(overlap.out.toUtf8()).object();
    };
    for (const QString &width : {QStringLiteral("0.3"), QStringLiteral("0.1")}) {
        const QJsonObject o = overlapFor(width);
        QVERIFY(!QTest::currentTestFailed());
        const QJsonObject pilot = o.value(QStringLiteral("pilot")).toObject();
        QCOMPARE(pilot.value(QStringLiteral("summaries")).toInt(), 32);
        const double pilotWidth = pilot.value(QStringLiteral("width")).toDouble();
        QVERIFY2(pilotWidth > 0.1 && pilotWidth < 0.3, qPrintable(QString::number(pilotWidth)));
        QVERIFY(!o.value(QStringLiteral("curve")).toArray().isEmpty());
        QVERIFY(o.value(QStringLiteral("summaries_needed")).isDouble());
        QVERIFY(o.value(QStringLiteral("documents_needed")).toInt() > 0);
        const int needed = o.value(QStringLiteral("summaries_needed")).toInt();
        if (width == QLatin1String("0.3")) {
            QVERIFY2(needed < 32, qPrintable(QString::number(needed)));
        } else {
            QVERIFY2(needed > 32, qPrintable(QString::number(needed)));
        }
    }
    QCOMPARE(cli({QStringLiteral("overlap"), study, QStringLiteral("--group"), QStringLiteral("expert"),
                  QStringLiteral("--dimension"), QStringLiteral("coherence"), QStringLiteral("--width"),
                  QStringLiteral("0")})
                 .exitCode,
             2);
}

void TestCli::exportRoundTrip()
{
    QTemporaryDir dir;
    const QString study = dir.filePath(QStringLiteral("demo.concord"));
    QCOMPARE(cli({QStringLiteral("demo"), study}).exitCode, 0);
    const QString csv = dir.filePath(QStringLiteral("all.csv"));
    const Run r = cli({QStringLiteral("export"), study, csv});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QFile f(csv);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray header = f.readLine();
    for (const char *column : {"doc_id", "system", "dimension", "rater", "group", "rater_kind", "value"})
        QVERIFY2(header.contains(column), header.constData());
    const QJsonObject j = info(study);
    const int judgements
        = j.value(QStringLiteral("ratings")).toInt() + j.value(QStringLiteral("rankings")).toInt()
          + j.value(QStringLiteral("error_spans")).toInt() + j.value(QStringLiteral("explanations")).toInt()
          + j.value(QStringLiteral("pairwise_outcomes")).toInt() + j.value(QStringLiteral("unit_marks")).toInt()
          + j.value(QStringLiteral("presentation_orders")).toInt();
    QVERIFY2(r.out.contains(QStringLiteral("wrote %1 rows").arg(judgements)), qPrintable(r.out));

    const QString jsonl = dir.filePath(QStringLiteral("all.jsonl"));
    QCOMPARE(
        cli({QStringLiteral("export"), study, QStringLiteral("--format"), QStringLiteral("jsonl"), jsonl}).exitCode, 0);
    QFile jf(jsonl);
    QVERIFY(jf.open(QIODevice::ReadOnly));
    int lines = 0;
    while (!jf.atEnd()) {
        const QByteArray line = jf.readLine().trimmed();
        if (line.isEmpty())
            continue;
        QJsonParseError e;
        QJsonDocument::fromJson(line, &e);
        QCOMPARE(e.error, QJsonParseError::NoError);
        ++lines;
    }
    QCOMPARE(lines, judgements);

    const Run badFormat = cli({QStringLiteral("export"), study, dir.filePath(QStringLiteral("x.xlsx"))});
    QCOMPARE(badFormat.exitCode, 2);
}

void TestCli::exportImportRoundTrip_data()
{
    QTest::addColumn<QString>("format");
    QTest::newRow("csv") << QStringLiteral("csv");
    QTest::newRow("jsonl") << QStringLiteral("jsonl");
}

// The demo (ratings, rankings with ties, error spans, explanations, content-unit marks), its recorded
// judge and a judge's pairwise verdicts, exported with the items and imported into a new study: the
// same statistics, agreement and judgements, and the same file when exported again.
void TestCli::exportImportRoundTrip()
{
    QFETCH(QString, format);
    QTemporaryDir dir;
    const QString source = dir.filePath(QStringLiteral("demo.concord"));
    QCOMPARE(cli({QStringLiteral("demo"), source}).exitCode, 0);
    const QString judge = QStringLiteral("gpt-4o-mini rts");
    Run r = cli({QStringLiteral("import-judgements"), source,
                 concord::test::sourceDir() + QStringLiteral("/docs/demo-judge.jsonl"), QStringLiteral("--protocol"),
                 QStringLiteral("rts"), QStringLiteral("--rater"), judge, QStringLiteral("--model"),
                 QStringLiteral("gpt-4o-mini")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QString h2h = dir.filePath(QStringLiteral("h2h.jsonl"));
    writeFile(h2h, "{\"doc_id\": \"demo-01\", \"system_a\": \"extractive-lead\", \"system_b\": \"abstractive-large\", "
                   "\"order\": \"ab\", \"dimension\": \"coherence\", \"value\": \"b\"}\n"
                   "{\"doc_id\": \"demo-01\", \"system_a\": \"extractive-lead\", \"system_b\": \"abstractive-large\", "
                   "\"order\": \"ba\", \"dimension\": \"coherence\", \"value\": \"tie\"}\n"
                   "{\"doc_id\": \"demo-02\", \"system_a\": \"abstractive-small\", \"system_b\": "
                   "\"abstractive-large\", \"order\": \"ab\", \"dimension\": \"coherence\", \"value\": \"a\"}\n");
    r = cli({QStringLiteral("import-judgements"), source, h2h, QStringLiteral("--protocol"), QStringLiteral("h2h"),
             QStringLiteral("--rater"), QStringLiteral("h2h judge")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));

    const QString first = dir.filePath(QStringLiteral("first.") + format);
    r = cli({QStringLiteral("export"), source, first, QStringLiteral("--items")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QString target = dir.filePath(QStringLiteral("new.concord"));
    QCOMPARE(cli({QStringLiteral("new"), target}).exitCode, 0);
    r = cli({QStringLiteral("import"), target, QStringLiteral("--format"), format, first});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QStringLiteral("3 pairwise outcomes, 56 unit marks")), qPrintable(r.out));

    const QJsonObject a = info(source);
    const QJsonObject b = info(target);
    for (const char *key :
         {"documents", "systems", "candidates", "dimensions", "raters", "ratings", "rankings", "error_spans",
          "explanations", "pairwise_outcomes", "unit_marks", "presentation_orders", "raters_by_group"})
        QVERIFY2(a.value(QLatin1String(key)) == b.value(QLatin1String(key)), key);
    QCOMPARE(b.value(QStringLiteral("pairwise_outcomes")).toInt(), 3);

    const auto same = [&](const QStringList &args) {
        const Run x = cli(QStringList{args.first(), source} + args.mid(1));
        const Run y = cli(QStringList{args.first(), target} + args.mid(1));
        QVERIFY2(x.exitCode == 0 && y.exitCode == 0, qPrintable(x.err + y.err));
        QVERIFY(x.out.size() > 100);
        QCOMPARE(y.out, x.out);
    };
    same({QStringLiteral("stats"), QStringLiteral("--human"), QStringLiteral("expert"), QStringLiteral("--rater"),
          judge, QStringLiteral("--bootstrap"), QStringLiteral("200"), QStringLiteral("--format"),
          QStringLiteral("json")});
    same({QStringLiteral("agreement"), QStringLiteral("--group"), QStringLiteral("expert"),
          QStringLiteral("--dimension"), QStringLiteral("coherence"), QStringLiteral("--with"), judge,
          QStringLiteral("--bootstrap"), QStringLiteral("200"), QStringLiteral("--json")});
    same({QStringLiteral("agreement"), QStringLiteral("--group"), QStringLiteral("expert"),
          QStringLiteral("--dimension"), QStringLiteral("overall"), QStringLiteral("--with"), judge,
          QStringLiteral("--json")});

    // Exported again: the same file, pairwise rows and all.
    const QString second = dir.filePath(QStringLiteral("second.") + format);
    r = cli({QStringLiteral("export"), target, second, QStringLiteral("--items")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QFile f1(first), f2(second);
    QVERIFY(f1.open(QIODevice::ReadOnly) && f2.open(QIODevice::ReadOnly));
    const QByteArray bytes = f1.readAll();
    QVERIFY(bytes.contains("pairwise") && bytes.contains("unit_mark") && bytes.contains("h2h judge"));
    QVERIFY(bytes == f2.readAll());
}

void TestCli::demoStudy()
{
    QTemporaryDir dir;
    const QString study = dir.filePath(QStringLiteral("demo.concord"));
    const Run r = cli({QStringLiteral("demo"), study});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonObject j = info(study);
    QCOMPARE(j.value(QStringLiteral("documents")).toInt(), 8);
    QCOMPARE(j.value(QStringLiteral("systems")).toInt(), 4);
    QCOMPARE(j.value(QStringLiteral("candidates")).toInt(), 32);
    QVERIFY(j.value(QStringLiteral("ratings")).toInt() > 0);
    QVERIFY(j.value(QStringLiteral("rankings")).toInt() > 0);
    QVERIFY(j.value(QStringLiteral("error_spans")).toInt() > 0);
    QVERIFY(j.value(QStringLiteral("explanations")).toInt() > 0);
    QVERIFY(j.value(QStringLiteral("raters")).toInt() >= 2);
    QCOMPARE(cli({QStringLiteral("demo"), study}).exitCode, 1); // never overwrites
}

void TestCli::infoOnNonStudyFails()
{
    QTemporaryDir dir;
    const QString text = dir.filePath(QStringLiteral("notes.concord"));
    writeFile(text, "just some notes\n");
    const Run r = cli({QStringLiteral("info"), text});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QStringLiteral("not a Concord study file")), qPrintable(r.err));
    QCOMPARE(r.err.count(QLatin1Char('\n')), 1);
}

void TestCli::statsFormats_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("marker");
    QTest::newRow("table") << QStringLiteral("table") << QStringLiteral("correlation");
    QTest::newRow("csv") << QStringLiteral("csv")
                         << QStringLiteral("rater,human_group,dimension,level,system,correlation,value,p,n");
    QTest::newRow("markdown") << QStringLiteral("markdown") << QStringLiteral("| ---: |");
    QTest::newRow("latex") << QStringLiteral("latex") << QStringLiteral("\\toprule");
    QTest::newRow("json") << QStringLiteral("json") << QStringLiteral("\"dataset\"");
}

void TestCli::statsFormats()
{
    QFETCH(QString, format);
    QFETCH(QString, marker);
    QTemporaryDir dir;
    const QString study = dir.filePath(QStringLiteral("demo.concord"));
    QCOMPARE(cli({QStringLiteral("demo"), study}).exitCode, 0);
    const Run r = cli({QStringLiteral("stats"), study, QStringLiteral("--human"), QStringLiteral("expert"),
                       QStringLiteral("--rater"), QStringLiteral("annotator_c"), QStringLiteral("--format"), format});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(marker), qPrintable(r.out));
    QVERIFY(r.out.contains(QStringLiteral("coherence")));
}

void TestCli::statsJsonShape()
{
    QTemporaryDir dir;
    const QString study = dir.filePath(QStringLiteral("demo.concord"));
    QCOMPARE(cli({QStringLiteral("demo"), study}).exitCode, 0);
    const Run r = cli({QStringLiteral("stats"), study, QStringLiteral("--human"), QStringLiteral("expert"),
                       QStringLiteral("--rater"), QStringLiteral("annotator_a"), QStringLiteral("--dimension"),
                       QStringLiteral("consistency"), QStringLiteral("--format"), QStringLiteral("json"),
                       QStringLiteral("--bootstrap"), QStringLiteral("100"), QStringLiteral("--correlation"),
                       QStringLiteral("pearson,kendall_c")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonObject j = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(j.keys(), QStringList{QStringLiteral("consistency")});
    const QJsonObject d = j.value(QStringLiteral("consistency")).toObject();
    for (const char *level : {"dataset", "system", "summary", "per_system", "meta"})
        QVERIFY2(d.contains(QLatin1String(level)), level);
    const QJsonObject entry = d.value(QStringLiteral("dataset")).toObject().value(QStringLiteral("pearson")).toObject();
    for (const char *key : {"value", "p", "n", "ci_low", "ci_high"})
        QVERIFY2(entry.contains(QLatin1String(key)), key);
    QVERIFY(entry.value(QStringLiteral("ci_low")).toDouble() <= entry.value(QStringLiteral("value")).toDouble());
    QVERIFY(d.value(QStringLiteral("dataset")).toObject().contains(QStringLiteral("kendall_c")));
    QVERIFY(!d.value(QStringLiteral("dataset")).toObject().contains(QStringLiteral("spearman")));
    QVERIFY(d.value(QStringLiteral("summary")).toObject().value(QStringLiteral("documents_used")).isDouble());
    QCOMPARE(d.value(QStringLiteral("per_system")).toObject().size(), 4);
}

// stats --correlation acc,acc_eq,spa on SummEval (12 systems, 100 documents): the tie-aware accuracies at
// system and summary level, honest about what they lack (no p-value, SPA only at system level). The values
// are printed by `tests/reference/tie_accuracy_reference.py ../shared/data/summeval` (numpy/scipy, an
// independent implementation reading the jsonl files itself): turker_1 against the experts' mean.
void TestCli::statsTieAwareAccuracyOnSummEval()
{
    // Means of a few fractions summed in another order by the reference: the last bits may differ.
    const auto near = [](const QJsonObject &entry, const char *key, double expected) {
        const double actual = entry.value(QLatin1String(key)).toDouble(-1);
        if (std::fabs(actual - expected) <= 1e-12)
            return true;
        qWarning("%s: %.17g, the reference has %.17g", key, actual, expected);
        return false;
    };
    const QStringList files = concord::test::summevalFiles();
    if (files.isEmpty())
        QSKIP("../shared/data/summeval is absent: the SummEval import cannot be checked here");
    QTemporaryDir dir;
    const QString study = dir.filePath(QStringLiteral("summeval.concord"));
    QCOMPARE(cli({QStringLiteral("new"), study}).exitCode, 0);
    const Run imported = cli(
        QStringList{QStringLiteral("import"), study, QStringLiteral("--format"), QStringLiteral("summeval")} + files);
    QVERIFY2(imported.exitCode == 0, qPrintable(imported.err));
    const QStringList args{QStringLiteral("stats"),         study,
                           QStringLiteral("--human"),       QStringLiteral("expert"),
                           QStringLiteral("--rater"),       QStringLiteral("turker_1"),
                           QStringLiteral("--dimension"),   QStringLiteral("coherence"),
                           QStringLiteral("--levels"),      QStringLiteral("system,summary"),
                           QStringLiteral("--correlation"), QStringLiteral("acc,acc_eq,spa")};
    const Run r = cli(args + QStringList{QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonObject d
        = QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("coherence")).toObject();
    const QJsonObject system = d.value(QStringLiteral("system")).toObject();
    QCOMPARE(system.keys(), (QStringList{QStringLiteral("acc"), QStringLiteral("acc_eq"), QStringLiteral("spa")}));
    for (const QString &method : system.keys()) {
        const QJsonObject e = system.value(method).toObject();
        const double v = e.value(QStringLiteral("value")).toDouble(-1);
        QVERIFY2(v >= 0 && v <= 1, qPrintable(method));
        QVERIFY2(e.value(QStringLiteral("p")).isNull(), qPrintable(method)); // no p-value is invented
    }
    // n counts the 12 systems, as it does for the correlations.
    for (const QString &method : system.keys())
        QCOMPARE(system.value(method).toObject().value(QStringLiteral("n")).toInt(), 12);
    // turker_1 orders 26 of the 66 system pairs as the experts do; its one tie (M15 and M20, both 3.82) is
    // not an expert tie, so tie calibration keeps ε = 0 and acc_eq is 26/66 too.
    QVERIFY(near(system.value(QStringLiteral("acc")).toObject(), "value", 0.3939393939393939));
    QVERIFY(near(system.value(QStringLiteral("acc_eq")).toObject(), "value", 0.3939393939393939));
    QVERIFY(near(system.value(QStringLiteral("acc_eq")).toObject(), "tie_threshold", 0.0));
    QVERIFY(near(system.value(QStringLiteral("spa")).toObject(), "value", 0.4309629764175219));
    QVERIFY(!system.value(QStringLiteral("acc")).toObject().contains(QStringLiteral("tie_threshold")));

    const QJsonObject summary = d.value(QStringLiteral("summary")).toObject();
    const QJsonObject accEq = summary.value(QStringLiteral("acc_eq")).toObject();
    QCOMPARE(accEq.value(QStringLiteral("documents_used")).toInt(), 100);
    QCOMPARE(accEq.value(QStringLiteral("n")).toInt(), 100 * 12);
    QVERIFY(near(accEq, "value", 0.3231818181818182));
    QVERIFY(near(accEq, "tie_threshold", 0.0));
    const QJsonObject acc = summary.value(QStringLiteral("acc")).toObject();
    QVERIFY(near(acc, "value", 0.321027600114999));
    QCOMPARE(acc.value(QStringLiteral("documents_used")).toInt(), 100);
    const QJsonObject spa = summary.value(QStringLiteral("spa")).toObject();
    QVERIFY(spa.value(QStringLiteral("value")).isNull());
    QVERIFY2(spa.value(QStringLiteral("undefined_reason")).toString().contains(QStringLiteral("system level only")),
             qPrintable(r.out));

    // Tables carry the chosen threshold in a column of its own, and the same value as the JSON.
    const Run csv = cli(args + QStringList{QStringLiteral("--format"), QStringLiteral("csv")});
    QVERIFY2(csv.exitCode == 0, qPrintable(csv.err));
    QVERIFY2(csv.out.startsWith(QStringLiteral("rater,human_group,dimension,level,system,correlation,value,p,n,"
                                               "documents_used,tie_threshold")),
             qPrintable(csv.out));
    const auto lines = csv.out.split(QLatin1Char('\n'));
    const auto row = std::find_if(lines.begin(), lines.end(), [](const QString &line) {
        return line.startsWith(QStringLiteral("turker_1,expert,coherence,system,,acc_eq,"));
    });
    QVERIFY2(row != lines.end(), qPrintable(csv.out));
    const QStringList cells = row->trimmed().split(QLatin1Char(','));
    const QJsonObject systemAccEq = system.value(QStringLiteral("acc_eq")).toObject();
    QCOMPARE(cells.at(6).toDouble(), systemAccEq.value(QStringLiteral("value")).toDouble());
    QCOMPARE(cells.last().toDouble(), systemAccEq.value(QStringLiteral("tie_threshold")).toDouble());
}

void TestCli::statsErrors_data()
{
    QTest::addColumn<QStringList>("extra");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("expected");
    QTest::newRow("no human") << QStringList{QStringLiteral("--rater"), QStringLiteral("annotator_a")} << 2
                              << QStringLiteral("--human");
    QTest::newRow("unknown rater")
        << QStringList{QStringLiteral("--human"), QStringLiteral("expert"), QStringLiteral("--rater"),
                       QStringLiteral("zed")}
        << 1 << QStringLiteral("no rater named 'zed' in the study (its raters: annotator_a, annotator_b, annotator_c)");
    QTest::newRow("unknown dimension") << QStringList{QStringLiteral("--human"),     QStringLiteral("expert"),
                                                      QStringLiteral("--rater"),     QStringLiteral("annotator_c"),
                                                      QStringLiteral("--dimension"), QStringLiteral("taste")}
                                       << 1
                                       << QStringLiteral(
                                              "no dimension named 'taste' in the study (its dimensions: coherence,");
    QTest::newRow("unknown group") << QStringList{QStringLiteral("--human"), QStringLiteral("nobody"),
                                                  QStringLiteral("--rater"), QStringLiteral("annotator_a")}
                                   << 1 << QStringLiteral("group 'nobody' (its human groups: crowd, expert)");
    QTest::newRow("bad level") << QStringList{QStringLiteral("--human"),  QStringLiteral("expert"),
                                              QStringLiteral("--rater"),  QStringLiteral("annotator_c"),
                                              QStringLiteral("--levels"), QStringLiteral("galaxy")}
                               << 2 << QStringLiteral("unknown level 'galaxy'");
    QTest::newRow("bad correlation") << QStringList{QStringLiteral("--human"),       QStringLiteral("expert"),
                                                    QStringLiteral("--rater"),       QStringLiteral("annotator_c"),
                                                    QStringLiteral("--correlation"), QStringLiteral("cosine")}
                                     << 2 << QStringLiteral("unknown correlation 'cosine'");
    QTest::newRow("bad bootstrap") << QStringList{QStringLiteral("--human"),     QStringLiteral("expert"),
                                                  QStringLiteral("--rater"),     QStringLiteral("annotator_c"),
                                                  QStringLiteral("--bootstrap"), QStringLiteral("many")}
                                   << 2 << QStringLiteral("--bootstrap");
    QTest::newRow("bad format") << QStringList{QStringLiteral("--human"),  QStringLiteral("expert"),
                                               QStringLiteral("--rater"),  QStringLiteral("annotator_c"),
                                               QStringLiteral("--format"), QStringLiteral("xlsx")}
                                << 2 << QStringLiteral("xlsx");
    const QStringList compare{QStringLiteral("--human"),   QStringLiteral("expert"),
                              QStringLiteral("--rater"),   QStringLiteral("annotator_c"),
                              QStringLiteral("--compare"), QStringLiteral("annotator_a")};
    QTest::newRow("test without compare")
        << QStringList{QStringLiteral("--human"),     QStringLiteral("expert"), QStringLiteral("--rater"),
                       QStringLiteral("annotator_c"), QStringLiteral("--test"), QStringLiteral("williams")}
        << 2 << QStringLiteral("--test goes with --compare");
    QTest::newRow("compare, tie-aware accuracy")
        << compare + QStringList{QStringLiteral("--correlation"), QStringLiteral("pearson,acc_eq")} << 2
        << QStringLiteral("--compare tests correlations: pearson, spearman, kendall_b or kendall_c, not acc_eq");
    QTest::newRow("compare, bad test") << compare + QStringList{QStringLiteral("--test"), QStringLiteral("t-test")} << 2
                                       << QStringLiteral("--test takes williams, permutation or both");
    QTest::newRow("compare, per-system") << compare
                                                + QStringList{QStringLiteral("--levels"),
                                                              QStringLiteral("dataset,per-system")}
                                         << 2 << QStringLiteral("not per-system");
    QTest::newRow("compare, bootstrap") << compare + QStringList{QStringLiteral("--bootstrap"), QStringLiteral("100")}
                                        << 2 << QStringLiteral("--bootstrap and --resample do not go with --compare");
    QTest::newRow("compare, no resamples") << compare + QStringList{QStringLiteral("--resamples"), QStringLiteral("0")}
                                           << 2 << QStringLiteral("--resamples");
    QTest::newRow("compare, unknown rater")
        << QStringList{QStringLiteral("--human"),     QStringLiteral("expert"),    QStringLiteral("--rater"),
                       QStringLiteral("annotator_c"), QStringLiteral("--compare"), QStringLiteral("zed")}
        << 1 << QStringLiteral("no rater named 'zed'");
}

void TestCli::statsErrors()
{
    QFETCH(QStringList, extra);
    QFETCH(int, exitCode);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    const QString study = dir.filePath(QStringLiteral("demo.concord"));
    QCOMPARE(cli({QStringLiteral("demo"), study}).exitCode, 0);
    const Run r = cli(QStringList{QStringLiteral("stats"), study} + extra);
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY2(r.err.contains(expected), qPrintable(r.err));
    QCOMPARE(r.err.count(QLatin1Char('\n')), 1);
}

// The comparison of two judges on the fixed study of tests/core/reports/reference: the numbers are
// judge_comparison_reference.py's (NumPy/SciPy), as in tst_judge_comparison.
void TestCli::statsCompareJson()
{
    QTemporaryDir dir;
    const QString study = dir.filePath(QStringLiteral("comparison.concord"));
    const std::string error = concord::test::createJudgeComparisonStudy(study.toStdString());
    QVERIFY2(error.empty(), error.c_str());
    const QStringList judges{QStringLiteral("stats"),     study,
                             QStringLiteral("--human"),   QStringLiteral("expert"),
                             QStringLiteral("--rater"),   QStringLiteral("judge_a"),
                             QStringLiteral("--compare"), QStringLiteral("judge_b"),
                             QStringLiteral("--format"),  QStringLiteral("json")};
    const Run r = cli(judges + QStringList{QStringLiteral("--correlation"), QStringLiteral("pearson,kendall_b")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonObject j = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(j.value(QStringLiteral("rater_a")).toString(), QStringLiteral("judge_a"));
    QCOMPARE(j.value(QStringLiteral("rater_b")).toString(), QStringLiteral("judge_b"));
    QCOMPARE(j.value(QStringLiteral("seed")).toInteger(), 24301);
    QCOMPARE(j.value(QStringLiteral("resamples")).toInteger(), 1000);
    const QJsonObject dims = j.value(QStringLiteral("dimensions")).toObject();
    QCOMPARE(dims.keys(), (QStringList{QStringLiteral("coherence"), QStringLiteral("fluency")}));
    const QJsonObject coherence = dims.value(QStringLiteral("coherence")).toObject();
    QCOMPARE(coherence.keys(),
             (QStringList{QStringLiteral("dataset"), QStringLiteral("summary"), QStringLiteral("system")}));
    const QJsonObject e
        = coherence.value(QStringLiteral("dataset")).toObject().value(QStringLiteral("pearson")).toObject();
    QCOMPARE(e.value(QStringLiteral("r_a")).toObject().value(QStringLiteral("value")).toDouble(), 0.7879165183834818);
    QCOMPARE(e.value(QStringLiteral("r_b")).toObject().value(QStringLiteral("value")).toDouble(), 0.5115125929828396);
    QCOMPARE(e.value(QStringLiteral("r_ab")).toObject().value(QStringLiteral("n")).toInt(), 29);
    const QJsonObject williams = e.value(QStringLiteral("williams")).toObject();
    QCOMPARE(williams.value(QStringLiteral("t")).toDouble(), 2.9224482614105383);
    QCOMPARE(williams.value(QStringLiteral("df")).toDouble(), 26.0);
    QCOMPARE(williams.value(QStringLiteral("p")).toDouble(), 0.007098734270096596);
    QCOMPARE(e.value(QStringLiteral("permutation")).toObject().value(QStringLiteral("p")).toDouble(),
             0.007992007992007992);
    QCOMPARE(e.value(QStringLiteral("better")).toString(), QStringLiteral("judge_a"));
    QCOMPARE(e.value(QStringLiteral("significant")).toBool(), true);
    // Kendall at summary level: no Williams' test, and the reason why.
    const QJsonObject summary
        = coherence.value(QStringLiteral("summary")).toObject().value(QStringLiteral("kendall_b")).toObject();
    QVERIFY(summary.value(QStringLiteral("williams")).toObject().value(QStringLiteral("t")).isNull());
    QVERIFY(summary.value(QStringLiteral("williams")).toObject().value(QStringLiteral("undefined_reason")).isString());
    QCOMPARE(summary.value(QStringLiteral("permutation")).toObject().value(QStringLiteral("p")).toDouble(),
             0.01898101898101898);

    // The seed and the resample count are the user's; only the permutation test runs when asked alone.
    const Run seeded
        = cli(judges
              + QStringList{QStringLiteral("--correlation"), QStringLiteral("pearson"), QStringLiteral("--levels"),
                            QStringLiteral("summary"), QStringLiteral("--test"), QStringLiteral("permutation"),
                            QStringLiteral("--seed"), QStringLiteral("7"), QStringLiteral("--resamples"),
                            QStringLiteral("200")});
    QVERIFY2(seeded.exitCode == 0, qPrintable(seeded.err));
    const QJsonObject s = QJsonDocument::fromJson(seeded.out.toUtf8()).object();
    const QJsonObject fluency
        = s.value(QStringLiteral("dimensions")).toObject().value(QStringLiteral("fluency")).toObject();
    QCOMPARE(fluency.keys(), QStringList{QStringLiteral("summary")});
    const QJsonObject f
        = fluency.value(QStringLiteral("summary")).toObject().value(QStringLiteral("pearson")).toObject();
    QVERIFY(!f.contains(QStringLiteral("williams")));
    QCOMPARE(f.value(QStringLiteral("permutation")).toObject().value(QStringLiteral("p")).toDouble(),
             0.27860696517412936);
    QCOMPARE(f.value(QStringLiteral("permutation")).toObject().value(QStringLiteral("resamples")).toInt(), 200);
}

void TestCli::statsCompareFormats_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QStringList>("markers");
    // coherence, dataset, Pearson: Williams p 0.0071, permutation p 0.0080 (three digits, as a paper prints them).
    QTest::newRow("table") << QStringLiteral("table")
                           << QStringList{QStringLiteral("A = judge_a, B = judge_b, against the mean of group expert"),
                                          QStringLiteral("williams_p"), QStringLiteral("0.007"),
                                          QStringLiteral("0.008"), QStringLiteral("judge_a")};
    QTest::newRow("csv") << QStringLiteral("csv")
                         << QStringList{QStringLiteral("dimension,level,correlation,n,r_a,r_b,difference,r_ab,williams_"
                                                       "t,williams_p,permutation_p,better,significant\r\n"
                                                       "coherence,dataset,pearson,29,0.78791651838348"),
                                        QStringLiteral(",0.007992007992007992,judge_a,yes\r\n")};
    QTest::newRow("markdown") << QStringLiteral("markdown")
                              << QStringList{QStringLiteral("| ---: |"), QStringLiteral("| williams_t |")};
    QTest::newRow("latex") << QStringLiteral("latex")
                           << QStringList{QStringLiteral("\\toprule"), QStringLiteral("A = judge\\_a")};
}

void TestCli::statsCompareFormats()
{
    QFETCH(QString, format);
    QFETCH(QStringList, markers);
    QTemporaryDir dir;
    const QString study = dir.filePath(QStringLiteral("comparison.concord"));
    const std::string error = concord::test::createJudgeComparisonStudy(study.toStdString());
    QVERIFY2(error.empty(), error.c_str());
    const Run r = cli({QStringLiteral("stats"), study, QStringLiteral("--human"), QStringLiteral("expert"),
                       QStringLiteral("--rater"), QStringLiteral("judge_a"), QStringLiteral("--compare"),
                       QStringLiteral("judge_b"), QStringLiteral("--correlation"), QStringLiteral("pearson"),
                       QStringLiteral("--format"), format});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    for (const QString &marker : markers)
        QVERIFY2(r.out.contains(marker), qPrintable(marker + QStringLiteral("\n") + r.out));
    QCOMPARE(r.out.count(QStringLiteral("coherence")), 3); // one row per level
}

void TestCli::agreementJson()
{
    QTemporaryDir dir;
    const QString study = dir.filePath(QStringLiteral("demo.concord"));
    QCOMPARE(cli({QStringLiteral("demo"), study}).exitCode, 0);
    const Run r = cli({QStringLiteral("agreement"), study, QStringLiteral("--group"), QStringLiteral("expert"),
                       QStringLiteral("--dimension"), QStringLiteral("consistency"), QStringLiteral("--level"),
                       QStringLiteral("interval"), QStringLiteral("--bootstrap"), QStringLiteral("200"),
                       QStringLiteral("--json")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonObject j = QJsonDocument::fromJson(r.out.toUtf8()).object();
    for (const char *key : {"alpha", "ci_low", "ci_high", "units", "pairable_values"})
        QVERIFY2(j.contains(QLatin1String(key)), key);
    QCOMPARE(j.value(QStringLiteral("units")).toInt(), 32); // two experts rated all 32 candidates
    QCOMPARE(j.value(QStringLiteral("pairable_values")).toInt(), 64);
    const double alpha = j.value(QStringLiteral("alpha")).toDouble();
    QVERIFY(j.value(QStringLiteral("ci_low")).toDouble() <= alpha
            && alpha <= j.value(QStringLiteral("ci_high")).toDouble());

    // Rankings are ordinal units too; a judge-free study still reports a plain-text line.
    const Run ranks = cli({QStringLiteral("agreement"), study, QStringLiteral("--group"), QStringLiteral("expert"),
                           QStringLiteral("--dimension"), QStringLiteral("overall")});
    QVERIFY2(ranks.exitCode == 0, qPrintable(ranks.err));
    QVERIFY(ranks.out.contains(QStringLiteral("Krippendorff's alpha (ordinal)")));

    const Run bad = cli({QStringLiteral("agreement"), study, QStringLiteral("--group"), QStringLiteral("expert"),
                         QStringLiteral("--dimension"), QStringLiteral("consistency"), QStringLiteral("--level"),
                         QStringLiteral("cardinal")});
    QCOMPARE(bad.exitCode, 2);
    QVERIFY(bad.err.contains(QStringLiteral("--level")));
}

void TestCli::agreementAtTheDimensionsLevel()
{
    // Without --level a likert dimension's alpha is ordinal, as the GUI and the exported table compute
    // it, and the level is named in the text and the JSON.
    QTemporaryDir dir;
    const QString study = dir.filePath(QStringLiteral("demo.concord"));
    QCOMPARE(cli({QStringLiteral("demo"), study}).exitCode, 0);
    const QStringList base{QStringLiteral("agreement"),   study,
                           QStringLiteral("--group"),     QStringLiteral("expert"),
                           QStringLiteral("--dimension"), QStringLiteral("coherence")};
    const Run text = cli(base);
    QVERIFY2(text.exitCode == 0, qPrintable(text.err));
    QVERIFY2(text.out.startsWith(
                 QStringLiteral("Krippendorff's alpha (ordinal) of 2 raters of group 'expert' on coherence: ")),
             qPrintable(text.out));
    auto json = [&](const QStringList &extra) {
        const Run r = cli(base + extra + QStringList{QStringLiteral("--json")});
        return r.exitCode == 0 ? QJsonDocument::fromJson(r.out.toUtf8()).object() : QJsonObject();
    };
    const QJsonObject byDefault = json({});
    const QJsonObject ordinal = json({QStringLiteral("--level"), QStringLiteral("ordinal")});
    const QJsonObject interval = json({QStringLiteral("--level"), QStringLiteral("interval")});
    QCOMPARE(byDefault.value(QStringLiteral("level")).toString(), QStringLiteral("ordinal"));
    QCOMPARE(byDefault.value(QStringLiteral("alpha")).toDouble(), ordinal.value(QStringLiteral("alpha")).toDouble());
    // Asked for, another level is used and named.
    QCOMPARE(interval.value(QStringLiteral("level")).toString(), QStringLiteral("interval"));
    QVERIFY(interval.value(QStringLiteral("alpha")).toDouble() != ordinal.value(QStringLiteral("alpha")).toDouble());
    const Run intervalText = cli(base + QStringList{QStringLiteral("--level"), QStringLiteral("interval")});
    QVERIFY(intervalText.out.startsWith(QStringLiteral("Krippendorff's alpha (interval) of ")));
}

void TestCli::judgeEstimateRunResumeAndCalls()
{
    concord::test::TestLlmServer server;
    QVERIFY(server.start() > 0);
    server.setHandler(
        [](const concord::test::RecordedRequest &) { return concord::test::Reply::openAi("Clear enough. Score: 4"); });
    QTemporaryDir dir;
    const QString study = dir.filePath(QStringLiteral("demo.concord"));
    QCOMPARE(cli({QStringLiteral("demo"), study}).exitCode, 0);
    const QByteArray key = "sk-cli-test-key-0000-SECRET";
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("CONCORD_CLI_TEST_KEY"), QString::fromLatin1(key));
    const QStringList base{QStringLiteral("judge"),         study,
                           QStringLiteral("--provider"),    QStringLiteral("openai"),
                           QStringLiteral("--base-url"),    QString::fromStdString(server.baseUrl() + "/v1"),
                           QStringLiteral("--model"),       QStringLiteral("test-model"),
                           QStringLiteral("--protocol"),    QStringLiteral("rts"),
                           QStringLiteral("--dimension"),   QStringLiteral("coherence"),
                           QStringLiteral("--limit"),       QStringLiteral("2"),
                           QStringLiteral("--api-key-env"), QStringLiteral("CONCORD_CLI_TEST_KEY"),
                           QStringLiteral("--rater"),       QStringLiteral("cli-judge"),
                           QStringLiteral("--price-in"),    QStringLiteral("1"),
                           QStringLiteral("--price-out"),   QStringLiteral("2")};
    const Run estimate = cli(base + QStringList{QStringLiteral("--estimate")}, env);
    QVERIFY2(estimate.exitCode == 0, qPrintable(estimate.err));
    QVERIFY2(estimate.out.contains(QStringLiteral("calls to send      8")), qPrintable(estimate.out));
    QCOMPARE(server.requestCount(), std::size_t{0});

    const Run run = cli(base, env);
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.out.contains(QStringLiteral("finished: 8 calls, 8 sent, 0 cached, 0 failed")), qPrintable(run.out));
    QCOMPARE(server.requestCount(), std::size_t{8});
    QVERIFY(!run.out.toUtf8().contains(key) && !run.err.toUtf8().contains(key));

    const Run again = cli(base, env);
    QVERIFY2(again.exitCode == 0, qPrintable(again.err));
    QVERIFY2(again.out.contains(QStringLiteral("8 calls, 0 sent, 8 cached")), qPrintable(again.out));
    QCOMPARE(server.requestCount(), std::size_t{8});

    const Run calls = cli({QStringLiteral("calls"), study, QStringLiteral("--rater"), QStringLiteral("cli-judge"),
                           QStringLiteral("--json")});
    QCOMPARE(calls.exitCode, 0);
    const QStringList lines = calls.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 8);
    const QJsonObject first = QJsonDocument::fromJson(lines.first().toUtf8()).object();
    QCOMPARE(first.value(QStringLiteral("parsed_value")).toDouble(), 4.0);
    QVERIFY(first.value(QStringLiteral("raw_response")).toString().contains(QStringLiteral("Score: 4")));
    QVERIFY(!first.value(QStringLiteral("prompt")).toString().isEmpty());
    QVERIFY(!calls.out.toUtf8().contains(key));
    const Run invalidOnly = cli({QStringLiteral("calls"), study, QStringLiteral("--rater"), QStringLiteral("cli-judge"),
                                 QStringLiteral("--invalid")});
    QCOMPARE(invalidOnly.exitCode, 0);
    QCOMPARE(invalidOnly.out.count(QLatin1Char('\n')), 1); // the header line only

    // The judge's ratings are there for the statistics.
    const Run stats = cli({QStringLiteral("stats"), study, QStringLiteral("--human"), QStringLiteral("expert"),
                           QStringLiteral("--rater"), QStringLiteral("cli-judge"), QStringLiteral("--format"),
                           QStringLiteral("json")});
    QVERIFY2(stats.exitCode == 0, qPrintable(stats.err));
}

void TestCli::judgeGevalSummaryAndCallMethods()
{
    // A server without token probabilities that honours n: G-Eval is scored by sampling, and the run's
    // summary, the calls' JSON and the calls' table say so.
    concord::test::TestLlmServer server;
    QVERIFY(server.start() > 0);
    server.setHandler([](const concord::test::RecordedRequest &r) {
        const auto body = QJsonDocument::fromJson(QByteArray::fromStdString(r.body)).object();
        if (body.value(QStringLiteral("temperature")).toDouble() < 1.5
            && !body.value(QStringLiteral("logprobs")).toBool())
            return concord::test::Reply::openAi("1. Read the article.\n2. Judge the summary.\n3. Give a score.");
        const int n = body.value(QStringLiteral("n")).toInt(1);
        const std::vector<std::string> samples{"Score: 4", "Score: 2", "Score: 3"};
        return concord::test::Reply::openAiChoices(std::vector<std::string>(samples.begin(), samples.begin() + n));
    });
    QTemporaryDir dir;
    const QString study = dir.filePath(QStringLiteral("demo.concord"));
    QCOMPARE(cli({QStringLiteral("demo"), study}).exitCode, 0);
    const Run run = cli({QStringLiteral("judge"),         study,
                         QStringLiteral("--provider"),    QStringLiteral("openai"),
                         QStringLiteral("--base-url"),    QString::fromStdString(server.baseUrl() + "/v1"),
                         QStringLiteral("--model"),       QStringLiteral("test-model"),
                         QStringLiteral("--protocol"),    QStringLiteral("geval"),
                         QStringLiteral("--dimension"),   QStringLiteral("coherence"),
                         QStringLiteral("--limit"),       QStringLiteral("1"),
                         QStringLiteral("--samples"),     QStringLiteral("3"),
                         QStringLiteral("--concurrency"), QStringLiteral("1"),
                         QStringLiteral("--rater"),       QStringLiteral("geval-judge")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QRegularExpression summary(
        QStringLiteral("^geval: 0 units by token probabilities, (\\d+) by the mean of 3 samples$"),
        QRegularExpression::MultilineOption);
    const QRegularExpressionMatch m = summary.match(run.out);
    QVERIFY2(m.hasMatch(), qPrintable(run.out));
    QVERIFY2(run.out.contains(QStringLiteral("note: geval: the server sent no token probabilities")),
             qPrintable(run.out));

    const Run calls = cli({QStringLiteral("calls"), study, QStringLiteral("--rater"), QStringLiteral("geval-judge"),
                           QStringLiteral("--json")});
    QCOMPARE(calls.exitCode, 0);
    int samples = 0, single = 0, none = 0;
    for (const QString &line : calls.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const QJsonObject call = QJsonDocument::fromJson(line.toUtf8()).object();
        const QJsonValue method = call.value(QStringLiteral("method"));
        if (method == QJsonValue(QStringLiteral("samples"))) {
            ++samples;
            QCOMPARE(call.value(QStringLiteral("parsed_value")).toDouble(), 3.0); // (4 + 2 + 3) / 3
        } else if (method == QJsonValue(QStringLiteral("single"))) {
            ++single;
        } else {
            QVERIFY(method.isNull()); // the evaluation steps
            ++none;
        }
    }
    // One sampling call per unit, the first unit's answer without token probabilities, one steps call.
    QCOMPARE(samples, m.captured(1).toInt());
    QVERIFY(samples >= 2);
    QCOMPARE(single, 1);
    QCOMPARE(none, 1);
    const Run table = cli({QStringLiteral("calls"), study, QStringLiteral("--rater"), QStringLiteral("geval-judge")});
    QCOMPARE(table.exitCode, 0);
    QVERIFY2(table.out.section(QLatin1Char('\n'), 0, 0).contains(QStringLiteral("method")), qPrintable(table.out));
    QCOMPARE(table.out.count(QStringLiteral(" samples ")), samples);
}

void TestCli::judgeErrors_data()
{
    QTest::addColumn<QStringList>("extra");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("expected");
    QTest::newRow("no provider") << QStringList{QStringLiteral("--base-url"), QStringLiteral("http://127.0.0.1:9"),
                                                QStringLiteral("--model"),    QStringLiteral("m"),
                                                QStringLiteral("--protocol"), QStringLiteral("rts")}
                                 << 2 << QStringLiteral("--provider");
    QTest::newRow("unknown protocol") << QStringList{QStringLiteral("--provider"), QStringLiteral("openai"),
                                                     QStringLiteral("--base-url"), QStringLiteral("http://127.0.0.1:9"),
                                                     QStringLiteral("--model"),    QStringLiteral("m"),
                                                     QStringLiteral("--protocol"), QStringLiteral("vibes")}
                                      << 2 << QStringLiteral("unknown --protocol 'vibes'");
    QTest::newRow("key variable not set")
        << QStringList{QStringLiteral("--provider"),    QStringLiteral("openai"),
                       QStringLiteral("--base-url"),    QStringLiteral("http://127.0.0.1:9"),
                       QStringLiteral("--model"),       QStringLiteral("m"),
                       QStringLiteral("--protocol"),    QStringLiteral("rts"),
                       QStringLiteral("--api-key-env"), QStringLiteral("CONCORD_SURELY_UNSET_VARIABLE")}
        << 1 << QStringLiteral("CONCORD_SURELY_UNSET_VARIABLE");
    QTest::newRow("bad concurrency")
        << QStringList{QStringLiteral("--provider"),    QStringLiteral("openai"),
                       QStringLiteral("--base-url"),    QStringLiteral("http://127.0.0.1:9"),
                       QStringLiteral("--model"),       QStringLiteral("m"),
                       QStringLiteral("--protocol"),    QStringLiteral("rts"),
                       QStringLiteral("--concurrency"), QStringLiteral("0")}
        << 2 << QStringLiteral("--concurrency");
    // Refused while configuring, before any call is paid for (nothing listens at port 9).
    for (const char *protocol : {"llmscore", "llmeval"})
        QTest::addRow("%s on a rank dimension", protocol)
            << QStringList{QStringLiteral("--provider"),  QStringLiteral("openai"),
                           QStringLiteral("--base-url"),  QStringLiteral("http://127.0.0.1:9"),
                           QStringLiteral("--model"),     QStringLiteral("m"),
                           QStringLiteral("--protocol"),  QString::fromLatin1(protocol),
                           QStringLiteral("--dimension"), QStringLiteral("overall")}
            << 1 << QStringLiteral("rankings are judged by llmrank");
}

void TestCli::judgeErrors()
{
    QFETCH(QStringList, extra);
    QFETCH(int, exitCode);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    const QString study = dir.filePath(QStringLiteral("demo.concord"));
    QCOMPARE(cli({QStringLiteral("demo"), study}).exitCode, 0);
    const Run r = cli(QStringList{QStringLiteral("judge"), study} + extra);
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY2(r.err.contains(expected), qPrintable(r.err));
    QCOMPARE(r.err.count(QLatin1Char('\n')), 1);
}

void TestCli::importJudgements()
{
    QTemporaryDir dir;
    const QString study = dir.filePath(QStringLiteral("demo.concord"));
    QCOMPARE(cli({QStringLiteral("demo"), study}).exitCode, 0);
    const QString file = dir.filePath(QStringLiteral("published.jsonl"));
    writeFile(file, "{\"doc_id\": \"demo-01\", \"system\": \"extractive-lead\", \"dimension\": \"coherence\", "
                    "\"response\": \"Score: 5\"}\n"
                    "{\"doc_id\": \"demo-01\", \"system\": \"abstractive-small\", \"dimension\": \"coherence\", "
                    "\"response\": \"no idea\"}\n");
    const Run r = cli({QStringLiteral("import-judgements"), study, file, QStringLiteral("--protocol"),
                       QStringLiteral("rts"), QStringLiteral("--rater"), QStringLiteral("published")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QStringLiteral("imported 2 judgements: 1 valid, 1 invalid")), qPrintable(r.out));
    const Run bad
        = cli({QStringLiteral("import-judgements"), study, file, QStringLiteral("--protocol"), QStringLiteral("rts")});
    QCOMPARE(bad.exitCode, 2);

    // Repeats are reported, in text and in JSON, with the rule applied.
    const QString again = dir.filePath(QStringLiteral("again.jsonl"));
    writeFile(
        again,
        "{\"doc_id\": \"demo-01\", \"system\": \"extractive-lead\", \"dimension\": \"coherence\", \"value\": 2}\n"
        "{\"doc_id\": \"demo-01\", \"system\": \"extractive-lead\", \"dimension\": \"coherence\", \"value\": 4}\n"
        "{\"doc_id\": \"demo-02\", \"system\": \"extractive-lead\", \"dimension\": \"coherence\", \"value\": 3}\n"
        "{\"doc_id\": \"demo-01\", \"system\": \"extractive-lead\", \"dimension\": \"coherence\", \"value\": 5}\n");
    const Run text = cli({QStringLiteral("import-judgements"), study, again, QStringLiteral("--protocol"),
                          QStringLiteral("rts"), QStringLiteral("--rater"), QStringLiteral("twice")});
    QVERIFY2(text.exitCode == 0, qPrintable(text.err));
    QVERIFY2(text.out.contains(
                 QStringLiteral("imported 4 judgements: 4 valid, 0 invalid\n2 of them answer a unit answered earlier "
                                "in the file, so 2 units are judged (the later answer is the unit's judgement")),
             qPrintable(text.out));
    const Run json = cli({QStringLiteral("import-judgements"), study, again, QStringLiteral("--protocol"),
                          QStringLiteral("rts"), QStringLiteral("--rater"), QStringLiteral("twice-json"),
                          QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(json.exitCode == 0, qPrintable(json.err));
    const QJsonObject o = QJsonDocument::fromJson(json.out.toUtf8()).object();
    QCOMPARE(o.value(QStringLiteral("lines")).toInt(), 4);
    QCOMPARE(o.value(QStringLiteral("repeats")).toInt(), 2);
    QCOMPARE(o.value(QStringLiteral("units")).toInt(), 2);
    QCOMPARE(o.value(QStringLiteral("valid")).toInt(), 4);
    QVERIFY(o.value(QStringLiteral("repeat_rule")).toString().startsWith(QStringLiteral("the later answer")));

    // A recorded G-Eval run holds no token probabilities: the summary says how its scores were obtained.
    const QString geval = dir.filePath(QStringLiteral("geval.jsonl"));
    writeFile(geval, "{\"doc_id\": \"demo-01\", \"system\": \"extractive-lead\", \"dimension\": \"coherence\", "
                     "\"responses\": [\"4\", \"5\"]}\n"
                     "{\"doc_id\": \"demo-02\", \"system\": \"extractive-lead\", \"dimension\": \"coherence\", "
                     "\"responses\": [\"3\"]}\n"
                     "{\"doc_id\": \"demo-03\", \"system\": \"extractive-lead\", \"dimension\": \"coherence\", "
                     "\"response\": \"Score: 2\"}\n");
    const Run gevalText = cli({QStringLiteral("import-judgements"), study, geval, QStringLiteral("--protocol"),
                               QStringLiteral("geval"), QStringLiteral("--rater"), QStringLiteral("published-geval")});
    QVERIFY2(gevalText.exitCode == 0, qPrintable(gevalText.err));
    QVERIFY2(gevalText.out.contains(
                 QStringLiteral("scored by: 1 single answers, 2 means of sampled answers, 0 already-read values")),
             qPrintable(gevalText.out));
    const Run gevalJson
        = cli({QStringLiteral("import-judgements"), study, geval, QStringLiteral("--protocol"), QStringLiteral("geval"),
               QStringLiteral("--rater"), QStringLiteral("published-geval-json"), QStringLiteral("--format"),
               QStringLiteral("json")});
    QVERIFY2(gevalJson.exitCode == 0, qPrintable(gevalJson.err));
    const QJsonObject byMethod
        = QJsonDocument::fromJson(gevalJson.out.toUtf8()).object().value(QStringLiteral("by_method")).toObject();
    QCOMPARE(byMethod.value(QStringLiteral("samples")).toInt(), 2);
    QCOMPARE(byMethod.value(QStringLiteral("single")).toInt(), 1);
    QCOMPARE(byMethod.value(QStringLiteral("value")).toInt(), 0);
}

void TestCli::packageAndMerge()
{
    QTemporaryDir dir;
    const QString study = dir.filePath(QStringLiteral("demo.concord"));
    QCOMPARE(cli({QStringLiteral("demo"), study}).exitCode, 0);
    const int before = info(study).value(QStringLiteral("ratings")).toInt();

    // annotator_c takes a package home and rates a document it had not rated yet.
    const QString package = dir.filePath(QStringLiteral("annotator_c.concord"));
    const Run exported = cli(
        {QStringLiteral("export-package"), study, package, QStringLiteral("--rater"), QStringLiteral("annotator_c")});
    QVERIFY2(exported.exitCode == 0, qPrintable(exported.err));
    // The package is blind: no byte of it names a system of the study.
    {
        QFile file(package);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray bytes = file.readAll();
        auto demo = std::move(concord::store::Study::open(study.toStdString())).value();
        QCOMPARE(demo->systems().size(), std::size_t(4));
        for (const auto &sys : demo->systems())
            QVERIFY2(!bytes.contains(QByteArray::fromStdString(sys.name)), sys.name.c_str());
    }
    // Each summary has a system of its own in the package, named at random: the annotator's ratings
    // name those.
    const QByteArray lead = nameInPackage(package, study, "demo-08", "extractive-lead");
    const QByteArray tuned = nameInPackage(package, study, "demo-08", "instruct-tuned");
    QVERIFY(lead.startsWith("hidden-") && tuned.startsWith("hidden-") && lead != tuned);
    const QString ratings = dir.filePath(QStringLiteral("new.csv"));
    QByteArray rows("doc_id,system,dimension,rater,value\n");
    rows += "demo-08," + lead + ",coherence,annotator_c,4\n";
    rows += "demo-08," + tuned + ",coherence,annotator_c,2\n";
    writeFile(ratings, rows);
    const Run added
        = cli({QStringLiteral("import"), package, QStringLiteral("--format"), QStringLiteral("csv"), ratings});
    QVERIFY2(added.exitCode == 0, qPrintable(added.err));
    const Run merged = cli({QStringLiteral("merge"), study, package});
    QVERIFY2(merged.exitCode == 0, qPrintable(merged.err));
    QCOMPARE(info(study).value(QStringLiteral("ratings")).toInt(), before + 2);
    {
        // On the summaries by the systems they were given to.
        auto demo = std::move(concord::store::Study::open(study.toStdString())).value();
        const auto doc = demo->documentId("demo-08").value();
        const auto c = demo->raterId("annotator_c").value();
        const auto coherence = demo->dimensionId("coherence").value();
        QCOMPARE(demo->rating(c, demo->candidateId(doc, demo->systemId("extractive-lead").value()).value(), coherence),
                 std::optional<double>(4));
        QCOMPARE(demo->rating(c, demo->candidateId(doc, demo->systemId("instruct-tuned").value()).value(), coherence),
                 std::optional<double>(2));
    }

    // A second package that rates the same summary differently is refused whole, with one clear line.
    const QString other = dir.filePath(QStringLiteral("other.concord"));
    QCOMPARE(
        cli({QStringLiteral("export-package"), study, other, QStringLiteral("--rater"), QStringLiteral("annotator_c")})
            .exitCode,
        0);
    const QString conflicting = dir.filePath(QStringLiteral("conflict.csv"));
    QByteArray conflictingRows("doc_id,system,dimension,rater,value\n");
    conflictingRows
        += "demo-08," + nameInPackage(other, study, "demo-08", "extractive-lead") + ",coherence,annotator_c,1\n";
    conflictingRows
        += "demo-08," + nameInPackage(other, study, "demo-08", "abstractive-small") + ",coherence,annotator_c,3\n";
    writeFile(conflicting, conflictingRows);
    QCOMPARE(
        cli({QStringLiteral("import"), other, QStringLiteral("--format"), QStringLiteral("csv"), conflicting}).exitCode,
        0);
    const Run refused = cli({QStringLiteral("merge"), study, other});
    QCOMPARE(refused.exitCode, 1);
    QVERIFY2(refused.err.contains(QStringLiteral("conflict")), qPrintable(refused.err));
    QCOMPARE(refused.err.count(QLatin1Char('\n')), 1);
    QVERIFY2(refused.out.contains(QStringLiteral("document 'demo-08', summary by 'extractive-lead'")),
             qPrintable(refused.out));
    QCOMPARE(info(study).value(QStringLiteral("ratings")).toInt(), before + 2); // nothing of it came in

    const Run missingRater = cli({QStringLiteral("export-package"), study, dir.filePath(QStringLiteral("x.concord"))});
    QCOMPARE(missingRater.exitCode, 2);
}

void TestCli::pairwiseUnderEachRule_data()
{
    QTest::addColumn<QString>("rule");
    QTest::addColumn<double>("success");
    QTest::addColumn<double>("consecutive");
    // Counted by hand in tests/support/h2h_study.cpp: both orders must agree for a win (3 of 3 pairs
    // agree with the humans, 2 of 2 consecutive), or each order counts half a document (1 of 3, 1 of 2).
    QTest::newRow("agree-or-tie") << QStringLiteral("agree-or-tie") << 1.0 << 1.0;
    QTest::newRow("points") << QStringLiteral("points") << 1.0 / 3.0 << 0.5;
}

void TestCli::pairwiseUnderEachRule()
{
    QFETCH(QString, rule);
    QFETCH(double, success);
    QFETCH(double, consecutive);
    QTemporaryDir dir;
    const QString study = dir.filePath(QStringLiteral("h2h.concord"));
    QCOMPARE(QString::fromStdString(concord::test::H2hStudy::create(study.toStdString())), QString());

    // The CSV's first section is the table the Agreement view's export writes for the same rule, to
    // the last digit.
    const Run csv = cli({QStringLiteral("pairwise"), study, QStringLiteral("--human"), QStringLiteral("expert"),
                         QStringLiteral("--rule"), rule, QStringLiteral("--format"), QStringLiteral("csv")});
    QVERIFY2(csv.exitCode == 0, qPrintable(csv.err));
    auto opened = concord::store::Study::open(study.toStdString(), {true});
    QVERIFY(opened.ok());
    concord::reports::PairwiseRequest request;
    request.humanGroup = "expert";
    request.rule = *concord::stats::pairwiseRuleFromString(rule.toStdString());
    const auto summaries = concord::reports::computePairwise(*opened.value(), request);
    QVERIFY(summaries.ok());
    const auto table = concord::reports::pairwiseTable(summaries.value(), true);
    const std::string expected
        = "# " + table.caption + "\n" + concord::io::render(table, concord::io::TableStyle::Csv) + "\n";
    QVERIFY2(csv.out.startsWith(QString::fromStdString(expected)), qPrintable(csv.out));

    const Run json = cli({QStringLiteral("pairwise"), study, QStringLiteral("--human"), QStringLiteral("expert"),
                          QStringLiteral("--rule"), rule, QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(json.exitCode == 0, qPrintable(json.err));
    const QJsonArray rows
        = QJsonDocument::fromJson(json.out.toUtf8()).object().value(QStringLiteral("results")).toArray();
    QCOMPARE(rows.size(), 1);
    const QJsonObject row = rows.at(0).toObject();
    QCOMPARE(row.value(QStringLiteral("judge")).toString(), QStringLiteral("judge"));
    QCOMPARE(row.value(QStringLiteral("rule")).toString(), rule);
    const QJsonObject h2h = row.value(QStringLiteral("h2h_success")).toObject();
    QCOMPARE(h2h.value(QStringLiteral("all")).toObject().value(QStringLiteral("rate")).toDouble(), success);
    QCOMPARE(h2h.value(QStringLiteral("consecutive")).toObject().value(QStringLiteral("rate")).toDouble(), consecutive);
    QCOMPARE(row.value(QStringLiteral("comparisons")).toDouble(), 12.0);

    const Run bad = cli({QStringLiteral("pairwise"), study, QStringLiteral("--human"), QStringLiteral("expert"),
                         QStringLiteral("--rule"), QStringLiteral("vibes")});
    QCOMPARE(bad.exitCode, 2);
    QVERIFY2(bad.err.contains(QStringLiteral("unknown --rule 'vibes'")), qPrintable(bad.err));
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
