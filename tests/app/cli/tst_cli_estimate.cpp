// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli estimate on SummEval, a crowd worker standing in for the experts' missing labels: the
// documented JSON, the what-if's share of labels, the table formats, and what is refused.
#include "cli_run.h"
#include "test_paths.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using Run = concord::test::CliRun;

class TestCliEstimate : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void jsonAsDocumented();
    void whatIfKeepsAShare();
    void tablesNameWhatTheyHold();
    void refusals_data();
    void refusals();
    void planLabelsStoredAndEstimated();

private:
    QTemporaryDir m_dir;
    QString m_study;
};

void TestCliEstimate::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_study = m_dir.filePath(QStringLiteral("summeval.concord"));
    const QStringList files = concord::test::summevalFiles();
    QVERIFY2(!files.isEmpty(), "the SummEval files are missing (set CONCORD_SHARED_DIR)");
    QCOMPARE(concord::test::runCli({QStringLiteral("new"), m_study}).exitCode, 0);
    const Run imported = concord::test::runCli(
        QStringList{QStringLiteral("import"), m_study, QStringLiteral("--format"), QStringLiteral("summeval")} + files);
    QVERIFY2(imported.exitCode == 0, qPrintable(imported.err));
}

void TestCliEstimate::jsonAsDocumented()
{
    const Run r = concord::test::runCli(
        {QStringLiteral("estimate"), m_study, QStringLiteral("--rater"), QStringLiteral("turker_1"),
         QStringLiteral("--human"), QStringLiteral("expert"), QStringLiteral("--dimension"),
         QStringLiteral("coherence"), QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonObject root = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(root.value(QStringLiteral("method")).toString(), QStringLiteral("ppi++"));
    QCOMPARE(root.value(QStringLiteral("confidence")).toDouble(), 0.95);
    // The variant is named: t intervals and lambda tuned once per dimension unless asked otherwise.
    QCOMPARE(root.value(QStringLiteral("interval")).toString(), QStringLiteral("student-t"));
    QCOMPARE(root.value(QStringLiteral("lambda_tuned")).toString(), QStringLiteral("per dimension"));
    QCOMPARE(root.value(QStringLiteral("variance")).toString(), QStringLiteral("per system"));
    const QJsonObject coherence
        = root.value(QStringLiteral("dimensions")).toObject().value(QStringLiteral("coherence")).toObject();
    const QJsonObject systems = coherence.value(QStringLiteral("systems")).toObject();
    QCOMPARE(systems.size(), 12);
    for (const QString &name : systems.keys()) {
        const QJsonObject s = systems.value(name).toObject();
        for (const char *part : {"classical", "ppi", "judge_only"}) {
            const QJsonObject interval = s.value(QLatin1String(part)).toObject();
            QVERIFY(interval.value(QStringLiteral("ci_low")).toDouble()
                    <= interval.value(QStringLiteral("estimate")).toDouble());
            QVERIFY(interval.value(QStringLiteral("estimate")).toDouble()
                    <= interval.value(QStringLiteral("ci_high")).toDouble());
        }
        // Every summary labelled: nothing for the judge to stand in for, so PPI is the experts' mean.
        QCOMPARE(s.value(QStringLiteral("n_labelled")).toInt(), 100);
        QCOMPARE(s.value(QStringLiteral("n_unlabelled")).toInt(), 0);
        QCOMPARE(s.value(QStringLiteral("effective_n")).toDouble(), 100.0);
        QCOMPARE(s.value(QStringLiteral("ppi")).toObject(), s.value(QStringLiteral("classical")).toObject());
    }
    // 66 pairs of 12 systems, each with its interval and the correction named.
    const QJsonArray differences = coherence.value(QStringLiteral("differences")).toArray();
    QCOMPARE(differences.size(), 66);
    QCOMPARE(differences.first().toObject().value(QStringLiteral("correction")).toString(),
             QStringLiteral("bonferroni"));
}

void TestCliEstimate::whatIfKeepsAShare()
{
    const QStringList args{QStringLiteral("estimate"),
                           m_study,
                           QStringLiteral("--rater"),
                           QStringLiteral("turker_1"),
                           QStringLiteral("--human"),
                           QStringLiteral("expert"),
                           QStringLiteral("--dimension"),
                           QStringLiteral("relevance"),
                           QStringLiteral("--labelled-fraction"),
                           QStringLiteral("0.1"),
                           QStringLiteral("--seed"),
                           QStringLiteral("3"),
                           QStringLiteral("--format"),
                           QStringLiteral("json")};
    const Run r = concord::test::runCli(args);
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QCOMPARE(concord::test::runCli(args).out, r.out); // the same seed, the same draw
    const QJsonObject systems = QJsonDocument::fromJson(r.out.toUtf8())
                                    .object()
                                    .value(QStringLiteral("dimensions"))
                                    .toObject()
                                    .value(QStringLiteral("relevance"))
                                    .toObject()
                                    .value(QStringLiteral("systems"))
                                    .toObject();
    int labelled = 0;
    for (const QString &name : systems.keys()) {
        const QJsonObject s = systems.value(name).toObject();
        QCOMPARE(s.value(QStringLiteral("n_labelled")).toInt() + s.value(QStringLiteral("n_unlabelled")).toInt(), 100);
        QVERIFY(s.contains(QStringLiteral("full_data_mean")));
        // Cochran's rule: the labels it asks for, and whether the system has more.
        const double asked = s.value(QStringLiteral("clt_labels")).toDouble();
        QVERIFY(asked > 0);
        QCOMPARE(s.value(QStringLiteral("clt_holds")).toBool(), s.value(QStringLiteral("n_labelled")).toInt() > asked);
        labelled += s.value(QStringLiteral("n_labelled")).toInt();
    }
    QCOMPARE(labelled, 120); // a tenth of 1,200 summaries

    const Run repeated = concord::test::runCli(args.mid(0, args.size() - 4)
                                               + QStringList{QStringLiteral("--repeat"), QStringLiteral("3"),
                                                             QStringLiteral("--format"), QStringLiteral("csv")});
    QVERIFY2(repeated.exitCode == 0, qPrintable(repeated.err));
    QVERIFY(repeated.out.startsWith(QStringLiteral(
        "dimension,system,runs,coverage,human_coverage,mean_width,mean_human_width,clt_runs,clt_coverage")));
    QCOMPARE(repeated.out.count(QLatin1Char('\n')), 13);
}

void TestCliEstimate::tablesNameWhatTheyHold()
{
    const Run r = concord::test::runCli(
        {QStringLiteral("estimate"), m_study, QStringLiteral("--rater"), QStringLiteral("turker_1"),
         QStringLiteral("--human"), QStringLiteral("expert"), QStringLiteral("--dimension"), QStringLiteral("fluency"),
         QStringLiteral("--baseline"), QStringLiteral("M11"), QStringLiteral("--format"), QStringLiteral("csv")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QStringList lines = r.out.split(QLatin1Char('\n'));
    QVERIFY(lines.first().startsWith(QStringLiteral("judge,human_group,dimension,system,method,n_labelled")));
    QVERIFY(lines.at(1).startsWith(QStringLiteral("turker_1,expert,fluency,M10,ppi++,100,0,0,")));
    // Against the baseline: 11 comparisons.
    const qsizetype differences
        = r.out.indexOf(QStringLiteral("dimension,system,minus_system,difference,ci_low,ci_high,compared,correction"));
    QVERIFY(differences > 0);
    QCOMPARE(r.out.mid(differences).count(QStringLiteral(",M11,")), 11);
}

void TestCliEstimate::refusals_data()
{
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    QTest::newRow("no group") << QStringList{QStringLiteral("--rater"), QStringLiteral("turker_1")} << 2
                              << QStringLiteral("--human GROUP");
    QTest::newRow("unknown method") << QStringList{QStringLiteral("--method"), QStringLiteral("magic")} << 2
                                    << QStringLiteral("ppi++, ppi or classical");
    QTest::newRow("repeat without a fraction")
        << QStringList{QStringLiteral("--repeat"), QStringLiteral("5")} << 2 << QStringLiteral("--labelled-fraction");
    QTest::newRow("unknown judge") << QStringList{QStringLiteral("--rater"), QStringLiteral("nobody")} << 1
                                   << QStringLiteral("rater 'nobody' is not in the study");
    QTest::newRow("unknown interval") << QStringList{QStringLiteral("--interval"), QStringLiteral("wide")} << 2
                                      << QStringLiteral("--interval is t or normal");
    QTest::newRow("unknown tuning") << QStringList{QStringLiteral("--tune-lambda"), QStringLiteral("pair")} << 2
                                    << QStringLiteral("--tune-lambda is dimension or system");
    QTest::newRow("unknown variance") << QStringList{QStringLiteral("--variance"), QStringLiteral("pooled")} << 2
                                      << QStringLiteral("--variance is per-system or moderated");
    QTest::newRow("a judge and a group") << QStringList{QStringLiteral("--predictor-group"), QStringLiteral("turker")}
                                         << 2 << QStringLiteral("--rater JUDGE or --predictor-group GROUP");
    QTest::newRow("unknown plan") << QStringList{QStringLiteral("--plan"), QStringLiteral("9")} << 1
                                  << QStringLiteral("the study has no label plan 9");
    QTest::newRow("a confidence of 2") << QStringList{QStringLiteral("--confidence"), QStringLiteral("2")} << 1
                                       << QStringLiteral("between 0 and 1");
}

void TestCliEstimate::refusals()
{
    QFETCH(QStringList, options);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    QStringList args{QStringLiteral("estimate"), m_study};
    if (!options.contains(QStringLiteral("--rater")))
        args << QStringLiteral("--rater") << QStringLiteral("turker_1");
    if (options.first() != QStringLiteral("--rater") || options.at(1) != QStringLiteral("turker_1"))
        args << QStringLiteral("--human") << QStringLiteral("expert");
    const Run r = concord::test::runCli(args + options);
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
    QVERIFY(r.out.isEmpty());
}

void TestCliEstimate::planLabelsStoredAndEstimated()
{
    // The demo study with its recorded judge: the crowd worker labelled 16 of the 32 summaries' coherence.
    const QString demo = m_dir.filePath(QStringLiteral("demo.concord"));
    QCOMPARE(concord::test::runCli({QStringLiteral("demo"), demo}).exitCode, 0);
    const Run judged = concord::test::runCli({QStringLiteral("import-judgements"), demo,
                                              concord::test::sourceDir() + QStringLiteral("/docs/demo-judge.jsonl"),
                                              QStringLiteral("--protocol"), QStringLiteral("rts"),
                                              QStringLiteral("--rater"), QStringLiteral("gpt rts")});
    QVERIFY2(judged.exitCode == 0, qPrintable(judged.err));
    const QStringList plan{QStringLiteral("plan-labels"), demo,
                           QStringLiteral("--rater"),     QStringLiteral("gpt rts"),
                           QStringLiteral("--human"),     QStringLiteral("crowd"),
                           QStringLiteral("--dimension"), QStringLiteral("coherence"),
                           QStringLiteral("--budget"),    QStringLiteral("4"),
                           QStringLiteral("--format"),    QStringLiteral("json")};
    const Run first = concord::test::runCli(plan);
    QVERIFY2(first.exitCode == 0, qPrintable(first.err));
    const QJsonObject one = QJsonDocument::fromJson(first.out.toUtf8()).object();
    QCOMPARE(one.value(QStringLiteral("plan")).toInt(), 1);
    QCOMPARE(one.value(QStringLiteral("pool")).toInt(), 16);
    QVERIFY(std::fabs(one.value(QStringLiteral("expected")).toDouble() - 4) < 1e-9);
    // The queue: the drawn summaries, each with its probability.
    const QJsonArray queue = one.value(QStringLiteral("queue")).toArray();
    QCOMPARE(queue.size(), one.value(QStringLiteral("drawn")).toInt());
    for (const auto &entry : queue) {
        const double p = entry.toObject().value(QStringLiteral("probability")).toDouble();
        QVERIFY(p >= 0.3 * 4 / 16 - 1e-12 && p <= 1);
        QVERIFY(entry.toObject().value(QStringLiteral("document")).toString().startsWith(QStringLiteral("demo-")));
    }
    // The same seed, the same plan, stored again under the next number.
    const Run second = concord::test::runCli(plan);
    const QJsonObject two = QJsonDocument::fromJson(second.out.toUtf8()).object();
    QCOMPARE(two.value(QStringLiteral("plan")).toInt(), 2);
    QCOMPARE(two.value(QStringLiteral("queue")).toArray(), queue);
    // The estimates wait for the drawn summaries' labels, and say so.
    const Run waiting
        = concord::test::runCli({QStringLiteral("estimate"), demo, QStringLiteral("--rater"), QStringLiteral("gpt rts"),
                                 QStringLiteral("--human"), QStringLiteral("crowd"), QStringLiteral("--plan"),
                                 QStringLiteral("1"), QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(waiting.exitCode == 0, qPrintable(waiting.err));
    QVERIFY(waiting.out.contains(QStringLiteral("not labelled yet")));
    QCOMPARE(QJsonDocument::fromJson(waiting.out.toUtf8()).object().value(QStringLiteral("plan")).toInt(), 1);
    // Refusals: a budget above the pool changes nothing; a missing budget is a usage error.
    QStringList overBudget = plan;
    overBudget[overBudget.indexOf(QStringLiteral("--budget")) + 1] = QStringLiteral("40");
    const Run tooMany = concord::test::runCli(overBudget);
    QCOMPARE(tooMany.exitCode, 1);
    QVERIFY2(tooMany.err.contains(QStringLiteral("at most the 16 summaries that are not labelled yet")),
             qPrintable(tooMany.err));
    const Run third = concord::test::runCli(plan);
    QCOMPARE(QJsonDocument::fromJson(third.out.toUtf8()).object().value(QStringLiteral("plan")).toInt(), 3);
    const Run usage = concord::test::runCli(plan.mid(0, 8));
    QCOMPARE(usage.exitCode, 2);
    QVERIFY(usage.err.contains(QStringLiteral("--budget N")));
}

QTEST_GUILESS_MAIN(TestCliEstimate)
#include "tst_cli_estimate.moc"
