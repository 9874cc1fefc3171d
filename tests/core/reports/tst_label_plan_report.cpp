// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// plan-labels on a study: the pool (judged, not labelled by the group), probabilities from each source of
// uncertainty, the plan and every probability stored, reproducible from its seed, refusals that change
// nothing; and estimates from the planned labels equal the inverse-probability-weighted mean worked from
// the stored plan.
#include "reports/estimate_report.h"
#include "reports/label_plan_report.h"
#include "stats/label_plan.h"
#include "store/study.h"

#include <QTest>

#include <cmath>
#include <map>
#include <memory>
#include <numeric>

using namespace concord;
using namespace concord::reports;

namespace {

constexpr int kDocuments = 30;

// Two systems over 30 documents; judges j1 and j2 score every summary, the experts e1 and e2 label the
// first 10 documents' summaries. j1 answered twice (two samples) about the summaries of documents 11 to 15.
struct Fixture {
    std::unique_ptr<store::Study> study;
    std::map<model::Id, double> expert; // every summary's expert mean, labelled or not (the truth)
    std::map<model::Id, double> j1;
    model::Id dimension = 0;
};

double expertScore(int system, int doc)
{
    return 1 + (system * 2 + doc * 3) % 5;
}

Fixture makeFixture()
{
    Fixture f;
    f.study = std::move(store::Study::createInMemory()).value();
    store::Study &s = *f.study;
    const Status written = s.write([&] {
        model::Dimension coherence;
        coherence.name = "coherence";
        f.dimension = s.ensureDimension(coherence);
        const model::Id e1 = s.ensureRater({0, "e1", model::RaterKind::Human, "expert", {}, {}, {}, {}});
        const model::Id e2 = s.ensureRater({0, "e2", model::RaterKind::Human, "expert", {}, {}, {}, {}});
        s.ensureRater({0, "ann", model::RaterKind::Human, "expert", {}, {}, {}, {}});
        model::Rater judge;
        judge.name = "j1";
        judge.kind = model::RaterKind::Judge;
        judge.protocol = "geval";
        const model::Id j1 = s.ensureRater(judge);
        judge.name = "j2";
        const model::Id j2 = s.ensureRater(judge);
        const model::Id run = s.addJudgeRun(j1, "geval", "{}");
        for (int doc = 1; doc <= kDocuments; ++doc) {
            model::Document d;
            d.externalId = std::string("d").append(std::to_string(doc));
            d.source = std::string("Article ").append(std::to_string(doc)).append(".");
            const model::Id docId = s.addDocument(d);
            for (int system = 0; system < 2; ++system) {
                const std::string name = system == 0 ? "A" : "B";
                const model::Id c = s.addCandidate(docId, s.ensureSystem(name), std::string("Summary ").append(name));
                const double y = expertScore(system, doc);
                f.expert[c] = y;
                const double one = std::clamp(y + ((doc + system) % 3 - 1) * 0.5, 1.0, 5.0);
                const double two = std::clamp(y + ((doc * 2 + system) % 5 - 2) * 0.5, 1.0, 5.0);
                f.j1[c] = one;
                s.setRating(j1, c, f.dimension, one);
                s.setRating(j2, c, f.dimension, two);
                if (doc <= 10) {
                    s.setRating(e1, c, f.dimension, y);
                    s.setRating(e2, c, f.dimension, y);
                }
                if (doc >= 11 && doc <= 15)
                    for (int sample = 0; sample < 2; ++sample) {
                        model::JudgeCall call;
                        call.runId = run;
                        call.requestHash
                            = std::string("h").append(std::to_string(c)).append("-").append(std::to_string(sample));
                        call.sampleIndex = sample;
                        call.documentId = docId;
                        call.candidateId = c;
                        call.dimensionId = f.dimension;
                        call.parsedValue = one + (sample == 0 ? -0.5 : 0.5) * doc / 10.0;
                        call.valid = true;
                        s.addJudgeCall(call);
                    }
            }
        }
    });
    if (!written)
        qFatal("fixture: %s", written.error().describe().c_str());
    return f;
}

PlanRequest planRequest(const std::string &strategy)
{
    PlanRequest r;
    r.judges = {"j1"};
    if (strategy == "disagreement")
        r.judges.push_back("j2");
    r.humanGroup = "expert";
    r.dimension = "coherence";
    r.budget = 12;
    r.strategy = strategy;
    r.seed = 7;
    return r;
}

} // namespace

class TestLabelPlanReport : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void planIsStored_data();
    void planIsStored();
    void sameSeedSamePlan();
    void refusalsChangeNothing_data();
    void refusalsChangeNothing();
    void estimatesWeightThePlannedLabels();
};

void TestLabelPlanReport::planIsStored_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<QString>("source");
    QTest::newRow("uniform") << QStringLiteral("uniform") << QStringLiteral("none (uniform)");
    QTest::newRow("uncertainty") << QStringLiteral("uncertainty")
                                 << QStringLiteral("the spread of the judge's sampled answers");
    QTest::newRow("disagreement") << QStringLiteral("disagreement")
                                  << QStringLiteral("the spread of the judges' scores");
}

void TestLabelPlanReport::planIsStored()
{
    QFETCH(QString, strategy);
    QFETCH(QString, source);
    Fixture f = makeFixture();
    PlanRequest request = planRequest(strategy.toStdString());
    request.annotator = "ann";
    const auto report = planLabels(*f.study, request);
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    const LabelPlanReport &r = report.value();
    QCOMPARE(QString::fromStdString(r.uncertaintySource), source);
    QCOMPARE(r.pool, std::size_t(40)); // documents 11-30, two systems
    QVERIFY(std::fabs(r.expected - 12) < 1e-9);
    const auto plans = f.study->labelPlans();
    QCOMPARE(plans.size(), std::size_t(1));
    QCOMPARE(plans[0].id, r.plan);
    QCOMPARE(plans[0].strategy, strategy.toStdString());
    QCOMPARE(plans[0].dimension, f.dimension);
    QVERIFY(plans[0].annotator.has_value());
    QCOMPARE(plans[0].seed, std::int64_t(7));
    QCOMPARE(plans[0].settings, planSettingsJson(r));
    const auto items = f.study->labelPlanItems(r.plan);
    QCOMPARE(items.size(), std::size_t(40));
    double sum = 0;
    std::size_t drawn = 0;
    for (const auto &item : items) {
        QVERIFY(!f.study->rating(1, item.candidate, f.dimension)); // never a labelled summary
        QVERIFY(item.probability > 0 && item.probability <= 1);
        QVERIFY(item.probability >= 0.3 * 12 / 40 - 1e-12); // the uniform share's floor
        sum += item.probability;
        drawn += item.drawn ? 1 : 0;
    }
    QVERIFY(std::fabs(sum - 12) < 1e-9);
    QCOMPARE(drawn, r.drawn);
    // The queue is the drawn summaries, each named by its document.
    QCOMPARE(r.summaries.size(), r.drawn);
    for (const auto &queued : r.summaries) {
        QVERIFY(queued.drawn);
        QVERIFY(queued.document.starts_with("d"));
    }
    // The stored draw is the seeded draw of the stored probabilities.
    std::vector<double> p;
    for (const auto &item : items)
        p.push_back(item.probability);
    const std::vector<bool> again = stats::drawPlan(p, 7);
    for (std::size_t i = 0; i < items.size(); ++i)
        QCOMPARE(items[i].drawn, bool(again[i]));
    if (strategy == QStringLiteral("uncertainty")) {
        // Summaries with two samples that differ get more than the floor-only ones of the unknown mean.
        const auto spread = std::max_element(
            items.begin(), items.end(), [](const auto &a, const auto &b) { return a.probability < b.probability; });
        QVERIFY(spread->probability > 12.0 / 40);
    }
}

void TestLabelPlanReport::sameSeedSamePlan()
{
    Fixture f = makeFixture();
    const auto first = planLabels(*f.study, planRequest("uncertainty"));
    const auto second = planLabels(*f.study, planRequest("uncertainty"));
    QVERIFY(first.ok() && second.ok());
    QVERIFY(first.value().plan != second.value().plan);
    const auto a = f.study->labelPlanItems(first.value().plan);
    const auto b = f.study->labelPlanItems(second.value().plan);
    QCOMPARE(a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        QCOMPARE(a[i].candidate, b[i].candidate);
        QCOMPARE(a[i].probability, b[i].probability);
        QCOMPARE(a[i].drawn, b[i].drawn);
    }
}

void TestLabelPlanReport::refusalsChangeNothing_data()
{
    QTest::addColumn<QString>("what");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown judge") << QStringLiteral("judge") << QStringLiteral("rater 'nobody' is not in the study");
    QTest::newRow("budget above the pool")
        << QStringLiteral("budget") << QStringLiteral("at most the 40 summaries that are not labelled yet");
    QTest::newRow("disagreement of one") << QStringLiteral("disagreement")
                                         << QStringLiteral("disagreement compares two judges or more");
    QTest::newRow("unknown annotator") << QStringLiteral("annotator")
                                       << QStringLiteral("the study has no annotator named 'zoe'");
    QTest::newRow("unknown strategy") << QStringLiteral("strategy")
                                      << QStringLiteral("the strategy is uniform, uncertainty or disagreement");
}

void TestLabelPlanReport::refusalsChangeNothing()
{
    QFETCH(QString, what);
    QFETCH(QString, message);
    Fixture f = makeFixture();
    PlanRequest request = planRequest("uniform");
    if (what == QStringLiteral("judge"))
        request.judges = {"nobody"};
    else if (what == QStringLiteral("budget"))
        request.budget = 41;
    else if (what == QStringLiteral("disagreement"))
        request.strategy = "disagreement";
    else if (what == QStringLiteral("annotator"))
        request.annotator = "zoe";
    else
        request.strategy = "loudest";
    const auto report = planLabels(*f.study, request);
    QVERIFY(!report.ok());
    QVERIFY2(QString::fromStdString(report.error().describe()).contains(message), report.error().describe().c_str());
    QVERIFY(f.study->labelPlans().empty());
}

void TestLabelPlanReport::estimatesWeightThePlannedLabels()
{
    Fixture f = makeFixture();
    const auto plan = planLabels(*f.study, planRequest("uncertainty"));
    QVERIFY(plan.ok());
    EstimateRequest request;
    request.judge = "j1";
    request.humanGroup = "expert";
    request.plan = plan.value().plan;
    request.method = stats::PpiMethod::Ppi;
    // Nothing drawn is labelled yet: no interval, and why.
    const auto waiting = computeEstimates(*f.study, request);
    QVERIFY2(waiting.ok(), waiting.ok() ? "" : waiting.error().describe().c_str());
    for (const auto &e : waiting.value().systems) {
        QVERIFY(std::isnan(e.mean.ppi.low));
        QVERIFY(e.plannedMissing > 0);
        QVERIFY(e.mean.why.find("not labelled yet") != std::string::npos);
    }
    // The experts label what was drawn, and one summary the plan did not draw (left out).
    const auto items = f.study->labelPlanItems(plan.value().plan);
    model::Id undrawn = 0;
    QVERIFY(f.study
                ->write([&] {
                    for (const auto &item : items) {
                        if (item.drawn) {
                            f.study->setRating(1, item.candidate, f.dimension, f.expert[item.candidate]);
                        } else if (undrawn == 0) {
                            undrawn = item.candidate;
                            f.study->setRating(1, item.candidate, f.dimension, f.expert[item.candidate]);
                        }
                    }
                })
                .ok());
    const auto report = computeEstimates(*f.study, request);
    QVERIFY(report.ok());
    QCOMPARE(report.value().systems.size(), std::size_t(2));
    std::map<model::Id, store::LabelPlanItem> byCandidate;
    for (const auto &item : items)
        byCandidate[item.candidate] = item;
    std::size_t undrawnSeen = 0;
    for (const auto &e : report.value().systems) {
        // Worked from the stored plan: labels from before it with probability 1, its own by theirs.
        std::vector<stats::PlannedItem> planned;
        for (const auto &c : f.study->candidates()) {
            if (f.study->systems()[static_cast<std::size_t>(e.system == "A" ? 0 : 1)].id != c.systemId)
                continue;
            const auto item = byCandidate.find(c.id);
            if (item == byCandidate.end())
                planned.push_back({f.j1[c.id], 1.0, true, f.expert[c.id]});
            else
                planned.push_back({f.j1[c.id], item->second.probability, item->second.drawn,
                                   item->second.drawn ? f.expert[c.id] : std::nan("")});
        }
        const stats::PlannedMean expected
            = stats::plannedMean(planned, 0.95, stats::PpiMethod::Ppi, stats::IntervalKind::StudentT);
        QVERIFY(std::fabs(e.mean.ppi.estimate - expected.mean.estimate) < 1e-12);
        QVERIFY(std::fabs(e.mean.ppi.low - expected.mean.low) < 1e-12);
        QCOMPARE(e.plannedMissing, std::size_t(0));
        undrawnSeen += e.undrawnLabels;
    }
    QCOMPARE(undrawnSeen, std::size_t(1));
    // A what-if is not a plan; another judge's scores are not the plan's.
    EstimateRequest both = request;
    both.labelledFraction = 0.5;
    QVERIFY(!computeEstimates(*f.study, both).ok());
    EstimateRequest other = request;
    other.judge = "j2";
    QVERIFY(!computeEstimates(*f.study, other).ok());
}

QTEST_GUILESS_MAIN(TestLabelPlanReport)
#include "tst_label_plan_report.moc"
