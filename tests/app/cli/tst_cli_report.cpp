// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli report: on the SummEval study with two recorded judges its correlations equal
// `concord-cli stats`, its alphas `concord-cli agreement` and its judge comparison `stats --compare`;
// on the hand-counted head-to-head study its pairwise table equals `concord-cli pairwise` under each
// rule; its estimates equal `concord-cli estimate` for each judge, the what-if too. Markdown and LaTeX hold every
// table with a heading or caption; usage errors are one line.
#include "cli_run.h"
#include "h2h_study.h"
#include "summeval_judges.h"
#include "test_paths.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace concord;

class TestCliReport : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void correlationsEqualStats_data();
    void correlationsEqualStats();
    void alphaEqualsAgreement();
    void judgeComparisonEqualsStatsCompare();
    void estimatesEqualEstimate();
    void estimatesWhatIf();
    void judgeWithoutMeansIsNamed();
    void pairwiseEqualsPairwise_data();
    void pairwiseEqualsPairwise();
    void cardsOnlyHoldTheReportsCards();
    void markdownAndLatexHoldEveryTable_data();
    void markdownAndLatexHoldEveryTable();
    void errors_data();
    void errors();

private:
    QJsonObject json(const QStringList &args);
    // The SummEval report (computed once): the experts, every judge, 200 resamples.
    QJsonObject report();

    QTemporaryDir m_dir;
    QString m_summeval;
    QString m_h2h;
    QJsonObject m_report;
};

namespace {

const QString kResamples = QStringLiteral("200");

} // namespace

void TestCliReport::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_h2h = m_dir.filePath(QStringLiteral("h2h.concord"));
    const std::string h2h = test::H2hStudy::create(m_h2h.toStdString());
    QVERIFY2(h2h.empty(), h2h.c_str());
    if (test::summevalFiles().isEmpty())
        return; // the SummEval slots skip themselves
    m_summeval = m_dir.filePath(QStringLiteral("summeval.concord"));
    const std::string error = test::createSummEvalWithJudges(m_summeval.toStdString());
    QVERIFY2(error.empty(), error.c_str());
}

QJsonObject TestCliReport::json(const QStringList &args)
{
    const auto run = test::runCli(args);
    if (run.exitCode != 0) {
        qWarning("concord-cli %s failed: %s", qPrintable(args.join(QLatin1Char(' '))), qPrintable(run.err));
        return {};
    }
    return QJsonDocument::fromJson(run.out.toUtf8()).object();
}

QJsonObject TestCliReport::report()
{
    if (m_report.isEmpty())
        m_report
            = json({QStringLiteral("report"), m_summeval, QStringLiteral("--human"), QStringLiteral("expert"),
                    QStringLiteral("--bootstrap"), kResamples, QStringLiteral("--format"), QStringLiteral("json")});
    return m_report;
}

void TestCliReport::correlationsEqualStats_data()
{
    QTest::addColumn<QString>("rater");
    QTest::newRow("judge_close") << QStringLiteral("judge_close");
    QTest::newRow("judge_noisy") << QStringLiteral("judge_noisy");
    QTest::newRow("expert_2 (human ceiling)") << QStringLiteral("expert_2");
}

void TestCliReport::correlationsEqualStats()
{
    if (m_summeval.isEmpty())
        QSKIP("../shared/data/summeval is absent");
    QFETCH(QString, rater);
    const QJsonObject r = report();
    QCOMPARE(r.value(QStringLiteral("human_group")).toString(), QStringLiteral("expert"));
    QCOMPARE(r.value(QStringLiteral("correlation")).toString(), QStringLiteral("kendall_b"));
    QJsonObject dims;
    bool human = false;
    for (const auto &c : r.value(QStringLiteral("correlations")).toArray())
        if (c.toObject().value(QStringLiteral("rater")).toString() == rater) {
            dims = c.toObject().value(QStringLiteral("dimensions")).toObject();
            human = c.toObject().value(QStringLiteral("human")).toBool();
        }
    QCOMPARE(human, rater.startsWith(QStringLiteral("expert")));
    const QJsonObject stats
        = json({QStringLiteral("stats"), m_summeval, QStringLiteral("--human"), QStringLiteral("expert"),
                QStringLiteral("--rater"), rater, QStringLiteral("--correlation"), QStringLiteral("kendall_b"),
                QStringLiteral("--bootstrap"), kResamples, QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(dims.keys(), stats.keys());
    QCOMPARE(dims.size(), qsizetype(4));
    int compared = 0;
    for (auto dim = stats.begin(); dim != stats.end(); ++dim) {
        const QJsonObject expected = dim.value().toObject();
        const QJsonObject shown = dims.value(dim.key()).toObject();
        for (const QString &level :
             {QStringLiteral("dataset"), QStringLiteral("system"), QStringLiteral("summary"), QStringLiteral("meta")}) {
            const QJsonObject e = expected.value(level).toObject().value(QStringLiteral("kendall_b")).toObject();
            const QJsonObject s = shown.value(level).toObject().value(QStringLiteral("kendall_b")).toObject();
            // Intervals, as in the view, only for judges and at the chosen level (dataset).
            const bool withInterval = level == QStringLiteral("dataset") && !human;
            for (const QString &key : {QStringLiteral("value"), QStringLiteral("p"), QStringLiteral("n"),
                                       QStringLiteral("ci_low"), QStringLiteral("ci_high")}) {
                const bool interval = key.startsWith(QStringLiteral("ci_"));
                const QJsonValue want = interval && !withInterval ? QJsonValue() : e.value(key);
                QVERIFY2(s.value(key) == want,
                         qPrintable(dim.key() + QLatin1Char('/') + level + QLatin1Char('/') + key));
                ++compared;
            }
        }
        QCOMPARE(shown.value(QStringLiteral("summary")).toObject().value(QStringLiteral("documents_used")),
                 expected.value(QStringLiteral("summary")).toObject().value(QStringLiteral("documents_used")));
        const QJsonObject perSystem = expected.value(QStringLiteral("per_system")).toObject();
        QVERIFY(!perSystem.isEmpty());
        for (auto system = perSystem.begin(); system != perSystem.end(); ++system) {
            QCOMPARE(
                shown.value(QStringLiteral("per_system"))
                    .toObject()
                    .value(system.key())
                    .toObject()
                    .value(QStringLiteral("kendall_b"))
                    .toObject()
                    .value(QStringLiteral("value")),
                system.value().toObject().value(QStringLiteral("kendall_b")).toObject().value(QStringLiteral("value")));
            ++compared;
        }
        // The per-system table's meta row is the meta-correlation stats prints.
        if (!human) {
            bool found = false;
            for (const auto &row : r.value(QStringLiteral("per_system")).toArray()) {
                const QJsonObject o = row.toObject();
                if (o.value(QStringLiteral("judge")).toString() == rater
                    && o.value(QStringLiteral("dimension")).toString() == dim.key()
                    && o.value(QStringLiteral("system")).toString() == QStringLiteral("meta")) {
                    found = true;
                    QCOMPARE(o.value(QStringLiteral("value")), expected.value(QStringLiteral("meta"))
                                                                   .toObject()
                                                                   .value(QStringLiteral("kendall_b"))
                                                                   .toObject()
                                                                   .value(QStringLiteral("value")));
                }
            }
            QVERIFY(found);
        }
    }
    QVERIFY(compared > 60);
}

void TestCliReport::alphaEqualsAgreement()
{
    if (m_summeval.isEmpty())
        QSKIP("../shared/data/summeval is absent");
    const QJsonArray alpha = report().value(QStringLiteral("alpha")).toArray();
    auto shown = [&](const QString &group, const QString &dimension, const QString &judge) {
        for (const auto &a : alpha) {
            const QJsonObject o = a.toObject();
            if (o.value(QStringLiteral("group")).toString() == group
                && o.value(QStringLiteral("dimension")).toString() == dimension
                && o.value(QStringLiteral("with_judge")).toString() == judge)
                return o;
        }
        return QJsonObject();
    };
    struct Case {
        QString group, dimension, judge;
    };
    for (const Case &c : {Case{QStringLiteral("expert"), QStringLiteral("relevance"), {}},
                          Case{QStringLiteral("turker"), QStringLiteral("coherence"), {}},
                          Case{QStringLiteral("expert"), QStringLiteral("fluency"), QStringLiteral("judge_noisy")}}) {
        QStringList args{QStringLiteral("agreement"),   m_summeval,  QStringLiteral("--group"),     c.group,
                         QStringLiteral("--dimension"), c.dimension, QStringLiteral("--bootstrap"), kResamples,
                         QStringLiteral("--json")};
        if (!c.judge.isEmpty())
            args << QStringLiteral("--with") << c.judge;
        const QJsonObject expected = json(args);
        const QJsonObject o = shown(c.group, c.dimension, c.judge);
        QVERIFY2(!o.isEmpty(), qPrintable(c.group + QLatin1Char('/') + c.dimension));
        for (const QString &key : {QStringLiteral("alpha"), QStringLiteral("ci_low"), QStringLiteral("ci_high"),
                                   QStringLiteral("units"), QStringLiteral("pairable_values"), QStringLiteral("level")})
            QVERIFY2(o.value(key) == expected.value(key) && !expected.value(key).isUndefined(),
                     qPrintable(c.group + QLatin1Char('/') + c.dimension + QLatin1Char('/') + key));
    }
}

void TestCliReport::judgeComparisonEqualsStatsCompare()
{
    if (m_summeval.isEmpty())
        QSKIP("../shared/data/summeval is absent");
    const QJsonArray comparisons = report().value(QStringLiteral("judge_comparisons")).toArray();
    QCOMPARE(comparisons.size(), qsizetype(1)); // two judges, one pair
    const QJsonObject expected
        = json({QStringLiteral("stats"), m_summeval, QStringLiteral("--human"), QStringLiteral("expert"),
                QStringLiteral("--rater"), QStringLiteral("judge_close"), QStringLiteral("--compare"),
                QStringLiteral("judge_noisy"), QStringLiteral("--correlation"), QStringLiteral("kendall_b"),
                QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY(!expected.isEmpty());
    QCOMPARE(comparisons.at(0).toObject(), expected);
}

// Each judge's estimates of the experts' means, as the Estimates tab and `concord-cli estimate` give them.
void TestCliReport::estimatesEqualEstimate()
{
    if (m_summeval.isEmpty())
        QSKIP("../shared/data/summeval is absent");
    const QJsonArray estimates = report().value(QStringLiteral("estimates")).toArray();
    QCOMPARE(estimates.size(), qsizetype(2)); // judge_close and judge_noisy
    for (const QJsonValue &e : estimates) {
        const QString judge = e.toObject().value(QStringLiteral("judge")).toString();
        const QJsonObject expected
            = json({QStringLiteral("estimate"), m_summeval, QStringLiteral("--rater"), judge, QStringLiteral("--human"),
                    QStringLiteral("expert"), QStringLiteral("--format"), QStringLiteral("json")});
        QVERIFY(!expected.isEmpty());
        QCOMPARE(e.toObject(), expected);
        QVERIFY(expected.value(QStringLiteral("dimensions")).toObject().contains(QStringLiteral("coherence")));
    }
}

// --labelled-fraction and --estimate-seed are estimate's what-if; the heading says so.
void TestCliReport::estimatesWhatIf()
{
    if (m_summeval.isEmpty())
        QSKIP("../shared/data/summeval is absent");
    const QStringList common{QStringLiteral("report"),
                             m_summeval,
                             QStringLiteral("--human"),
                             QStringLiteral("expert"),
                             QStringLiteral("--rater"),
                             QStringLiteral("judge_close"),
                             QStringLiteral("--bootstrap"),
                             QStringLiteral("0"),
                             QStringLiteral("--labelled-fraction"),
                             QStringLiteral("0.1"),
                             QStringLiteral("--estimate-seed"),
                             QStringLiteral("3")};
    const QJsonArray estimates = json(common + QStringList{QStringLiteral("--format"), QStringLiteral("json")})
                                     .value(QStringLiteral("estimates"))
                                     .toArray();
    QCOMPARE(estimates.size(), qsizetype(1));
    const QJsonObject expected
        = json({QStringLiteral("estimate"), m_summeval, QStringLiteral("--rater"), QStringLiteral("judge_close"),
                QStringLiteral("--human"), QStringLiteral("expert"), QStringLiteral("--labelled-fraction"),
                QStringLiteral("0.1"), QStringLiteral("--seed"), QStringLiteral("3"), QStringLiteral("--format"),
                QStringLiteral("json")});
    QVERIFY(!expected.isEmpty());
    QCOMPARE(estimates.at(0).toObject(), expected);
    // A tenth of the labels: most summaries are left to the judge, and the full-data mean is known.
    const QJsonObject m8 = expected.value(QStringLiteral("dimensions"))
                               .toObject()
                               .value(QStringLiteral("coherence"))
                               .toObject()
                               .value(QStringLiteral("systems"))
                               .toObject()
                               .value(QStringLiteral("M8"))
                               .toObject();
    QVERIFY(m8.value(QStringLiteral("n_unlabelled")).toInt() > m8.value(QStringLiteral("n_labelled")).toInt());
    QVERIFY(m8.contains(QStringLiteral("full_data_mean")));
    const auto markdown = test::runCli(common);
    QVERIFY2(markdown.exitCode == 0, qPrintable(markdown.err));
    QVERIFY2(markdown.out.contains(QStringLiteral(
                 "## Estimates with judge_close (what-if: 10% of the labels kept, seed 3): Each system's "
                 "human mean estimated by ppi++")),
             qPrintable(markdown.out));
    QVERIFY(markdown.out.contains(QStringLiteral("| judge_close | expert | coherence | M8 | ppi++ |")));
}

// The head-to-head study's judge gave verdicts only: no mean to estimate, said among the warnings.
void TestCliReport::judgeWithoutMeansIsNamed()
{
    const QJsonObject r = json({QStringLiteral("report"), m_h2h, QStringLiteral("--human"), QStringLiteral("expert"),
                                QStringLiteral("--bootstrap"), QStringLiteral("0"), QStringLiteral("--format"),
                                QStringLiteral("json")});
    QVERIFY(!r.isEmpty());
    QCOMPARE(r.value(QStringLiteral("estimates")).toArray().size(), qsizetype(0));
    const QJsonArray judges = r.value(QStringLiteral("judges")).toArray();
    QCOMPARE(judges.size(), qsizetype(1));
    bool named = false;
    for (const QJsonValue &w : r.value(QStringLiteral("warnings")).toArray())
        named = named || w.toString().startsWith(QStringLiteral("no estimates with ") + judges.at(0).toString());
    QVERIFY2(named,
             qPrintable(QString::fromUtf8(QJsonDocument(r.value(QStringLiteral("warnings")).toArray()).toJson())));
}

void TestCliReport::pairwiseEqualsPairwise_data()
{
    QTest::addColumn<QString>("rule");
    QTest::newRow("agree-or-tie") << QStringLiteral("agree-or-tie");
    QTest::newRow("points") << QStringLiteral("points");
}

void TestCliReport::pairwiseEqualsPairwise()
{
    QFETCH(QString, rule);
    const QJsonObject r = json({QStringLiteral("report"), m_h2h, QStringLiteral("--human"), QStringLiteral("expert"),
                                QStringLiteral("--rule"), rule, QStringLiteral("--bootstrap"), QStringLiteral("0"),
                                QStringLiteral("--format"), QStringLiteral("json")});
    const auto run
        = test::runCli({QStringLiteral("pairwise"), m_h2h, QStringLiteral("--human"), QStringLiteral("expert"),
                        QStringLiteral("--rule"), rule, QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QJsonArray expected
        = QJsonDocument::fromJson(run.out.toUtf8()).object().value(QStringLiteral("results")).toArray();
    QCOMPARE(expected.size(), qsizetype(1));
    QCOMPARE(r.value(QStringLiteral("pairwise")).toArray(), expected);
    // The hand count of h2h_study.cpp: 3 of 3 pairs agree-or-tie, 1 of 3 by points.
    QCOMPARE(expected.at(0)
                 .toObject()
                 .value(QStringLiteral("h2h_success"))
                 .toObject()
                 .value(QStringLiteral("all"))
                 .toObject()
                 .value(QStringLiteral("agreed"))
                 .toInt(),
             rule == QStringLiteral("points") ? 1 : 3);
}

// The cards alone are the full report's cards; a bound given on the command line is the one checked.
void TestCliReport::cardsOnlyHoldTheReportsCards()
{
    if (m_summeval.isEmpty())
        QSKIP("../shared/data/summeval is absent");
    const QJsonArray full = report().value(QStringLiteral("judge_cards")).toArray();
    QCOMPARE(full.size(), qsizetype(2));
    const QStringList args{
        QStringLiteral("report"),      m_summeval, QStringLiteral("--human"),  QStringLiteral("expert"),
        QStringLiteral("--bootstrap"), kResamples, QStringLiteral("--format"), QStringLiteral("json"),
        QStringLiteral("--cards-only")};
    const QJsonObject cards = json(args);
    QCOMPARE(cards.value(QStringLiteral("judge_cards")).toArray(), full);
    QVERIFY(!cards.contains(QStringLiteral("correlations")));
    QCOMPARE(cards.value(QStringLiteral("judge_card_bounds")).toArray().size(), qsizetype(6));
    for (const auto &card : full) {
        const QJsonObject c = card.toObject();
        QCOMPARE(c.value(QStringLiteral("agreement")).toArray().size(), qsizetype(12));
        QVERIFY(!c.value(QStringLiteral("verdict")).toString().isEmpty());
    }
    // The fixture's judges leave 1.0% and 2.4% of their answers unreadable: both within 5%, neither within 0.5%.
    auto invalidOutcome = [](const QJsonObject &card) {
        for (const auto &check : card.value(QStringLiteral("checks")).toArray())
            if (check.toObject().value(QStringLiteral("measure")).toString() == QStringLiteral("invalid_rate"))
                return check.toObject().value(QStringLiteral("outcome")).toString();
        return QString();
    };
    for (const auto &card : full)
        QCOMPARE(invalidOutcome(card.toObject()), QStringLiteral("pass"));
    const QJsonObject strict
        = json(QStringList(args) << QStringLiteral("--card-max-invalid-rate") << QStringLiteral("0.005"));
    const QJsonArray strictCards = strict.value(QStringLiteral("judge_cards")).toArray();
    QCOMPARE(strictCards.size(), qsizetype(2));
    for (const auto &card : strictCards) {
        QCOMPARE(invalidOutcome(card.toObject()), QStringLiteral("fail"));
        QVERIFY(card.toObject().value(QStringLiteral("verdict")).toString().contains(QStringLiteral("invalid_rate")));
    }
    // Markdown: the cards alone, under their own title.
    const auto markdown
        = test::runCli({QStringLiteral("report"), m_summeval, QStringLiteral("--human"), QStringLiteral("expert"),
                        QStringLiteral("--bootstrap"), kResamples, QStringLiteral("--cards-only")});
    QVERIFY2(markdown.exitCode == 0, qPrintable(markdown.err));
    QVERIFY(markdown.out.startsWith(QStringLiteral("# Judge cards: judges against group expert")));
    QCOMPARE(markdown.out.count(QStringLiteral("\n## ")), qsizetype(1 + 2 * 2));
    QVERIFY(!markdown.out.contains(QStringLiteral("Krippendorff's alpha per dimension")));
}

void TestCliReport::markdownAndLatexHoldEveryTable_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("heading");
    QTest::newRow("markdown") << QStringLiteral("markdown") << QStringLiteral("## ");
    QTest::newRow("latex") << QStringLiteral("latex") << QStringLiteral("\\caption{");
}

void TestCliReport::markdownAndLatexHoldEveryTable()
{
    QFETCH(QString, format);
    QFETCH(QString, heading);
    const auto run
        = test::runCli({QStringLiteral("report"), m_h2h, QStringLiteral("--human"), QStringLiteral("expert"),
                        QStringLiteral("--bootstrap"), QStringLiteral("0"), QStringLiteral("--format"), format});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    // Correlations, ceiling, human vs judge, per system, alpha, pairwise (the summary, the judge's system
    // pairs and ranking, the position bias), length bias, invalid answers (one judge: no comparison), the cards'
    // bounds, and the judge's card: its checks and its figures.
    QCOMPARE(run.out.count(heading), qsizetype(14));
    for (const QString &title :
         {QStringLiteral("Correlation with the mean of group expert"), QStringLiteral("Krippendorff's alpha"),
          QStringLiteral("Pairwise verdicts"), QStringLiteral("Invalid answers"), QStringLiteral("Length bias"),
          QStringLiteral("The judge cards' bounds"), QStringLiteral("Judge card of judge against expert: "),
          QStringLiteral("Figures of judge")})
        QVERIFY2(run.out.contains(title), qPrintable(title));
    // The pairwise row as the paper prints it: H2H success 3 of 3 and LLMCompare tau-b 0.8165.
    QVERIFY2(run.out.contains(QStringLiteral("0.8165")), qPrintable(run.out));
}

void TestCliReport::errors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    QTest::newRow("no --human") << QStringList{QStringLiteral("report"), QStringLiteral("STUDY")} << 2
                                << QStringLiteral("report needs --human GROUP");
    QTest::newRow("bad --level") << QStringList{QStringLiteral("report"),  QStringLiteral("STUDY"),
                                                QStringLiteral("--human"), QStringLiteral("expert"),
                                                QStringLiteral("--level"), QStringLiteral("meta")}
                                 << 2 << QStringLiteral("--level takes dataset, system or summary");
    QTest::newRow("bad --format") << QStringList{QStringLiteral("report"),   QStringLiteral("STUDY"),
                                                 QStringLiteral("--human"),  QStringLiteral("expert"),
                                                 QStringLiteral("--format"), QStringLiteral("csv")}
                                  << 2 << QStringLiteral("unknown --format 'csv'");
    QTest::newRow("bad --labelled-fraction")
        << QStringList{QStringLiteral("report"),
                       QStringLiteral("STUDY"),
                       QStringLiteral("--human"),
                       QStringLiteral("expert"),
                       QStringLiteral("--labelled-fraction"),
                       QStringLiteral("1.5")}
        << 2 << QStringLiteral("--labelled-fraction takes a number above 0 and at most 1");
    QTest::newRow("bad --card-min-alpha") << QStringList{QStringLiteral("report"),           QStringLiteral("STUDY"),
                                                         QStringLiteral("--human"),          QStringLiteral("expert"),
                                                         QStringLiteral("--card-min-alpha"), QStringLiteral("2")}
                                          << 2 << QStringLiteral("--card-min-alpha takes a number from -1 to 1");
    QTest::newRow("bad --card-max-ece") << QStringList{QStringLiteral("report"),         QStringLiteral("STUDY"),
                                                       QStringLiteral("--human"),        QStringLiteral("expert"),
                                                       QStringLiteral("--card-max-ece"), QStringLiteral("x")}
                                        << 2 << QStringLiteral("--card-max-ece takes a number from 0 to 1");
    QTest::newRow("unknown judge") << QStringList{QStringLiteral("report"),  QStringLiteral("STUDY"),
                                                  QStringLiteral("--human"), QStringLiteral("expert"),
                                                  QStringLiteral("--rater"), QStringLiteral("nobody")}
                                   << 1 << QStringLiteral("nobody");
    QTest::newRow("unknown group") << QStringList{QStringLiteral("report"), QStringLiteral("STUDY"),
                                                  QStringLiteral("--human"), QStringLiteral("crowd")}
                                   << 1 << QStringLiteral("crowd");
}

void TestCliReport::errors()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    args.replaceInStrings(QStringLiteral("STUDY"), m_h2h);
    const auto run = test::runCli(args);
    QCOMPARE(run.exitCode, exitCode);
    QVERIFY2(run.err.contains(message), qPrintable(run.err));
    QCOMPARE(run.err.trimmed().count(QLatin1Char('\n')), qsizetype(0)); // one line
    QVERIFY(run.out.isEmpty());
}

QTEST_GUILESS_MAIN(TestCliReport)
#include "tst_cli_report.moc"
