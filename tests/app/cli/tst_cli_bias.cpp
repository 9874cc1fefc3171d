// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli bias end to end: a small study counted by hand, and SummEval with judges of recorded
// values, where every number equals the core's and the Agreement dashboard's (what the view shows).
#include "cli_run.h"
#include "io/table_writer.h"
#include "reports/dashboard_report.h"
#include "reports/length_bias_report.h"
#include "store/study.h"
#include "summeval_judges.h"
#include "test_paths.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace concord;
using Run = test::CliRun;

namespace {

// n words, so that the summary's length is n.
std::string words(int n)
{
    std::string s(static_cast<std::size_t>(2 * n - 1), ' ');
    for (std::size_t i = 0; i < s.size(); i += 2)
        s[i] = 'w';
    return s;
}

// A JSON number, or NaN for null (an undefined number).
double numberOf(const QJsonObject &row, const char *key)
{
    const QJsonValue v = row.value(QLatin1String(key));
    return v.isNull() ? std::nan("") : v.toDouble();
}

bool sameNumber(double a, double b)
{
    return (std::isnan(a) && std::isnan(b)) || a == b;
}

} // namespace

class TestCliBias : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void handCountOnSmallStudy();
    void everyFormat_data();
    void everyFormat();
    void errors_data();
    void errors();
    void studyWithoutSuchJudge();
    void summEvalEqualsCoreAndAgreementView();

private:
    QTemporaryDir m_dir;
    QString m_small;
};

void TestCliBias::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_small = m_dir.filePath(QStringLiteral("small.concord"));
    auto created = store::Study::create(m_small.toStdString());
    QVERIFY(created.ok());
    store::Study &s = *created.value();
    // Two systems, four documents (the example of tests/core/stats/tst_pairwise's length bias): the judge
    // always prefers the longer summary, the experts the better one; on d1 and d2 the lengths nearly match.
    const int lengths[2][4] = {{50, 40, 10, 100}, {51, 41, 90, 20}};
    const double humans[2][4] = {{4, 2, 5, 1}, {2, 4, 1, 5}};
    const double judge[2][4] = {{1, 1, 1, 5}, {5, 5, 5, 1}};
    const char *const names[4] = {"d1", "d2", "d3", "d4"};
    QVERIFY(s.write([&] {
                 model::Dimension relevance;
                 relevance.name = "relevance";
                 const model::Id rel = s.ensureDimension(relevance);
                 model::Dimension preference;
                 preference.name = "preference";
                 preference.kind = model::DimensionKind::Pairwise;
                 const model::Id pref = s.ensureDimension(preference);
                 const model::Id h1 = s.ensureRater({0, "h1", model::RaterKind::Human, "expert", {}, {}, {}, {}});
                 const model::Id h2 = s.ensureRater({0, "h2", model::RaterKind::Human, "expert", {}, {}, {}, {}});
                 const model::Id j = s.ensureRater({0, "judge", model::RaterKind::Judge, {}, "openai", "m", "rts", {}});
                 // A judge of pairwise verdicts only: it scores no summary, so it has no length bias.
                 const model::Id p
                     = s.ensureRater({0, "chooser", model::RaterKind::Judge, {}, "openai", "m", "pairwise", {}});
                 const model::Id systems[2] = {s.ensureSystem("A"), s.ensureSystem("B")};
                 for (int d = 0; d < 4; ++d) {
                     model::Document doc;
                     doc.externalId = names[d];
                     doc.source = "An article.";
                     const model::Id id = s.addDocument(doc);
                     model::Id candidates[2] = {0, 0};
                     for (int a = 0; a < 2; ++a) {
                         candidates[a] = s.addCandidate(id, systems[a], words(lengths[a][d]));
                         s.setRating(h1, candidates[a], rel, humans[a][d]);
                         s.setRating(h2, candidates[a], rel, humans[a][d]);
                         s.setRating(j, candidates[a], rel, judge[a][d]);
                     }
                     s.addPairwiseOutcome(
                         {0, p, pref, candidates[0], candidates[1], true, model::PairwiseWinner::A, std::nullopt});
                 }
             }).ok());
}

void TestCliBias::handCountOnSmallStudy()
{
    const Run r = test::runCli({QStringLiteral("bias"), m_small, QStringLiteral("--human"), QStringLiteral("expert"),
                                QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonArray rows = QJsonDocument::fromJson(r.out.toUtf8()).array();
    QCOMPARE(rows.size(), 1); // "chooser" scored nothing, so only "judge" has a row
    const QJsonObject row = rows.at(0).toObject();
    QCOMPARE(row.value(QStringLiteral("judge")).toString(), QStringLiteral("judge"));
    QCOMPARE(row.value(QStringLiteral("dimension")).toString(), QStringLiteral("relevance"));
    // Judge × length over the 8 cells: scores 1 at lengths 50, 40, 10, 20 and 5 at 100, 51, 41, 90. Of the
    // 16 pairs across the two scores 15 are concordant and 1 discordant (50 against 41); 12 pairs tie on
    // the score: tau-b = 14 / sqrt(16 · 28) = 1.75 / sqrt(7).
    QVERIFY(std::fabs(numberOf(row, "judge_length_tau_b") - 1.75 / std::sqrt(7.0)) < 1e-12);
    QCOMPARE(numberOf(row, "judge_length_n"), 8.0);
    // Humans × length, ordered by length: scores 5 5 2 4 4 2 1 1, so 2 concordant, 22 discordant and 4
    // tied pairs: tau-b = -20 / sqrt(24 · 28) = -5 / sqrt(42).
    QVERIFY(std::fabs(numberOf(row, "humans_length_tau_b") - -5.0 / std::sqrt(42.0)) < 1e-12);
    QCOMPARE(numberOf(row, "humans_length_n"), 8.0);
    // The judge picks the humans' summary on d2 only; the length differences are 1, 1, 80, 80, so the
    // 20th percentile is 1 and d1, d2 remain, of which it is right on one.
    QCOMPARE(numberOf(row, "pairs"), 4.0);
    QCOMPARE(numberOf(row, "pairs_agreed"), 1.0);
    QCOMPARE(numberOf(row, "pair_agreement"), 0.25);
    QCOMPARE(numberOf(row, "similar_length_pairs"), 2.0);
    QCOMPARE(numberOf(row, "similar_length_agreed"), 1.0);
    QCOMPARE(numberOf(row, "similar_length_agreement"), 0.5);
    QCOMPARE(numberOf(row, "length_cutoff_words"), 1.0);
}

void TestCliBias::everyFormat_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("expected"); // a piece of the output that only this format writes
    QTest::newRow("table") << QStringLiteral("table") << QStringLiteral("0.6614");
    QTest::newRow("csv") << QStringLiteral("csv") << QStringLiteral("judge,relevance,0.6614378277661");
    QTest::newRow("markdown") << QStringLiteral("markdown") << QStringLiteral("| judge | relevance |");
    QTest::newRow("latex") << QStringLiteral("latex") << QStringLiteral("\\caption{Length bias");
}

void TestCliBias::everyFormat()
{
    QFETCH(QString, format);
    QFETCH(QString, expected);
    const Run r
        = test::runCli({QStringLiteral("bias"), m_small, QStringLiteral("--human"), QStringLiteral("expert"),
                        QStringLiteral("--rater"), QStringLiteral("judge"), QStringLiteral("--format"), format});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(expected), qPrintable(r.out));
}

void TestCliBias::errors_data()
{
    QTest::addColumn<QStringList>("args"); // after "bias STUDY"
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    QTest::newRow("no group") << QStringList{} << 2 << QStringLiteral("bias takes a STUDY and --human GROUP");
    QTest::newRow("unknown format") << QStringList{QStringLiteral("--human"), QStringLiteral("expert"),
                                                   QStringLiteral("--format"), QStringLiteral("xml")}
                                    << 2 << QStringLiteral("unknown --format 'xml'");
    QTest::newRow("unknown group") << QStringList{QStringLiteral("--human"), QStringLiteral("crowd")} << 1
                                   << QStringLiteral("no human rater in group 'crowd'");
    QTest::newRow("unknown judge") << QStringList{QStringLiteral("--human"), QStringLiteral("expert"),
                                                  QStringLiteral("--rater"), QStringLiteral("nobody")}
                                   << 1 << QStringLiteral("no judge named 'nobody'");
    QTest::newRow("judge without scores") << QStringList{QStringLiteral("--human"), QStringLiteral("expert"),
                                                         QStringLiteral("--rater"), QStringLiteral("chooser")}
                                          << 1 << QStringLiteral("judge 'chooser' has no scores on a Likert dimension");
}

void TestCliBias::errors()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    const Run r = test::runCli(QStringList{QStringLiteral("bias"), m_small} + args);
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
    QCOMPARE(r.err.count(QLatin1Char('\n')), 1); // one line
    QVERIFY(r.out.isEmpty());
}

// The demo has human raters only: one line says that no judge has what the command needs.
void TestCliBias::studyWithoutSuchJudge()
{
    const QString demo = m_dir.filePath(QStringLiteral("demo-bias.concord"));
    QCOMPARE(test::runCli({QStringLiteral("demo"), demo}).exitCode, 0);
    const Run r = test::runCli({QStringLiteral("bias"), demo, QStringLiteral("--human"), QStringLiteral("expert")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.startsWith(QStringLiteral("concord-cli: no judge in the study has scores on a Likert dimension")),
             qPrintable(r.err));
    QCOMPARE(r.err.count(QLatin1Char('\n')), 1);
}

void TestCliBias::summEvalEqualsCoreAndAgreementView()
{
    if (test::summevalFiles().isEmpty())
        QSKIP("../shared/data/summeval is absent: the length bias on SummEval cannot be checked here");
    const QString path = m_dir.filePath(QStringLiteral("summeval.concord"));
    const std::string error = test::createSummEvalWithJudges(path.toStdString());
    QVERIFY2(error.empty(), error.c_str());

    const Run json = test::runCli({QStringLiteral("bias"), path, QStringLiteral("--human"), QStringLiteral("expert"),
                                   QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(json.exitCode == 0, qPrintable(json.err));
    const QJsonArray rows = QJsonDocument::fromJson(json.out.toUtf8()).array();

    // The Agreement view shows the dashboard report's rows; the CLI must print the same numbers, every digit.
    reports::DashboardOptions options;
    options.humanGroup = "expert";
    options.bootstrap = false;
    const auto dashboard = reports::computeDashboard(path.toStdString(), options);
    QVERIFY2(dashboard.ok(), dashboard.ok() ? "" : dashboard.error().describe().c_str());
    const auto &expected = dashboard.value().lengthBias;
    QCOMPARE(expected.size(), std::size_t{8}); // two judges × SummEval's four dimensions
    QCOMPARE(rows.size(), static_cast<qsizetype>(expected.size()));
    for (qsizetype i = 0; i < rows.size(); ++i) {
        const QJsonObject row = rows.at(i).toObject();
        const reports::LengthBiasRow &e = expected[static_cast<std::size_t>(i)];
        const QString where = QString::fromStdString(e.judge + " on " + e.dimension);
        QCOMPARE(row.value(QStringLiteral("judge")).toString().toStdString(), e.judge);
        QCOMPARE(row.value(QStringLiteral("dimension")).toString().toStdString(), e.dimension);
        QVERIFY2(sameNumber(numberOf(row, "judge_length_tau_b"), e.bias.judgeWithLength.value), qPrintable(where));
        QVERIFY2(sameNumber(numberOf(row, "humans_length_tau_b"), e.bias.humansWithLength.value), qPrintable(where));
        QCOMPARE(numberOf(row, "judge_length_n"), static_cast<double>(e.bias.judgeWithLength.n));
        QCOMPARE(numberOf(row, "pairs"), static_cast<double>(e.bias.allPairs.total));
        QCOMPARE(numberOf(row, "pairs_agreed"), static_cast<double>(e.bias.allPairs.correct));
        QVERIFY2(sameNumber(numberOf(row, "pair_agreement"), e.bias.allPairs.value), qPrintable(where));
        QCOMPARE(numberOf(row, "similar_length_pairs"), static_cast<double>(e.bias.similarLengthPairs.total));
        QCOMPARE(numberOf(row, "similar_length_agreed"), static_cast<double>(e.bias.similarLengthPairs.correct));
        QVERIFY2(sameNumber(numberOf(row, "similar_length_agreement"), e.bias.similarLengthPairs.value),
                 qPrintable(where));
        QVERIFY2(sameNumber(numberOf(row, "length_cutoff_words"), e.bias.lengthDifferenceCutoff), qPrintable(where));
        // SummEval's pairs: every system pair of every document the judge and the experts both scored.
        QVERIFY2(e.bias.allPairs.total > 1000 && e.bias.similarLengthPairs.total > 100, qPrintable(where));
    }

    // The CSV is the core's table to the last digit.
    const Run csv = test::runCli({QStringLiteral("bias"), path, QStringLiteral("--human"), QStringLiteral("expert"),
                                  QStringLiteral("--rater"), QStringLiteral("judge_noisy"), QStringLiteral("--format"),
                                  QStringLiteral("csv")});
    QVERIFY2(csv.exitCode == 0, qPrintable(csv.err));
    auto study = store::Study::open(path.toStdString(), {true});
    QVERIFY(study.ok());
    const auto core = reports::computeLengthBias(*study.value(), {"expert", {"judge_noisy"}});
    QVERIFY(core.ok());
    QCOMPARE(core.value().size(), std::size_t{4});
    QCOMPARE(csv.out,
             QString::fromStdString(io::render(reports::lengthBiasTable(core.value(), true), io::TableStyle::Csv)));
}

QTEST_GUILESS_MAIN(TestCliBias)
#include "tst_cli_bias.moc"
