// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Each annotator of a group beside the rest, on a study with a known truth: three annotators who follow the
// summaries and one who rates at random. Left out, the random one raises the group's alpha; the others lower it;
// the random one correlates least with the others' mean and gets the lowest MACE competence. Each number is
// checked against the statistics computed directly; the edge cases say why a number is missing.
#include "model/seeded_draw.h"
#include "reports/annotator_quality.h"
#include "stats/correlation.h"
#include "stats/krippendorff.h"
#include "store/study.h"

#include <QTest>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

using namespace concord;

namespace {

constexpr int kSummaries = 120;

// Truth: a summary's quality 1..5; h1..h3 give it (h3 one step off now and then); r1 rates at random.
std::unique_ptr<store::Study> makeStudy(bool halves = false)
{
    auto study = std::move(store::Study::createInMemory()).value();
    store::Study &s = *study;
    model::SeededDraw draw(42);
    const Status written = s.write([&] {
        model::Dimension coherence;
        coherence.name = "coherence";
        const model::Id dim = s.ensureDimension(coherence);
        std::vector<model::Id> raters;
        for (const char *name : {"h1", "h2", "h3", "r1"})
            raters.push_back(s.ensureRater({0, name, model::RaterKind::Human, "expert", {}, {}, {}, {}}));
        s.ensureRater({0, "c1", model::RaterKind::Human, "crowd", {}, {}, {}, {}});
        const model::Id system = s.ensureSystem("A");
        for (int i = 0; i < kSummaries; ++i) {
            model::Document d;
            d.externalId = std::string("d").append(std::to_string(i));
            d.source = "An article.";
            const model::Id doc = s.addDocument(d);
            const model::Id c = s.addCandidate(doc, system, "A summary.");
            const int truth = 1 + static_cast<int>(draw.below(5));
            const int off = draw.below(10) == 0 ? (truth == 5 ? -1 : 1) : 0;
            s.setRating(raters[0], c, dim, truth);
            s.setRating(raters[1], c, dim, truth);
            const double h3 = truth + off;
            // Half a step towards the middle of the scale, never out of it.
            s.setRating(raters[2], c, dim, halves && i % 2 ? (h3 >= 5 ? h3 - 0.5 : h3 + 0.5) : h3);
            s.setRating(raters[3], c, dim, 1 + static_cast<int>(draw.below(5)));
        }
    });
    if (!written)
        qFatal("%s", written.error().describe().c_str());
    return study;
}

std::optional<double> alphaOf(store::Study &s, const std::vector<std::string> &names)
{
    const auto dims = s.dimensions();
    std::vector<model::Id> ids;
    for (const auto &n : names)
        ids.push_back(*s.raterId(n));
    stats::ReliabilityData data(kSummaries, names.size());
    const auto candidates = s.candidates();
    for (std::size_t u = 0; u < candidates.size(); ++u)
        for (std::size_t c = 0; c < ids.size(); ++c)
            data.addValue(
                u, c, s.judgementsOf(ids[c], candidates[u].documentId).ratings.at({candidates[u].id, dims.front().id}));
    return stats::KrippendorffAlpha(data).compute(stats::MeasurementLevel::Ordinal).alpha;
}

} // namespace

class TestAnnotatorQuality : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void findsTheAnnotatorWhoRatesAtRandom();
    void numbersAreTheStatisticsThemselves();
    void saysWhyANumberIsMissing();
};

void TestAnnotatorQuality::findsTheAnnotatorWhoRatesAtRandom()
{
    auto study = makeStudy();
    const auto report = reports::computeAnnotatorQuality(*study, {"expert", "coherence", {}, {}});
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    const auto &r = report.value();
    QCOMPARE(r.annotators.size(), std::size_t(4));
    QCOMPARE(r.annotators[3].rater, std::string("r1"));
    const double group = *r.groupAlpha.alpha;
    for (std::size_t j = 0; j < 3; ++j) {
        QCOMPARE(r.annotators[j].labels, std::size_t(kSummaries));
        QVERIFY(*r.annotators[j].alphaWithout < group);
        QVERIFY(*r.annotators[j].correlationWithOthers > *r.annotators[3].correlationWithOthers + 0.3);
        QVERIFY(*r.annotators[j].competence > 0.8);
    }
    QVERIFY(*r.annotators[3].alphaWithout > group);
    QVERIFY(*r.annotators[3].competence < 0.3);
    QCOMPARE(r.categories, (std::vector<double>{1, 2, 3, 4, 5}));
    QVERIFY(r.maceWhy.empty());
    const auto j = reports::toJson(r);
    QCOMPARE(j["annotators"].size(), std::size_t(4));
    QVERIFY(j["mace"]["assumes"].get<std::string>().find("MACE") != std::string::npos);
}

void TestAnnotatorQuality::numbersAreTheStatisticsThemselves()
{
    auto study = makeStudy();
    const auto r = reports::computeAnnotatorQuality(*study, {"expert", "coherence", {}, {}}).value();
    // Alpha without r1 is the alpha of h1..h3; the group's that of all four.
    QCOMPARE(*r.annotators[3].alphaWithout, *alphaOf(*study, {"h1", "h2", "h3"}));
    QCOMPARE(*r.groupAlpha.alpha, *alphaOf(*study, {"h1", "h2", "h3", "r1"}));
    // h1 against the mean of h2, h3 and r1, summary by summary.
    const auto dim = study->dimensions().front().id;
    std::vector<double> mine;
    std::vector<double> others;
    for (const auto &c : study->candidates()) {
        const auto value = [&](const char *name) {
            return study->judgementsOf(*study->raterId(name), c.documentId).ratings.at({c.id, dim});
        };
        mine.push_back(value("h1"));
        others.push_back((value("h2") + value("h3") + value("r1")) / 3);
    }
    QCOMPARE(*r.annotators[0].correlationWithOthers, stats::pearson(mine, others, false).value);
    QCOMPARE(r.annotators[0].correlationPairs, std::size_t(kSummaries));
}

void TestAnnotatorQuality::saysWhyANumberIsMissing()
{
    auto study = makeStudy(true);
    // Half steps are no categories: no competence, and the report says why; the rest is there.
    const auto halves = reports::computeAnnotatorQuality(*study, {"expert", "coherence", {}, {}}).value();
    QVERIFY(!halves.maceWhy.empty());
    QVERIFY(!halves.annotators[0].competence);
    QVERIFY(halves.annotators[0].alphaWithout.has_value());
    // A group of one: no alpha without them, and no others to correlate with.
    const auto one = reports::computeAnnotatorQuality(*study, {"crowd", "coherence", {}, {}});
    QVERIFY2(one.ok(), one.ok() ? "" : one.error().describe().c_str());
    QVERIFY(!one.value().annotators[0].alphaWithout);
    QVERIFY(!one.value().annotators[0].alphaWithoutReason.empty());
    QVERIFY(!one.value().annotators[0].correlationWithOthers);
    // Names that are not there.
    QVERIFY(!reports::computeAnnotatorQuality(*study, {"nobody", "coherence", {}, {}}).ok());
    QVERIFY(!reports::computeAnnotatorQuality(*study, {"expert", "fluency", {}, {}}).ok());
}

QTEST_APPLESS_MAIN(TestAnnotatorQuality)
#include "tst_annotator_quality.moc"
