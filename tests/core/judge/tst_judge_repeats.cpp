// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// A judge asked k times (self-consistency), end to end against the local test server: with n where the provider
// has it and one request per answer where it does not, the unit scored by the mean of its answers, every answer
// kept; the judge's vote share and own variance, calibration's vote share and the label planner's uncertainty all
// read from those answers; a rerun sends nothing; what cannot be honoured is refused before anything is sent.
#include "judge/runner.h"
#include "reports/calibration_report.h"
#include "reports/judge_card.h"
#include "reports/label_plan_report.h"
#include "reports/self_consistency_report.h"
#include "stats/self_consistency.h"
#include "store/study.h"
#include "test_llm_server.h"

#include <QDateTime>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <map>
#include <mutex>
#include <set>

using namespace concord;
using namespace concord::judge;
using concord::test::RecordedRequest;
using concord::test::Reply;
using concord::test::TestLlmServer;
using model::Id;

namespace {

const char *const kSystems[] = {"sysA", "sysB"};

std::string summaryText(int document, int system)
{
    return "Summary " + std::to_string(document) + kSystems[system] + " of the council's plan.";
}

// What the judge answers about each summary, in the order it is asked. doc2 has no human score (the planner's pool).
const std::map<std::string, std::vector<int>> kAnswers = {
    {summaryText(0, 0), {4, 4, 4}}, {summaryText(0, 1), {3, 4, 5}}, {summaryText(1, 0), {2, 2, 3}},
    {summaryText(1, 1), {5, 5, 5}}, {summaryText(2, 0), {1, 2, 2}}, {summaryText(2, 1), {3, 5, 4}},
};

// The summary a prompt is about: the one whose text it holds.
std::string summaryIn(const std::string &body)
{
    for (const auto &[summary, answers] : kAnswers)
        if (body.find(summary) != std::string::npos)
            return summary;
    return {};
}

model::Rater raterNamed(store::Study &study, const std::string &name)
{
    for (const auto &r : study.raters())
        if (r.name == name)
            return r;
    return {};
}

std::string scoreText(int score)
{
    return "Reason: as read.\nScore: " + std::to_string(score);
}

} // namespace

class TestJudgeRepeats : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void askedWithNAndScoredByTheMean();
    void askedOneAtATimeWithoutN();
    void readByCalibrationTheCardAndThePlanner();
    void refusedBeforeAnythingIsSent_data();
    void refusedBeforeAnythingIsSent();

private:
    RunOptions options(int repeats) const;
    ProviderConfig provider(ProviderKind kind) const;
    std::map<std::string, double> ratings();
    std::vector<std::vector<double>> expectedAnswers() const;

    QTemporaryDir m_dir;
    std::string m_path;
    std::unique_ptr<TestLlmServer> m_server;
    std::mutex m_mutex;
    std::map<std::string, std::size_t> m_asked; // by summary: answers given so far
};

// Three documents of two summaries, coherence 1–5; experts e1 and e2 scored doc0 and doc1 alike.
void TestJudgeRepeats::init()
{
    m_path = m_dir.filePath(QStringLiteral("study-%1.concord").arg(QDateTime::currentMSecsSinceEpoch())).toStdString();
    m_asked.clear();
    auto created = store::Study::create(m_path);
    QVERIFY(created.ok());
    store::Study &s = *created.value();
    const double human[2][2] = {{4, 2}, {2, 5}};
    QVERIFY(s.write([&] {
                 model::Dimension dim;
                 dim.name = "coherence";
                 dim.definition = "How well the summary hangs together.";
                 const Id coherence = s.ensureDimension(dim);
                 const Id e1 = s.ensureRater({0, "e1", model::RaterKind::Human, "expert", {}, {}, {}, {}});
                 const Id e2 = s.ensureRater({0, "e2", model::RaterKind::Human, "expert", {}, {}, {}, {}});
                 for (int d = 0; d < 3; ++d) {
                     model::Document doc;
                     doc.externalId = "doc" + std::to_string(d);
                     doc.source = "Council " + std::to_string(d) + " voted on a plan.";
                     const Id id = s.addDocument(doc);
                     for (int y = 0; y < 2; ++y) {
                         const Id c = s.addCandidate(id, s.ensureSystem(kSystems[y]), summaryText(d, y));
                         if (d < 2) {
                             s.setRating(e1, c, coherence, human[d][y]);
                             s.setRating(e2, c, coherence, human[d][y]);
                         }
                     }
                 }
             }).ok());
    m_server = std::make_unique<TestLlmServer>();
    QVERIFY(m_server->start() > 0);
    // OpenAI: n answers at once; Ollama: one per request. Each summary's answers are given in their order.
    m_server->setHandler([this](const RecordedRequest &r) {
        const nlohmann::json body = nlohmann::json::parse(r.body, nullptr, false);
        const std::string summary = summaryIn(r.body);
        const auto found = kAnswers.find(summary);
        if (found == kAnswers.end())
            return Reply::openAiError(400, "no summary in the prompt", "invalid_request_error");
        std::lock_guard lock(m_mutex);
        std::size_t &asked = m_asked[summary];
        if (r.path.find("/api/chat") != std::string::npos)
            return Reply::ollama(scoreText(found->second.at(asked++ % 3)));
        const int n = body.is_object() ? body.value("n", 1) : 1;
        std::vector<std::string> choices;
        for (int i = 0; i < n; ++i)
            choices.push_back(scoreText(found->second.at(asked++ % 3)));
        return Reply::openAiChoices(choices);
    });
}

RunOptions TestJudgeRepeats::options(int repeats) const
{
    RunOptions o;
    o.plan.protocol = Protocol::Rts;
    o.concurrency = 2;
    o.backoffBaseSeconds = 0.01;
    o.requestTimeoutSeconds = 10;
    o.raterName = "rep";
    o.sampling.temperature = 0.7;
    o.repeats = repeats;
    return o;
}

ProviderConfig TestJudgeRepeats::provider(ProviderKind kind) const
{
    return {kind, m_server->baseUrl() + (kind == ProviderKind::OpenAI ? "/v1" : ""), "test-model", {}};
}

// The judge's rating of each summary, by its text.
std::map<std::string, double> TestJudgeRepeats::ratings()
{
    auto opened = store::Study::open(m_path);
    if (!opened)
        return {};
    store::Study &s = *opened.value();
    std::map<Id, std::string> text;
    for (const auto &d : s.documentSummaries())
        for (const auto &c : s.candidatesOf(d.id))
            text[c.id] = c.text;
    const auto judge = s.raterId("rep");
    std::map<std::string, double> out;
    for (const auto &dim : s.dimensions())
        for (const auto &row : s.ratingsOn(dim.id))
            if (judge && row.rater == *judge)
                out[text[row.candidate]] = row.value;
    return out;
}

std::vector<std::vector<double>> TestJudgeRepeats::expectedAnswers() const
{
    std::vector<std::vector<double>> out;
    for (const auto &[summary, answers] : kAnswers)
        out.emplace_back(answers.begin(), answers.end());
    return out;
}

void TestJudgeRepeats::askedWithNAndScoredByTheMean()
{
    {
        Runner runner(m_path, provider(ProviderKind::OpenAI), options(3));
        const auto result = runner.run();
        QVERIFY2(result.ok(), result.ok() ? "" : result.error().describe().c_str());
        QCOMPARE(result.value().total, std::size_t{6});
        QCOMPARE(result.value().invalid, std::size_t{0});
        QCOMPARE(result.value().unitsBySamples, std::size_t{6});
        QCOMPARE(scoringSummary(result.value()), std::string("rts: 6 units by the mean of 3 answers"));
    }
    // One request per unit, asking for three answers at the run's temperature.
    QCOMPARE(m_server->requestCount(), std::size_t{6});
    for (const auto &r : m_server->requests()) {
        const auto body = nlohmann::json::parse(r.body);
        QCOMPARE(body.value("n", 0), 3);
        QCOMPARE(body.value("temperature", 0.0), 0.7);
    }
    const auto scores = ratings();
    QCOMPARE(scores.size(), kAnswers.size());
    for (const auto &[summary, answers] : kAnswers)
        QVERIFY2(std::fabs(scores.at(summary) - (answers[0] + answers[1] + answers[2]) / 3.0) < 1e-12, summary.c_str());

    // The judge's self-consistency, from every answer kept.
    auto study = store::Study::open(m_path);
    QVERIFY(study.ok());
    const model::Rater rater = raterNamed(*study.value(), "rep");
    QCOMPARE(rater.name, std::string("rep"));
    const auto consistency = reports::judgeSelfConsistency(*study.value(), rater);
    QVERIFY2(consistency.ok(), consistency.ok() ? "" : consistency.error().describe().c_str());
    QCOMPARE(consistency.value().size(), std::size_t{1});
    const reports::DimensionConsistency &c = consistency.value().front();
    QCOMPARE(c.dimension, std::string("coherence"));
    QCOMPARE(c.fewestAnswers, std::size_t{3});
    QCOMPARE(c.mostAnswers, std::size_t{3});
    QCOMPARE(c.figures.items, std::size_t{6});
    QCOMPARE(c.figures.answers, std::size_t{18});
    // By hand: vote shares 1, 1/3, 2/3, 1, 2/3, 1/3.
    QVERIFY(std::fabs(c.figures.meanVoteShare - 2.0 / 3.0) < 1e-12);
    QCOMPARE(c.figures.unanimous, 2.0 / 6.0);
    const stats::SelfConsistency expected = stats::selfConsistency(expectedAnswers());
    QCOMPARE(c.figures.zeroOneVariance, expected.zeroOneVariance);
    QCOMPARE(c.figures.absoluteVariance, expected.absoluteVariance);
    const std::string line = reports::selfConsistencyText(consistency.value());
    QVERIFY2(line.find("coherence: vote share 0.6667") == 0, line.c_str());
    QVERIFY2(line.find("over 6 summaries asked 3 times") != std::string::npos, line.c_str());
    study.value().reset();

    // Run again: every answer is in the study, nothing is sent. The first run's settings keep the repeats for
    // resuming.
    {
        Runner runner(m_path, provider(ProviderKind::OpenAI), options(3));
        const auto result = runner.run();
        QVERIFY(result.ok());
        QCOMPARE(result.value().cached, std::size_t{6});
        QCOMPARE(result.value().sent, std::size_t{0});
    }
    QCOMPARE(m_server->requestCount(), std::size_t{6});
    const auto resumed = resumeSettings(m_path, 1);
    QVERIFY(resumed.ok());
    QCOMPARE(resumed.value().options.repeats, 3);
}

void TestJudgeRepeats::askedOneAtATimeWithoutN()
{
    {
        Runner runner(m_path, provider(ProviderKind::Ollama), options(3));
        const auto result = runner.run();
        QVERIFY2(result.ok(), result.ok() ? "" : result.error().describe().c_str());
        QCOMPARE(result.value().total, std::size_t{18});
        QCOMPARE(result.value().unitsBySamples, std::size_t{6});
    }
    QCOMPARE(m_server->requestCount(), std::size_t{18});
    const auto scores = ratings();
    for (const auto &[summary, answers] : kAnswers)
        QVERIFY2(std::fabs(scores.at(summary) - (answers[0] + answers[1] + answers[2]) / 3.0) < 1e-12, summary.c_str());
    auto study = store::Study::open(m_path);
    QVERIFY(study.ok());
    const auto consistency = reports::judgeSelfConsistency(*study.value(), raterNamed(*study.value(), "rep"));
    QVERIFY(consistency.ok());
    QCOMPARE(consistency.value().front().figures.answers, std::size_t{18});
    QCOMPARE(consistency.value().front().figures.zeroOneVariance,
             stats::selfConsistency(expectedAnswers()).zeroOneVariance);
    // Each answer its own call, sample indices 0 to 2 of one request.
    std::map<Id, std::set<int>> samples;
    for (const auto &call : study.value()->judgeCalls(*study.value()->raterId("rep"), "rts"))
        samples[*call.candidateId].insert(call.sampleIndex);
    QCOMPARE(samples.size(), std::size_t{6});
    for (const auto &[candidate, indices] : samples)
        QCOMPARE(indices, (std::set<int>{0, 1, 2}));
    study.value().reset();
    {
        Runner runner(m_path, provider(ProviderKind::Ollama), options(3));
        QVERIFY(runner.run().ok());
    }
    QCOMPARE(m_server->requestCount(), std::size_t{18});
}

void TestJudgeRepeats::readByCalibrationTheCardAndThePlanner()
{
    {
        Runner runner(m_path, provider(ProviderKind::OpenAI), options(3));
        QVERIFY(runner.run().ok());
    }
    auto study = store::Study::open(m_path);
    QVERIFY(study.ok());
    // The Brier score's probability is the share of answers at or above the threshold (3): 1, 1, 1/3, 1 against
    // the humans' 4, 2, 2, 5 — outcomes 1, 0, 0, 1.
    reports::CalibrationRequest request;
    request.judge = "rep";
    request.humanGroup = "expert";
    const auto calibration = reports::computeCalibration(*study.value(), request);
    QVERIFY2(calibration.ok(), calibration.ok() ? "" : calibration.error().describe().c_str());
    const auto &dim = calibration.value().dimensions.front();
    QCOMPARE(dim.pairs, std::size_t{4});
    QCOMPARE(dim.sources.at(reports::ProbabilitySource::VoteShare), std::size_t{4});
    QVERIFY(std::fabs(dim.brier - (1.0 + 1.0 / 9.0) / 4.0) < 1e-12);

    // The card: the line, a figure per measure and the JSON, all from the same answers.
    study.value().reset();
    reports::JudgeCardOptions cardOptions;
    cardOptions.dashboard.humanGroup = "expert";
    cardOptions.dashboard.resamples = 50;
    const auto cards = reports::computeJudgeCards(m_path, cardOptions);
    QVERIFY2(cards.ok(), cards.ok() ? "" : cards.error().describe().c_str());
    QCOMPARE(cards.value().size(), std::size_t{1});
    const reports::JudgeCard &card = cards.value().front();
    QVERIFY2(card.selfConsistency.find("coherence: vote share 0.6667") == 0, card.selfConsistency.c_str());
    const stats::SelfConsistency expected = stats::selfConsistency(expectedAnswers());
    const io::Table figures = reports::cardFiguresTable(card, true);
    std::map<std::string, std::vector<std::string>> byFigure;
    for (const auto &row : figures.rows)
        byFigure[row.at(1)] = row;
    QCOMPARE(std::stod(byFigure.at("vote_share").at(4)), 2.0 / 3.0);
    QCOMPARE(byFigure.at("vote_share").at(8), std::string("6"));
    QCOMPARE(std::stod(byFigure.at("loo_variance_zero_one").at(4)), expected.zeroOneVariance);
    QCOMPARE(std::stod(byFigure.at("loo_variance_absolute").at(4)), expected.absoluteVariance);
    const nlohmann::json json = reports::cardJson(card);
    const nlohmann::json &byDimension = json.at("self_consistency_by_dimension").at(0);
    QCOMPARE(byDimension.at("dimension").get<std::string>(), std::string("coherence"));
    QCOMPARE(byDimension.at("answers").get<std::size_t>(), std::size_t{18});
    QCOMPARE(byDimension.at("unanimous").get<double>(), 2.0 / 6.0);
    QCOMPARE(byDimension.at("loo_variance_zero_one").get<double>(), expected.zeroOneVariance);
    study = store::Study::open(m_path);
    QVERIFY(study.ok());

    // The planner's uncertainty is the spread of the answers of the unlabelled summaries: sd {1, 2, 2} = sqrt(1/3),
    // sd {3, 5, 4} = 1.
    reports::PlanRequest plan;
    plan.judges = {"rep"};
    plan.humanGroup = "expert";
    plan.dimension = "coherence";
    plan.budget = 1;
    plan.strategy = "uncertainty";
    const auto planned = reports::planLabels(*study.value(), plan);
    QVERIFY2(planned.ok(), planned.ok() ? "" : planned.error().describe().c_str());
    QCOMPARE(planned.value().uncertaintySource, std::string("the spread of the judge's sampled answers"));
    QCOMPARE(planned.value().pool, std::size_t{2});
    for (const auto &s : planned.value().summaries) {
        QCOMPARE(s.document, std::string("doc2"));
        QVERIFY2(std::fabs(s.uncertainty - 1.0) < 1e-12 || std::fabs(s.uncertainty - std::sqrt(1.0 / 3.0)) < 1e-12,
                 qPrintable(QString::number(s.uncertainty)));
    }
}

void TestJudgeRepeats::refusedBeforeAnythingIsSent_data()
{
    QTest::addColumn<int>("protocol");
    QTest::addColumn<double>("temperature");
    QTest::addColumn<int>("reask");
    QTest::addColumn<int>("repeats");

    QTest::newRow("geval samples on its own") << static_cast<int>(Protocol::Geval) << 0.7 << 0 << 3;
    QTest::newRow("llmscore") << static_cast<int>(Protocol::LlmScore) << 0.7 << 0 << 3;
    QTest::newRow("a comparison") << static_cast<int>(Protocol::H2h) << 0.7 << 0 << 3;
    QTest::newRow("temperature 0") << static_cast<int>(Protocol::Rts) << 0.0 << 0 << 3;
    QTest::newRow("with re-asking") << static_cast<int>(Protocol::Rts) << 0.7 << 2 << 3;
    QTest::newRow("none") << static_cast<int>(Protocol::Rts) << 0.7 << 0 << 0;
    QTest::newRow("too many") << static_cast<int>(Protocol::Rts) << 0.7 << 0 << 101;
}

void TestJudgeRepeats::refusedBeforeAnythingIsSent()
{
    QFETCH(int, protocol);
    QFETCH(double, temperature);
    QFETCH(int, reask);
    QFETCH(int, repeats);
    RunOptions o = options(repeats);
    o.plan.protocol = static_cast<Protocol>(protocol);
    o.sampling.temperature = temperature;
    o.reaskInvalid = reask;
    Runner runner(m_path, provider(ProviderKind::OpenAI), o);
    const auto result = runner.run();
    QVERIFY(!result.ok());
    QCOMPARE(result.error().field, std::string("repeats"));
    QCOMPARE(m_server->requestCount(), std::size_t{0});
    QVERIFY(ratings().empty());
}

QTEST_GUILESS_MAIN(TestJudgeRepeats)
#include "tst_judge_repeats.moc"
