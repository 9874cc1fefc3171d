// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli accuracy end to end: a small study counted by hand, and SummEval with recorded pairwise,
// Pyramid and factuality answers imported through concord-cli, where the numbers are counted by hand and
// equal the core's.
#include "cli_run.h"
#include "io/table_writer.h"
#include "reports/accuracy_report.h"
#include "reports/protocol_accuracy.h"
#include "store/study.h"
#include "summeval_judges.h"
#include "test_paths.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <map>

using namespace concord;
using Run = test::CliRun;
using model::Id;

namespace {

double numberOf(const QJsonObject &row, const char *key)
{
    const QJsonValue v = row.value(QLatin1String(key));
    return v.isNull() ? std::nan("") : v.toDouble();
}

bool sameNumber(double a, double b)
{
    return (std::isnan(a) && std::isnan(b)) || a == b;
}

QJsonArray jsonRows(const QStringList &args)
{
    const Run r = test::runCli(QStringList{QStringLiteral("accuracy")} + args
                               + QStringList{QStringLiteral("--format"), QStringLiteral("json")});
    if (r.exitCode != 0)
        qWarning("accuracy failed: %s", qPrintable(r.err));
    return QJsonDocument::fromJson(r.out.toUtf8()).array();
}

// The CLI's row against the core's numbers, every digit.
void compareRow(const QJsonObject &row, const reports::ProtocolAccuracy &e)
{
    QCOMPARE(numberOf(row, "correct"), static_cast<double>(e.accuracy.correct));
    QCOMPARE(numberOf(row, "total"), static_cast<double>(e.accuracy.total));
    QVERIFY(sameNumber(numberOf(row, "accuracy"), e.accuracy.value));
    QVERIFY(sameNumber(numberOf(row, "ci_low"), e.accuracy.ciLow));
    QVERIFY(sameNumber(numberOf(row, "ci_high"), e.accuracy.ciHigh));
    QCOMPARE(numberOf(row, "invalid"), static_cast<double>(e.invalidAnswers));
    QCOMPARE(numberOf(row, "without_truth"), static_cast<double>(e.withoutTruth));
}

} // namespace

class TestCliAccuracy : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void handCountOnSmallStudy();
    void humanDimensionGivesThePairwiseTruth();
    void everyFormat_data();
    void everyFormat();
    void errors_data();
    void errors();
    void studyWithoutSuchJudge();
    void summEvalCountedByHandAndEqualsCore();

private:
    QTemporaryDir m_dir;
    QString m_small;
};

void TestCliAccuracy::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_small = m_dir.filePath(QStringLiteral("small.concord"));
    auto created = store::Study::create(m_small.toStdString());
    QVERIFY(created.ok());
    store::Study &s = *created.value();
    // The study of tests/core/reports/tst_protocol_accuracy, in a file.
    QVERIFY(
        s.write([&] {
             model::Document d;
             d.externalId = "d1";
             d.source = "It rained all day. The fans left early.";
             d.scus = {"it rained", "fans left early"};
             const Id doc = s.addDocument(d);
             const Id candA = s.addCandidate(doc, s.ensureSystem("A"), "It rained. Fans left early.");
             const Id candB = s.addCandidate(doc, s.ensureSystem("B"), "Fans stayed.");
             const Id candC = s.addCandidate(doc, s.ensureSystem("C"), "It was sunny.");
             model::Dimension relevance;
             relevance.name = "relevance";
             const Id rel = s.ensureDimension(relevance);
             model::Dimension preference;
             preference.name = "preference";
             preference.kind = model::DimensionKind::Pairwise;
             const Id pref = s.ensureDimension(preference);
             const Id h1 = s.ensureRater({0, "h1", model::RaterKind::Human, "expert", {}, {}, {}, {}});
             const Id h2 = s.ensureRater({0, "h2", model::RaterKind::Human, "expert", {}, {}, {}, {}});
             const Id judge = s.ensureRater({0, "judge", model::RaterKind::Judge, {}, "openai", "m", "pairwise", {}});
             // A judge that only scores: it has no answers this command can check.
             const Id scorer = s.ensureRater({0, "scorer", model::RaterKind::Judge, {}, "openai", "m", "rts", {}});
             s.setRating(scorer, candA, rel, 3);
             // Human means on relevance: A 4.5, B 3, C 3.
             s.setRating(h1, candA, rel, 5);
             s.setRating(h2, candA, rel, 4);
             s.setRating(h1, candB, rel, 3);
             s.setRating(h2, candB, rel, 3);
             s.setRating(h1, candC, rel, 2);
             s.setRating(h2, candC, rel, 4);
             // The judge: A over B (right), B over C (the humans tie: wrong), C over A shown C first (wrong).
             s.addPairwiseOutcome({0, judge, pref, candA, candB, true, model::PairwiseWinner::A, std::nullopt});
             s.addPairwiseOutcome({0, judge, pref, candB, candC, true, model::PairwiseWinner::A, std::nullopt});
             s.addPairwiseOutcome({0, judge, pref, candA, candC, false, model::PairwiseWinner::B, std::nullopt});
             // Pyramid marks: A has unit 0 (both agree), unit 1 split; B lacks unit 0 (both agree).
             s.setUnitMark(h1, candA, 0, true);
             s.setUnitMark(h2, candA, 0, true);
             s.setUnitMark(h1, candA, 1, true);
             s.setUnitMark(h2, candA, 1, false);
             s.setUnitMark(h1, candB, 0, false);
             s.setUnitMark(h2, candB, 0, false);
             // h1 marks "early" in A's second sentence as an error.
             s.addErrorSpan({0, h1, candA, 21, 26, "early", "not in the article"});
             const Id pyramidRun = s.addJudgeRun(judge, "pyramid", "{}");
             const Id factualityRun = s.addJudgeRun(judge, "factuality", "{}");
             auto call = [&](Id run, Id cand, const std::string &unit, std::optional<double> value, bool valid) {
                 model::JudgeCall c;
                 c.runId = run;
                 c.requestHash = unit + std::to_string(cand);
                 c.candidateId = cand;
                 c.documentId = doc;
                 c.unit = unit;
                 c.parsedValue = value;
                 c.valid = valid;
                 c.invalidReason = valid ? "" : "no Yes or No in the answer";
                 s.addJudgeCall(c);
             };
             call(pyramidRun, candA, R"({"scu": 0})", 1, true); // right
             call(pyramidRun, candA, R"({"scu": 1})", 1, true); // split vote: no truth
             call(pyramidRun, candB, R"({"scu": 0})", 1, true); // wrong
             call(pyramidRun, candB, R"({"scu": 1})", std::nullopt, false);
             call(factualityRun, candA, R"({"sentence": 0})", 1, true); // right
             call(factualityRun, candA, R"({"sentence": 1})", 1, true); // wrong: h1 marked an error there
             call(factualityRun, candA, R"({"sentence": 5})", 0, true); // no such sentence
             call(factualityRun, candB, R"({"sentence": 0})", 0, true); // wrong: no human marked an error
         }).ok());
}

void TestCliAccuracy::handCountOnSmallStudy()
{
    const QJsonArray rows = jsonRows({m_small, QStringLiteral("--human"), QStringLiteral("expert"),
                                      QStringLiteral("--human-dimension"), QStringLiteral("relevance")});
    QCOMPARE(rows.size(), 3); // "scorer" has none of these answers
    const QJsonObject pairwise = rows.at(0).toObject();
    QCOMPARE(pairwise.value(QStringLiteral("judge")).toString(), QStringLiteral("judge"));
    QCOMPARE(pairwise.value(QStringLiteral("protocol")).toString(), QStringLiteral("pairwise"));
    QCOMPARE(pairwise.value(QStringLiteral("dimension")).toString(), QStringLiteral("preference"));
    QCOMPARE(pairwise.value(QStringLiteral("human_dimension")).toString(), QStringLiteral("relevance"));
    QCOMPARE(numberOf(pairwise, "correct"), 1.0);
    QCOMPARE(numberOf(pairwise, "total"), 3.0);
    QCOMPARE(numberOf(pairwise, "accuracy"), 1.0 / 3.0);
    // Wilson's 95% interval of 1 in 3: (p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n), z = 1.959964.
    QVERIFY(std::fabs(numberOf(pairwise, "ci_low") - 0.0614919) < 1e-6);
    QVERIFY(std::fabs(numberOf(pairwise, "ci_high") - 0.7923403) < 1e-6);
    QCOMPARE(numberOf(pairwise, "invalid"), 0.0);
    QCOMPARE(numberOf(pairwise, "without_truth"), 0.0);

    // Pyramid: unit 0 of A right, unit 0 of B wrong; the split vote has no truth, one answer is invalid.
    const QJsonObject pyramid = rows.at(1).toObject();
    QCOMPARE(pyramid.value(QStringLiteral("protocol")).toString(), QStringLiteral("pyramid"));
    QVERIFY(pyramid.value(QStringLiteral("dimension")).isNull());
    QCOMPARE(numberOf(pyramid, "correct"), 1.0);
    QCOMPARE(numberOf(pyramid, "total"), 2.0);
    QCOMPARE(numberOf(pyramid, "accuracy"), 0.5);
    QCOMPARE(numberOf(pyramid, "invalid"), 1.0);
    QCOMPARE(numberOf(pyramid, "without_truth"), 1.0);

    // Factuality: A's first sentence right, its second and B's wrong; sentence 5 does not exist.
    const QJsonObject factuality = rows.at(2).toObject();
    QCOMPARE(factuality.value(QStringLiteral("protocol")).toString(), QStringLiteral("factuality"));
    QCOMPARE(numberOf(factuality, "correct"), 1.0);
    QCOMPARE(numberOf(factuality, "total"), 3.0);
    QCOMPARE(numberOf(factuality, "invalid"), 0.0);
    QCOMPARE(numberOf(factuality, "without_truth"), 1.0);

    // Every row is the core's.
    auto study = store::Study::open(m_small.toStdString(), {true});
    QVERIFY(study.ok());
    const reports::ProtocolAccuracyRequest r{"judge", "expert", "preference", "relevance"};
    compareRow(pairwise, reports::pairwiseChoiceAccuracy(*study.value(), r).value());
    compareRow(pyramid, reports::pyramidAccuracy(*study.value(), r).value());
    compareRow(factuality, reports::factualityAccuracy(*study.value(), r).value());
}

void TestCliAccuracy::humanDimensionGivesThePairwiseTruth()
{
    // Without --human-dimension the truth is the verdicts' own dimension, which no human rated.
    const QJsonArray rows = jsonRows({m_small, QStringLiteral("--human"), QStringLiteral("expert")});
    QCOMPARE(rows.size(), 3);
    const QJsonObject pairwise = rows.at(0).toObject();
    QCOMPARE(pairwise.value(QStringLiteral("human_dimension")).toString(), QStringLiteral("preference"));
    QCOMPARE(numberOf(pairwise, "total"), 0.0);
    QVERIFY(pairwise.value(QStringLiteral("accuracy")).isNull());
    QCOMPARE(numberOf(pairwise, "without_truth"), 3.0);
}

void TestCliAccuracy::everyFormat_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("expected"); // a piece of the output that only this format writes
    QTest::newRow("table") << QStringLiteral("table") << QStringLiteral("0.0615");
    QTest::newRow("csv") << QStringLiteral("csv")
                         << QStringLiteral("judge,pairwise,preference,relevance,1,3,0.3333333333333333,0.0614");
    QTest::newRow("markdown") << QStringLiteral("markdown") << QStringLiteral("| judge | pyramid |");
    QTest::newRow("latex") << QStringLiteral("latex") << QStringLiteral("\\caption{Accuracy");
}

void TestCliAccuracy::everyFormat()
{
    QFETCH(QString, format);
    QFETCH(QString, expected);
    const Run r = test::runCli({QStringLiteral("accuracy"), m_small, QStringLiteral("--human"),
                                QStringLiteral("expert"), QStringLiteral("--human-dimension"),
                                QStringLiteral("relevance"), QStringLiteral("--format"), format});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(expected), qPrintable(r.out));
}

void TestCliAccuracy::errors_data()
{
    QTest::addColumn<QStringList>("args"); // after "accuracy STUDY"
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    const QString human = QStringLiteral("--human");
    const QString expert = QStringLiteral("expert");
    const QString rater = QStringLiteral("--rater");
    QTest::newRow("no group") << QStringList{} << 2 << QStringLiteral("accuracy takes a STUDY and --human GROUP");
    QTest::newRow("unknown format") << QStringList{human, expert, QStringLiteral("--format"), QStringLiteral("xml")}
                                    << 2 << QStringLiteral("unknown --format 'xml'");
    QTest::newRow("unknown group") << QStringList{human, QStringLiteral("crowd")} << 1
                                   << QStringLiteral("no human rater in group 'crowd'");
    QTest::newRow("unknown judge") << QStringList{human, expert, rater, QStringLiteral("nobody")} << 1
                                   << QStringLiteral("no judge named 'nobody'");
    QTest::newRow("a human is no judge") << QStringList{human, expert, rater, QStringLiteral("h1")} << 1
                                         << QStringLiteral("no judge named 'h1'");
    QTest::newRow("judge without answers")
        << QStringList{human, expert, rater, QStringLiteral("scorer")} << 1
        << QStringLiteral("judge 'scorer' has no pairwise verdicts, Pyramid answers or factuality answers");
    QTest::newRow("unknown human dimension")
        << QStringList{human, expert, QStringLiteral("--human-dimension"), QStringLiteral("taste")} << 1
        << QStringLiteral("no dimension named 'taste'");
}

void TestCliAccuracy::errors()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    const Run r = test::runCli(QStringList{QStringLiteral("accuracy"), m_small} + args);
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
    QCOMPARE(r.err.count(QLatin1Char('\n')), 1); // one line
    QVERIFY(r.out.isEmpty());
}

// The demo has human raters only: one line says that no judge has what the command needs.
void TestCliAccuracy::studyWithoutSuchJudge()
{
    const QString demo = m_dir.filePath(QStringLiteral("demo-accuracy.concord"));
    QCOMPARE(test::runCli({QStringLiteral("demo"), demo}).exitCode, 0);
    const Run r = test::runCli({QStringLiteral("accuracy"), demo, QStringLiteral("--human"), QStringLiteral("expert")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.startsWith(QStringLiteral(
                 "concord-cli: no judge in the study has pairwise verdicts, Pyramid answers or factuality answers")),
             qPrintable(r.err));
    QCOMPARE(r.err.count(QLatin1Char('\n')), 1);
}

void TestCliAccuracy::summEvalCountedByHandAndEqualsCore()
{
    if (test::summevalFiles().isEmpty())
        QSKIP("../shared/data/summeval is absent: accuracy on SummEval cannot be checked here");
    const QString path = m_dir.filePath(QStringLiteral("summeval.concord"));
    const std::string error = test::createSummEvalWithJudges(path.toStdString());
    QVERIFY2(error.empty(), error.c_str());

    // Recorded answers on the first 8 documents and 4 systems, from fixed rules; the experts' Pyramid
    // marks are set by a rule too, so that the truth of every answer is known here.
    std::vector<std::string> documents, systems;
    std::map<std::pair<std::size_t, std::size_t>, Id> candidateOf; // (document, system) index -> candidate
    std::vector<Id> experts;
    {
        auto study = store::Study::open(path.toStdString());
        QVERIFY(study.ok());
        store::Study &s = *study.value();
        std::map<Id, std::size_t> documentIndex, systemIndex;
        for (const auto &d : s.documentSummaries())
            if (documents.size() < 8) {
                documentIndex[d.id] = documents.size();
                documents.push_back(d.externalId);
            }
        for (const auto &sys : s.systems())
            if (systems.size() < 4) {
                systemIndex[sys.id] = systems.size();
                systems.push_back(sys.name);
            }
        for (const auto &c : s.candidates())
            if (documentIndex.count(c.documentId) && systemIndex.count(c.systemId))
                candidateOf[{documentIndex[c.documentId], systemIndex[c.systemId]}] = c.id;
        QCOMPARE(candidateOf.size(), std::size_t{32});
        for (const auto &r : s.raters())
            if (r.kind == model::RaterKind::Human && r.group == "expert")
                experts.push_back(r.id);
        QCOMPARE(experts.size(), std::size_t{3});
        QVERIFY(s.write([&] {
                     // SummEval has no content units: each document gets two for the experts to mark.
                     s.database().exec(R"(UPDATE documents SET scus = '["first unit", "second unit"]')");
                     for (const auto &[key, candidate] : candidateOf)
                         for (int unit = 0; unit < 2; ++unit)
                             for (std::size_t e = 0; e < 3; ++e)
                                 s.setUnitMark(experts[e], candidate, unit,
                                               (key.first + key.second + unit + e) % 4 < 2);
                 }).ok());
    }
    QString h2h, pyramid, factuality;
    std::size_t pyramidCorrect = 0, factualityCorrect = 0;
    for (std::size_t d = 0; d < documents.size(); ++d)
        for (std::size_t a = 0; a < systems.size(); ++a) {
            const QString doc = QString::fromStdString(documents[d]);
            const QString sys = QString::fromStdString(systems[a]);
            for (std::size_t b = a + 1; b < systems.size(); ++b) {
                static const char *const values[] = {"a", "b", "tie"};
                for (const char *order : {"ab", "ba"})
                    h2h += QStringLiteral(R"({"doc_id": "%1", "system_a": "%2", "system_b": "%3", "dimension": )"
                                          R"("relevance", "order": "%4", "value": "%5"})"
                                          "\n")
                               .arg(doc, sys, QString::fromStdString(systems[b]), QLatin1String(order),
                                    QLatin1String(values[(d + a + b + (order[0] == 'b' ? 1 : 0)) % 3]));
            }
            for (std::size_t unit = 0; unit < 2; ++unit) {
                const bool answer = (d + 2 * a + unit) % 2 == 0;
                // The experts e = 0, 1, 2 mark the unit present when (d + a + unit + e) % 4 < 2: two of
                // them do when (d + a + unit) % 4 is 0 or 3, one when it is 1 or 2.
                const std::size_t k = (d + a + unit) % 4;
                pyramidCorrect += answer == (k == 0 || k == 3) ? 1 : 0;
                pyramid += QStringLiteral(R"({"doc_id": "%1", "system": "%2", "scu": %3, "value": %4})"
                                          "\n")
                               .arg(doc, sys)
                               .arg(unit)
                               .arg(answer ? 1 : 0);
            }
            // No expert marked an error span in SummEval, so every sentence the experts rated is supported.
            const bool supported = (d * 4 + a) % 3 != 0;
            factualityCorrect += supported ? 1 : 0;
            factuality += QStringLiteral(R"({"doc_id": "%1", "system": "%2", "sentence": 0, "value": %3})"
                                         "\n")
                              .arg(doc, sys)
                              .arg(supported ? 1 : 0);
        }
    const std::pair<const char *, QString> files[] = {{"h2h", h2h}, {"pyramid", pyramid}, {"factuality", factuality}};
    for (const auto &[protocol, lines] : files) {
        const QString file = m_dir.filePath(QLatin1String(protocol) + QStringLiteral(".jsonl"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(lines.toUtf8());
        f.close();
        const Run r = test::runCli({QStringLiteral("import-judgements"), path, file, QStringLiteral("--protocol"),
                                    QLatin1String(protocol), QStringLiteral("--rater"),
                                    QLatin1String(protocol) + QStringLiteral(" judge"), QStringLiteral("--model"),
                                    QStringLiteral("recorded")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    }

    const QJsonArray rows = jsonRows({path, QStringLiteral("--human"), QStringLiteral("expert")});
    // judge_close and judge_noisy only score, so the three recorded judges are the rows.
    QCOMPARE(rows.size(), 3);
    const QJsonObject pairwiseRow = rows.at(0).toObject();
    const QJsonObject pyramidRow = rows.at(1).toObject();
    const QJsonObject factualityRow = rows.at(2).toObject();
    QCOMPARE(pairwiseRow.value(QStringLiteral("judge")).toString(), QStringLiteral("h2h judge"));
    QCOMPARE(pairwiseRow.value(QStringLiteral("dimension")).toString(), QStringLiteral("relevance"));
    QCOMPARE(pyramidRow.value(QStringLiteral("judge")).toString(), QStringLiteral("pyramid judge"));
    QCOMPARE(factualityRow.value(QStringLiteral("judge")).toString(), QStringLiteral("factuality judge"));

    // By hand: 8 documents × 6 system pairs × 2 orders are 96 pairwise verdicts; 64 Pyramid answers and 32
    // factuality answers, each with its truth.
    QCOMPARE(numberOf(pairwiseRow, "total") + numberOf(pairwiseRow, "without_truth"), 96.0);
    QCOMPARE(numberOf(pyramidRow, "total"), 64.0);
    QCOMPARE(numberOf(pyramidRow, "correct"), static_cast<double>(pyramidCorrect));
    QCOMPARE(numberOf(factualityRow, "total"), 32.0);
    QCOMPARE(numberOf(factualityRow, "correct"), static_cast<double>(factualityCorrect));

    // The same numbers as the core's, every digit.
    auto study = store::Study::open(path.toStdString(), {true});
    QVERIFY(study.ok());
    compareRow(pairwiseRow,
               reports::pairwiseChoiceAccuracy(*study.value(), {"h2h judge", "expert", "relevance", {}}).value());
    compareRow(pyramidRow, reports::pyramidAccuracy(*study.value(), {"pyramid judge", "expert", {}, {}}).value());
    compareRow(factualityRow,
               reports::factualityAccuracy(*study.value(), {"factuality judge", "expert", {}, {}}).value());
    const Run csv = test::runCli({QStringLiteral("accuracy"), path, QStringLiteral("--human"), QStringLiteral("expert"),
                                  QStringLiteral("--rater"), QStringLiteral("pyramid judge"), QStringLiteral("--rater"),
                                  QStringLiteral("h2h judge"), QStringLiteral("--format"), QStringLiteral("csv")});
    QVERIFY2(csv.exitCode == 0, qPrintable(csv.err));
    const auto core = reports::computeAccuracy(*study.value(), {"expert", {"pyramid judge", "h2h judge"}, {}, 0.95});
    QVERIFY(core.ok());
    QCOMPARE(core.value().size(), std::size_t{2});
    QCOMPARE(csv.out,
             QString::fromStdString(io::render(reports::accuracyTable(core.value(), true), io::TableStyle::Csv)));
}

QTEST_GUILESS_MAIN(TestCliAccuracy)
#include "tst_cli_accuracy.moc"
