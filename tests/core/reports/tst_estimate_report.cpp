// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// A study's prediction-powered estimates: which summaries are labelled (the group's mean), which are not,
// which are left out for want of a judge score; every pair of systems or the baseline's, Bonferroni-corrected;
// the what-if's seeded share; and what is refused.
#include "reports/estimate_report.h"
#include "stats/ppi_mean.h"
#include "stats/special_functions.h"
#include "store/study.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <memory>

using namespace concord;
using namespace concord::reports;

namespace {

// Systems A, B and C over six documents, dimension coherence (1-5) and a rank dimension; experts e1 and e2
// and crowd c1; judge J. The experts label documents 1-3 of every system (e1 and e2 both, so Y is their
// mean); J scores every summary but B's on document 1 (labelled, so left out and counted) and C's on
// document 6 (unlabelled: simply not there).
struct Fixture {
    std::unique_ptr<store::Study> study;
    // What each system's lists must be, built by hand from the values below.
    std::map<std::string, std::vector<double>> y, labelled, unlabelled;
};

double expertOne(int system, int doc)
{
    return 1 + (system * 2 + doc) % 5;
}
double expertTwo(int system, int doc)
{
    return 1 + (system + doc * 3) % 5;
}
double judgeOf(int system, int doc)
{
    return 1 + 0.5 * ((system * 3 + doc * 2) % 9);
}

Fixture makeFixture()
{
    Fixture f;
    f.study = std::move(store::Study::createInMemory()).value();
    store::Study &s = *f.study;
    const Status written = s.write([&] {
        model::Dimension coherence;
        coherence.name = "coherence";
        const model::Id dim = s.ensureDimension(coherence);
        model::Dimension overall;
        overall.name = "overall";
        overall.kind = model::DimensionKind::Rank;
        s.ensureDimension(overall);
        const model::Id e1 = s.ensureRater({0, "e1", model::RaterKind::Human, "expert", {}, {}, {}, {}});
        const model::Id e2 = s.ensureRater({0, "e2", model::RaterKind::Human, "expert", {}, {}, {}, {}});
        const model::Id c1 = s.ensureRater({0, "c1", model::RaterKind::Human, "crowd", {}, {}, {}, {}});
        model::Rater judge;
        judge.name = "judge-j";
        judge.kind = model::RaterKind::Judge;
        const model::Id j = s.ensureRater(judge);
        const char *names[] = {"A", "B", "C"};
        for (int doc = 1; doc <= 6; ++doc) {
            model::Document d;
            // Appended, not added: GCC 12 warns falsely (-Wrestrict) on "literal" + std::string.
            d.externalId = std::string("d").append(std::to_string(doc));
            d.source = std::string("Article ").append(std::to_string(doc)).append(".");
            const model::Id docId = s.addDocument(d);
            for (int system = 0; system < 3; ++system) {
                const std::string name = names[system];
                const model::Id c
                    = s.addCandidate(docId, s.ensureSystem(name), std::string("Summary ").append(name).append("."));
                const bool judged = !(name == "B" && doc == 1) && !(name == "C" && doc == 6);
                if (doc <= 3) {
                    s.setRating(e1, c, dim, expertOne(system, doc));
                    s.setRating(e2, c, dim, expertTwo(system, doc));
                    s.setRating(c1, c, dim, 5); // another group: never part of Y
                    if (judged) {
                        f.y[name].push_back((expertOne(system, doc) + expertTwo(system, doc)) / 2);
                        f.labelled[name].push_back(judgeOf(system, doc));
                    }
                } else if (judged) {
                    f.unlabelled[name].push_back(judgeOf(system, doc));
                }
                if (judged)
                    s.setRating(j, c, dim, judgeOf(system, doc));
            }
        }
    });
    if (!written)
        qFatal("fixture: %s", written.error().describe().c_str());
    return f;
}

EstimateRequest request()
{
    EstimateRequest r;
    r.judge = "judge-j";
    r.humanGroup = "expert";
    return r;
}

} // namespace

class TestEstimateReport : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void eachSystemFromItsOwnSummaries();
    void lambdaPerSystemAndNormalIntervalsOnRequest();
    void moderatedVarianceOnRequest();
    void everyPairOrTheBaselineCorrected();
    void whatIfKeepsASeededShare();
    void whatIfRepeatsCountCoverage();
    void labelsNeededAndTheirPrice();
    void judgeCostFromItsRecordedCalls();
    void binaryDimensionGetsCorrectedRates();
    void refusals_data();
    void refusals();
};

void TestEstimateReport::eachSystemFromItsOwnSummaries()
{
    Fixture f = makeFixture();
    const auto report = computeEstimates(*f.study, request());
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    // The rank dimension has no means: only coherence, its systems by name.
    QCOMPARE(report.value().systems.size(), std::size_t(3));
    // By default PPI++'s lambda is tuned once over every system's summaries, and the intervals are t's.
    std::vector<double> y, labelled, unlabelled;
    for (const auto &[system, values] : f.y) {
        y.insert(y.end(), values.begin(), values.end());
        labelled.insert(labelled.end(), f.labelled[system].begin(), f.labelled[system].end());
        unlabelled.insert(unlabelled.end(), f.unlabelled[system].begin(), f.unlabelled[system].end());
    }
    stats::PpiOptions options;
    options.interval = stats::IntervalKind::StudentT;
    options.lambda = stats::ppiTunedLambda(y, labelled, unlabelled);
    QVERIFY(*options.lambda > 0);
    for (const SystemEstimate &e : report.value().systems) {
        QCOMPARE(e.dimension, std::string("coherence"));
        const stats::PpiMean expected
            = stats::ppiMean(f.y[e.system], f.labelled[e.system], f.unlabelled[e.system], options);
        QCOMPARE(e.mean.ppi.low, expected.ppi.low);
        QCOMPARE(e.mean.ppi.degreesOfFreedom, expected.ppi.degreesOfFreedom);
        QVERIFY(std::isfinite(e.mean.ppi.degreesOfFreedom));
        QCOMPARE(e.mean.labelled, expected.labelled);
        QCOMPARE(e.mean.unlabelled, expected.unlabelled);
        QCOMPARE(e.mean.ppi.estimate, expected.ppi.estimate);
        QCOMPARE(e.mean.ppi.standardError, expected.ppi.standardError);
        QCOMPARE(e.mean.human.estimate, expected.human.estimate);
        QCOMPARE(e.mean.lambda, expected.lambda);
        QCOMPARE(e.noJudgeScore, std::size_t(e.system == "B" ? 1 : 0));
        QVERIFY(std::isnan(e.fullDataMean));
    }
    QCOMPARE(report.value().systems[1].mean.labelled, std::size_t(2));   // B: document 1 has no judge score
    QCOMPARE(report.value().systems[2].mean.unlabelled, std::size_t(2)); // C: document 6 has none either
}

void TestEstimateReport::lambdaPerSystemAndNormalIntervalsOnRequest()
{
    Fixture f = makeFixture();
    EstimateRequest perSystem = request();
    perSystem.lambdaPerSystem = true;
    perSystem.interval = stats::IntervalKind::Normal;
    const auto report = computeEstimates(*f.study, perSystem);
    QVERIFY(report.ok());
    QCOMPARE(report.value().systems.size(), std::size_t(3));
    for (const SystemEstimate &e : report.value().systems) {
        const stats::PpiMean expected = stats::ppiMean(f.y[e.system], f.labelled[e.system], f.unlabelled[e.system],
                                                       0.95, stats::PpiMethod::PpiPlusPlus);
        QCOMPARE(e.mean.lambda, expected.lambda);
        QCOMPARE(e.mean.ppi.low, expected.ppi.low);
        QCOMPARE(e.mean.ppi.high, expected.ppi.high);
        QVERIFY(std::isinf(e.mean.ppi.degreesOfFreedom));
    }
    QCOMPARE(variantText(perSystem), std::string("ppi++, lambda tuned per system, normal intervals"));
    QCOMPARE(variantText(request()),
             std::string("ppi++, lambda tuned per dimension, Student t intervals (Welch-Satterthwaite df)"));
}

void TestEstimateReport::moderatedVarianceOnRequest()
{
    // Each system's rectifier Y - lambda f (lambda the dimension's) with its variance on n - 1 df; the prior
    // fitted over the three; each PPI interval with its variance moderated, the labels' own as they were.
    Fixture f = makeFixture();
    EstimateRequest moderated = request();
    moderated.moderatedVariance = true;
    const auto report = computeEstimates(*f.study, moderated);
    QVERIFY(report.ok());
    QCOMPARE(report.value().systems.size(), std::size_t(3));
    const double lambda = report.value().systems.front().mean.lambda;
    std::vector<double> variances, df;
    for (const char *name : {"A", "B", "C"}) {
        const std::vector<double> &y = f.y[name];
        const std::vector<double> &judged = f.labelled[name];
        double mean = 0;
        for (std::size_t i = 0; i < y.size(); ++i)
            mean += (y[i] - lambda * judged[i]) / static_cast<double>(y.size());
        double squares = 0;
        for (std::size_t i = 0; i < y.size(); ++i)
            squares += (y[i] - lambda * judged[i] - mean) * (y[i] - lambda * judged[i] - mean);
        variances.push_back(squares / static_cast<double>(y.size() - 1));
        df.push_back(static_cast<double>(y.size() - 1));
    }
    stats::PpiOptions options;
    options.interval = stats::IntervalKind::StudentT;
    options.lambda = lambda;
    options.rectifierPrior = stats::fitVariancePrior(variances, df);
    const auto plain = computeEstimates(*f.study, request());
    QVERIFY(plain.ok());
    for (std::size_t i = 0; i < 3; ++i) {
        const SystemEstimate &e = report.value().systems[i];
        const stats::PpiMean expected
            = stats::ppiMean(f.y[e.system], f.labelled[e.system], f.unlabelled[e.system], options);
        QCOMPARE(e.mean.lambda, lambda);
        QCOMPARE(e.mean.ppi.low, expected.ppi.low);
        QCOMPARE(e.mean.ppi.high, expected.ppi.high);
        QCOMPARE(e.mean.ppi.degreesOfFreedom, expected.ppi.degreesOfFreedom);
        QCOMPARE(e.mean.human.low, plain.value().systems[i].mean.human.low);
        QCOMPARE(e.mean.human.high, plain.value().systems[i].mean.human.high);
    }
    QCOMPARE(variantText(moderated),
             std::string("ppi++, lambda tuned per dimension, the rectifier's variance moderated over the dimension's "
                         "systems (empirical Bayes, Smyth 2004), Student t intervals (Welch-Satterthwaite df)"));
    QVERIFY(estimateJson(report.value()).find("\"variance\": \"moderated\"") != std::string::npos);
    QVERIFY(estimateJson(plain.value()).find("\"variance\": \"per system\"") != std::string::npos);
}

void TestEstimateReport::everyPairOrTheBaselineCorrected()
{
    Fixture f = makeFixture();
    const auto all = computeEstimates(*f.study, request());
    QVERIFY(all.ok());
    const auto &pairs = all.value().differences;
    QCOMPARE(pairs.size(), std::size_t(3));
    QCOMPARE(pairs[0].first, std::string("A"));
    QCOMPARE(pairs[0].second, std::string("B"));
    QCOMPARE(pairs[2].first, std::string("B"));
    QCOMPARE(pairs[2].second, std::string("C"));
    // Each interval at 1 - 0.05 / 3, a t interval whose df is Welch-Satterthwaite's of the two systems'.
    const auto &a = all.value().systems[0].mean.ppi;
    const auto &b = all.value().systems[1].mean.ppi;
    const double va = a.standardError * a.standardError;
    const double vb = b.standardError * b.standardError;
    const double se = std::sqrt(va + vb);
    const double df = (va + vb) * (va + vb) / (va * va / a.degreesOfFreedom + vb * vb / b.degreesOfFreedom);
    QVERIFY(std::fabs(pairs[0].difference.degreesOfFreedom - df) < 1e-9 * df);
    QVERIFY(std::fabs(pairs[0].difference.estimate - (a.estimate - b.estimate)) < 1e-12);
    QVERIFY(std::fabs(pairs[0].difference.high - pairs[0].difference.estimate
                      - stats::studentTQuantile(1 - 0.05 / 6, df) * se)
            < 1e-12);
    // With normal intervals: z = 2.3939797998185104 (scipy.stats.norm.ppf(1 - 0.05 / 6)).
    EstimateRequest normal = request();
    normal.interval = stats::IntervalKind::Normal;
    const auto z = computeEstimates(*f.study, normal);
    QVERIFY(z.ok());
    const auto &za = z.value().systems[0].mean.ppi;
    const auto &zb = z.value().systems[1].mean.ppi;
    const double zse = std::sqrt(za.standardError * za.standardError + zb.standardError * zb.standardError);
    const auto &zd = z.value().differences[0].difference;
    QVERIFY(std::fabs(zd.high - zd.estimate - 2.3939797998185104 * zse) < 1e-12);
    QCOMPARE(pairs[0].comparisons, std::size_t(3));
    QCOMPARE(pairs[0].toldApart, pairs[0].difference.low > 0 || pairs[0].difference.high < 0);

    EstimateRequest baseline = request();
    baseline.baseline = "B";
    const auto against = computeEstimates(*f.study, baseline);
    QVERIFY(against.ok());
    QCOMPARE(against.value().differences.size(), std::size_t(2));
    for (const auto &d : against.value().differences) {
        QCOMPARE(d.second, std::string("B"));
        QCOMPARE(d.comparisons, std::size_t(2));
    }
}

void TestEstimateReport::whatIfKeepsASeededShare()
{
    Fixture f = makeFixture();
    EstimateRequest r = request();
    r.labelledFraction = 0.5;
    r.seed = 9;
    const auto once = computeEstimates(*f.study, r);
    const auto again = computeEstimates(*f.study, r);
    QVERIFY(once.ok() && again.ok());
    std::size_t kept = 0;
    std::size_t total = 0;
    for (std::size_t i = 0; i < once.value().systems.size(); ++i) {
        const SystemEstimate &e = once.value().systems[i];
        QCOMPARE(e.mean.ppi.estimate, again.value().systems[i].mean.ppi.estimate);
        kept += e.mean.labelled + e.noJudgeScore;
        total += e.mean.labelled + e.mean.unlabelled + e.noJudgeScore;
        // The full-data mean: the group's mean over every labelled summary of the system.
        double sum = 0;
        const int system = static_cast<int>(i);
        for (int doc = 1; doc <= 3; ++doc)
            sum += (expertOne(system, doc) + expertTwo(system, doc)) / 2;
        QVERIFY(std::fabs(e.fullDataMean - sum / 3) < 1e-12);
    }
    // Half of the nine labelled summaries, rounded half away from zero: five keep their labels.
    QCOMPARE(kept, std::size_t(5));
    // 18 summaries but C's document 6, which J did not score; B's document 1 (no score either) is counted
    // only where it keeps its label.
    QCOMPARE(total, std::size_t(16) + once.value().systems[1].noJudgeScore);
    // Every label kept: the estimate of the full study.
    r.labelledFraction = 1.0;
    const auto whole = computeEstimates(*f.study, r);
    const auto plain = computeEstimates(*f.study, request());
    QVERIFY(whole.ok() && plain.ok());
    QCOMPARE(whole.value().systems[0].mean.ppi.estimate, plain.value().systems[0].mean.ppi.estimate);
}

void TestEstimateReport::whatIfRepeatsCountCoverage()
{
    Fixture f = makeFixture();
    EstimateRequest r = request();
    r.labelledFraction = 1.0;
    const auto summary = repeatWhatIf(*f.study, r, 5);
    QVERIFY(summary.ok());
    QCOMPARE(summary.value().size(), std::size_t(3));
    for (const auto &w : summary.value()) {
        QCOMPARE(w.runs, std::size_t(5));
        QVERIFY(w.coverage >= 0 && w.coverage <= 1);
        QVERIFY(w.meanWidth > 0);
    }
    // A: every label kept, both intervals hold the full-data mean each time.
    QCOMPARE(summary.value()[0].humanCoverage, 1.0);
    r.labelledFraction.reset();
    QVERIFY(!repeatWhatIf(*f.study, r, 5).ok());
}

void TestEstimateReport::labelsNeededAndTheirPrice()
{
    Fixture f = makeFixture();
    EstimateRequest r = request();
    r.targetWidth = 1.5;
    r.pricePerLabel = 0.25;
    const auto report = computeEstimates(*f.study, r);
    QVERIFY(report.ok());
    for (const SystemEstimate &e : report.value().systems) {
        const stats::LabelsNeeded expected
            = stats::labelsNeeded(f.y[e.system], f.labelled[e.system], f.unlabelled[e.system], r.method, 1.5, 0.95);
        QCOMPARE(e.needed.alone, expected.alone);
        QCOMPARE(e.needed.withJudge, expected.withJudge);
    }
    const io::Table table = estimateTable(report.value(), true);
    const auto column = [&](const char *name) {
        return static_cast<std::size_t>(std::find(table.header.begin(), table.header.end(), name)
                                        - table.header.begin());
    };
    const auto &first = table.rows.front();
    const double alone = report.value().systems.front().needed.alone;
    if (!std::isnan(alone))
        QCOMPARE(std::stod(first[column("cost_alone")]), alone * 0.25);
    else
        QVERIFY(first[column("cost_alone")].empty());
    // Not asked: no number.
    const auto plain = computeEstimates(*f.study, request());
    QVERIFY(plain.ok());
    QVERIFY(std::isnan(plain.value().systems.front().needed.alone));
    r.targetWidth = 0;
    QVERIFY(!computeEstimates(*f.study, r).ok());
}

void TestEstimateReport::judgeCostFromItsRecordedCalls()
{
    Fixture f = makeFixture();
    // The judge's recorded calls: 0.002 each about every summary it scored (15 of them), and one call about
    // no summary at all, which prices nothing.
    const model::Id dim = *f.study->dimensionId("coherence");
    const model::Id judge = *f.study->raterId("judge-j");
    QVERIFY(f.study
                ->write([&] {
                    const model::Id run = f.study->addJudgeRun(judge, "geval", "{}");
                    int n = 0;
                    for (const auto &row : f.study->ratingsOn(dim)) {
                        if (row.rater != judge)
                            continue;
                        model::JudgeCall call;
                        call.runId = run;
                        call.requestHash = std::string("h").append(std::to_string(++n));
                        call.candidateId = row.candidate;
                        call.dimensionId = dim;
                        call.cost = 0.002;
                        f.study->addJudgeCall(call);
                    }
                    model::JudgeCall aside;
                    aside.runId = run;
                    aside.requestHash = "aside";
                    aside.cost = 1;
                    f.study->addJudgeCall(aside);
                })
                .ok());
    EstimateRequest r = request();
    r.targetWidth = 2;
    r.pricePerLabel = 1.5;
    const auto report = computeEstimates(*f.study, r);
    QVERIFY(report.ok());
    for (const SystemEstimate &e : report.value().systems) {
        const double summaries = static_cast<double>(f.labelled[e.system].size() + f.unlabelled[e.system].size());
        QVERIFY2(std::fabs(e.judgeCost - 0.002 * summaries) < 1e-12, qPrintable(QString::number(e.judgeCost)));
    }
    // The table's cost with the judge is its labels' price and the judge's.
    const io::Table t = estimateTable(report.value(), true);
    const auto column = [&](const char *name) {
        return static_cast<std::size_t>(std::find(t.header.begin(), t.header.end(), name) - t.header.begin());
    };
    const SystemEstimate &a = report.value().systems[0];
    QCOMPARE(std::stod(t.rows[0][column("judge_cost")]), a.judgeCost); // full precision round-trips
    QVERIFY(std::fabs(std::stod(t.rows[0][column("cost_with_judge")]) - (a.needed.withJudge * 1.5 + a.judgeCost))
            < 1e-12);
    // Without a judge (a group's mean stands in), nothing is priced for it.
    EstimateRequest group = r;
    group.judge.clear();
    group.predictorGroup = "crowd";
    const auto people = computeEstimates(*f.study, group);
    QVERIFY(people.ok());
    QVERIFY(std::isnan(people.value().systems[0].judgeCost));
}

void TestEstimateReport::binaryDimensionGetsCorrectedRates()
{
    // A pass/fail dimension: systems P and Q over ten documents; expert e1 labels documents 1-6, the judge
    // (who answers with probabilities) scores everything.
    auto study = std::move(store::Study::createInMemory()).value();
    std::vector<int> human, judgeOfLabelled;
    std::map<std::string, std::vector<int>> judged;
    const Status written = study->write([&] {
        model::Dimension faithful;
        faithful.name = "faithful";
        faithful.kind = model::DimensionKind::Binary;
        faithful.scaleMin = 0;
        faithful.scaleMax = 1;
        const model::Id dim = study->ensureDimension(faithful);
        const model::Id e1 = study->ensureRater({0, "e1", model::RaterKind::Human, "expert", {}, {}, {}, {}});
        model::Rater judge;
        judge.name = "judge-j";
        judge.kind = model::RaterKind::Judge;
        const model::Id j = study->ensureRater(judge);
        for (int doc = 1; doc <= 10; ++doc) {
            model::Document d;
            d.externalId = std::string("d").append(std::to_string(doc));
            d.source = "An article.";
            const model::Id docId = study->addDocument(d);
            for (const char *name : {"P", "Q"}) {
                const model::Id c = study->addCandidate(docId, study->ensureSystem(name), "A summary.");
                const int truth = (doc + (name[0] == 'P' ? 0 : 1)) % 3 == 0 ? 0 : 1;
                const double probability = doc == 4 ? 1.0 - truth * 0.9 : 0.2 + 0.7 * truth; // one error
                const int says = probability >= 0.5 ? 1 : 0;
                study->setRating(j, c, dim, probability);
                judged[name].push_back(says);
                if (doc <= 6) {
                    study->setRating(e1, c, dim, truth);
                    human.push_back(truth);
                    judgeOfLabelled.push_back(says);
                }
            }
        }
    });
    QVERIFY2(written.ok(), written.ok() ? "" : written.error().describe().c_str());
    const auto report = computeEstimates(*study, request());
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    QVERIFY(report.value().systems.empty());
    QCOMPARE(report.value().rates.size(), std::size_t(2));
    stats::BootstrapOptions options;
    options.seed = 19780101;
    options.resamples = 2000;
    for (const SystemRate &r : report.value().rates) {
        const stats::CorrectedRate expected = stats::roganGladen(human, judgeOfLabelled, judged[r.system], options);
        QCOMPARE(r.labelled, std::size_t(12));
        QCOMPARE(r.judged, std::size_t(10));
        QCOMPARE(r.rate.rate, expected.rate);
        QCOMPARE(r.rate.sensitivity, expected.sensitivity);
        QCOMPARE(r.rate.interval.low, expected.interval.low);
        QVERIFY(r.rate.why.empty());
    }
    const io::Table table = rateTable(report.value(), true);
    QCOMPARE(table.rows.size(), std::size_t(2));
    QCOMPARE(table.rows.front().back(), std::string("rogan-gladen"));
}

void TestEstimateReport::refusals_data()
{
    QTest::addColumn<QString>("what");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown judge") << "judge"
                                   << "rater"
                                   << "rater 'nobody' is not in the study";
    QTest::newRow("unknown group") << "group"
                                   << "human"
                                   << "no human rater is in group 'nobody'";
    QTest::newRow("unknown dimension") << "dimension"
                                       << "dimension"
                                       << "dimension 'nobody' is not in the study";
    QTest::newRow("rank dimension") << "rank"
                                    << "dimension"
                                    << "'overall' is a rank dimension";
    QTest::newRow("unknown baseline") << "baseline"
                                      << "baseline"
                                      << "system 'nobody' is not in the study";
    QTest::newRow("confidence of 1") << "confidence"
                                     << "confidence"
                                     << "between 0 and 1";
    QTest::newRow("moderated with a plan") << "moderated plan"
                                           << "variance"
                                           << "their variance is not moderated";
    QTest::newRow("fraction of 0") << "fraction"
                                   << "labelled-fraction"
                                   << "above 0";
}

void TestEstimateReport::refusals()
{
    QFETCH(QString, what);
    QFETCH(QString, field);
    QFETCH(QString, message);
    Fixture f = makeFixture();
    EstimateRequest r = request();
    if (what == QStringLiteral("judge"))
        r.judge = "nobody";
    else if (what == QStringLiteral("group"))
        r.humanGroup = "nobody";
    else if (what == QStringLiteral("dimension"))
        r.dimensions = {"nobody"};
    else if (what == QStringLiteral("rank"))
        r.dimensions = {"overall"};
    else if (what == QStringLiteral("baseline"))
        r.baseline = "nobody";
    else if (what == QStringLiteral("confidence"))
        r.confidence = 1;
    else if (what == QStringLiteral("moderated plan")) {
        r.plan = 9;
        r.moderatedVariance = true;
    } else
        r.labelledFraction = 0;
    const auto report = computeEstimates(*f.study, r);
    QVERIFY(!report.ok());
    QVERIFY2(QString::fromStdString(report.error().message).contains(message), report.error().describe().c_str());
    QCOMPARE(QString::fromStdString(report.error().field), field);
}

QTEST_APPLESS_MAIN(TestEstimateReport)
#include "tst_estimate_report.moc"
