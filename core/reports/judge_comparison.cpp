// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reports/judge_comparison.h"

#include "reports/number_text.h"
#include "reports/rating_matrices.h"
#include "reports/split_report.h"
#include "stats/levels.h"
#include "store/study.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <set>

namespace concord::reports {

using model::Id;
using nlohmann::json;

namespace {

bool asks(SignificanceTest test, SignificanceTest which)
{
    return test == SignificanceTest::Both || test == which;
}

const model::Rater &raterNamed(const std::vector<model::Rater> &raters, const std::string &name)
{
    const auto it = std::find_if(raters.begin(), raters.end(), [&](const auto &r) { return r.name == name; });
    if (it == raters.end())
        fail("no rater named '" + name + "' in the study", "rater");
    return *it;
}

// The three matrices restricted to the cells all of them have, so that both correlations are over
// the same items (a paired comparison).
struct PairedScores {
    stats::ScoreMatrix a, b, humans;
};

PairedScores paired(const stats::ScoreMatrix &a, const stats::ScoreMatrix &b, const stats::ScoreMatrix &humans)
{
    PairedScores out{a, b, humans};
    for (std::size_t s = 0; s < a.systems(); ++s)
        for (std::size_t d = 0; d < a.documents(); ++d)
            if (std::isnan(a.at(s, d)) || std::isnan(b.at(s, d)) || std::isnan(humans.at(s, d)))
                out.a.at(s, d) = out.b.at(s, d) = out.humans.at(s, d) = stats::ScoreMatrix::missing();
    return out;
}

// The correlation at a level, as the correlation report computes it; `used` gets the summary
// level's count of documents.
stats::Correlation atLevel(Level level, const stats::ScoreMatrix &x, const stats::ScoreMatrix &z,
                           stats::CorrelationMethod method, std::size_t *used = nullptr)
{
    switch (level) {
    case Level::Dataset:
        return stats::datasetLevel(x, z, method);
    case Level::System:
        return stats::systemLevel(x, z, method);
    case Level::Summary: {
        stats::SummaryLevel s = stats::summaryLevel(x, z, method, false);
        if (used)
            *used = s.documentsUsed;
        return s.mean;
    }
    case Level::PerSystem:
    case Level::Meta:
        break;
    }
    fail("judges are compared at dataset, system and summary level", "level");
}

// Values that differ by no more than rounding become one value (the smallest of the run).
void mergeRoundingTies(std::vector<double> &values)
{
    std::vector<std::size_t> order(values.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::size_t i, std::size_t j) { return values[i] < values[j]; });
    std::size_t first = 0;
    for (std::size_t k = 1; k < order.size(); ++k) {
        const double head = values[order[first]];
        if (values[order[k]] - head <= 1e-12 * std::max(1.0, std::fabs(head)))
            values[order[k]] = head;
        else
            first = k;
    }
}

// The system level as the permutation test needs it. Its matrices hold z-scores, and a system's mean
// of them is a sum of rounded values: two means equal in exact arithmetic (the same number of A's
// and of B's cells with the same sums) can differ in their last bit with the order of summation,
// and Kendall and Spearman see ties exactly. So means equal up to rounding are made equal, which
// makes the p-value depend on the seed alone. (Raw ratings need none of this: their sums are exact.)
double systemLevelOfScores(const stats::ScoreMatrix &x, const stats::ScoreMatrix &z, stats::CorrelationMethod method)
{
    std::vector<double> mx(x.systems(), stats::ScoreMatrix::missing()), mz(x.systems(), stats::ScoreMatrix::missing());
    for (std::size_t s = 0; s < x.systems(); ++s) {
        double sx = 0, sz = 0;
        std::size_t n = 0;
        for (std::size_t d = 0; d < x.documents(); ++d)
            if (!std::isnan(x.at(s, d)) && !std::isnan(z.at(s, d))) {
                sx += x.at(s, d);
                sz += z.at(s, d);
                ++n;
            }
        if (n > 0) {
            mx[s] = sx / static_cast<double>(n);
            mz[s] = sz / static_cast<double>(n);
        }
    }
    std::erase_if(mx, [](double v) { return std::isnan(v); });
    std::erase_if(mz, [](double v) { return std::isnan(v); });
    mergeRoundingTies(mx);
    mergeRoundingTies(mz);
    return stats::correlate(mx, mz, method, false).value;
}

stats::MatrixStatistic statisticAt(Level level, stats::CorrelationMethod method)
{
    if (level == Level::Summary)
        return [method](const stats::ScoreMatrix &x, const stats::ScoreMatrix &z) {
            return stats::summaryLevelMean(x, z, method);
        };
    if (level == Level::System)
        return [method](const stats::ScoreMatrix &x, const stats::ScoreMatrix &z) {
            return systemLevelOfScores(x, z, method);
        };
    return [method](const stats::ScoreMatrix &x, const stats::ScoreMatrix &z) {
        return stats::datasetLevel(x, z, method, false).value;
    };
}

// Williams' test where it applies: one Pearson correlation over paired items (dataset: cells,
// system: systems). The summary level's mean of per-document coefficients is not such a
// correlation; there the permutation test answers (as in Deutsch, Dror & Roth 2021).
void williamsFor(JudgeComparisonEntry &e)
{
    if (e.level == Level::Summary) {
        e.williamsUndefinedReason
            = "the summary level averages per-document correlations, which Williams' test does not cover";
        return;
    }
    if (e.method != stats::CorrelationMethod::Pearson) {
        e.williamsUndefinedReason = "Williams' test compares Pearson correlations";
        return;
    }
    for (const auto *c : {&e.a, &e.b, &e.ab})
        if (!c->defined()) {
            e.williamsUndefinedReason = "a correlation is undefined: " + c->undefinedReason;
            return;
        }
    if (e.a.n < 4) {
        e.williamsUndefinedReason = "Williams' test needs at least 4 items (n = " + std::to_string(e.a.n) + ")";
        return;
    }
    e.williams = stats::williamsTest(e.a.value, e.b.value, e.ab.value, e.a.n);
    if (std::isnan(e.williams.t))
        e.williamsUndefinedReason
            = "the judges' scores are perfectly correlated with each other, which leaves nothing to test";
}

JudgeComparisonEntry compare(const JudgeComparisonRequest &request, const std::string &dimension, Level level,
                             stats::CorrelationMethod method, const PairedScores &m)
{
    JudgeComparisonEntry e;
    e.dimension = dimension;
    e.level = level;
    e.method = method;
    e.a = atLevel(level, m.a, m.humans, method, &e.documentsUsedA);
    e.b = atLevel(level, m.b, m.humans, method, &e.documentsUsedB);
    e.ab = atLevel(level, m.a, m.b, method);
    if (e.a.defined() && e.b.defined()) {
        e.difference = e.a.value - e.b.value;
        if (e.difference > 0)
            e.better = request.raterA;
        else if (e.difference < 0)
            e.better = request.raterB;
    }
    if (asks(request.test, SignificanceTest::Williams))
        williamsFor(e);
    else
        e.williamsUndefinedReason = "Williams' test was not asked for";
    if (asks(request.test, SignificanceTest::Permutation) && !std::isnan(e.difference))
        e.permutation
            = stats::permutationTest(m.a, m.b, m.humans, statisticAt(level, method), request.resamples, request.seed);

    std::vector<double> ps;
    if (!std::isnan(e.williams.pTwoSided))
        ps.push_back(e.williams.pTwoSided);
    if (!std::isnan(e.permutation.p))
        ps.push_back(e.permutation.p);
    e.significant = !e.better.empty() && !ps.empty()
                    && std::all_of(ps.begin(), ps.end(), [&](double p) { return p < request.alpha; });
    return e;
}

json correlationJson(const stats::Correlation &c)
{
    json j{{"value", jsonNumber(c.value)}, {"p", jsonNumber(c.p)}, {"n", c.n}};
    if (!c.defined())
        j["undefined_reason"] = c.undefinedReason;
    return j;
}

} // namespace

std::string_view toString(SignificanceTest test)
{
    switch (test) {
    case SignificanceTest::Williams:
        return "williams";
    case SignificanceTest::Permutation:
        return "permutation";
    case SignificanceTest::Both:
        return "both";
    }
    return "both";
}

std::optional<SignificanceTest> significanceTestFromString(std::string_view text)
{
    for (auto t : {SignificanceTest::Williams, SignificanceTest::Permutation, SignificanceTest::Both})
        if (toString(t) == text)
            return t;
    return std::nullopt;
}

Result<JudgeComparison> compareJudges(store::Study &study, const JudgeComparisonRequest &request)
{
    return capture([&]() -> JudgeComparison {
        for (const auto level : request.levels)
            if (level != Level::Dataset && level != Level::System && level != Level::Summary)
                fail("judges are compared at dataset, system and summary level, not " + std::string(toString(level)),
                     "level");
        if (request.levels.empty() || request.methods.empty())
            fail("comparing judges needs at least one level and one correlation coefficient");
        if (asks(request.test, SignificanceTest::Permutation) && request.resamples == 0)
            fail("the permutation test needs at least one resample", "resamples");

        JudgeComparison out;
        out.request = request;
        const auto raters = study.raters();
        const model::Rater &a = raterNamed(raters, request.raterA);
        const model::Rater &b = raterNamed(raters, request.raterB);
        std::vector<Id> humans;
        for (const auto &r : raters) {
            if (r.kind != model::RaterKind::Human || r.group != request.humanGroup)
                continue;
            if ((r.id == a.id || r.id == b.id) && !request.includeSelf)
                continue;
            humans.push_back(r.id);
            out.humanRaters.push_back(r.name);
        }
        if (humans.empty())
            fail("no human rater in group '" + request.humanGroup + "' besides the two compared", "human");

        std::vector<model::Dimension> dimensions;
        for (const auto &d : study.dimensions()) {
            const bool named
                = std::find(request.dimensions.begin(), request.dimensions.end(), d.name) != request.dimensions.end();
            const bool scored = d.kind == model::DimensionKind::Likert || d.kind == model::DimensionKind::Rank;
            if (request.dimensions.empty() ? scored : named)
                dimensions.push_back(d);
        }
        for (const auto &name : request.dimensions)
            if (std::none_of(dimensions.begin(), dimensions.end(), [&](const auto &d) { return d.name == name; }))
                fail("no dimension named '" + name + "' in the study", "dimension");

        std::optional<std::set<Id>> inSplit;
        if (!request.split.empty()) {
            auto documents = documentsOfSplit(study, request.split);
            if (!documents)
                fail(documents.error().message, "split");
            inSplit = std::move(documents.value());
        }
        const auto outside = [&](const auto &row) { return inSplit && !inSplit->contains(row.document); };

        for (const auto &dim : dimensions) {
            if (dim.kind != model::DimensionKind::Likert && dim.kind != model::DimensionKind::Rank)
                fail("dimension '" + dim.name + "' holds " + std::string(toString(dim.kind))
                         + " judgements, which are not correlated; choose a likert or rank dimension",
                     "dimension");
            // Rankings are compared as scores (N − #{candidates ranked better}), as in the correlation report.
            std::optional<RatingMatrices> read;
            if (dim.kind == model::DimensionKind::Rank) {
                auto rows = study.rankingsOn(dim.id);
                std::erase_if(rows, outside);
                read.emplace(RatingMatrices::fromRankings(rows, RatingMatrices::RankValue::Score));
            } else {
                auto rows = study.ratingsOn(dim.id);
                std::erase_if(rows, outside);
                read.emplace(rows);
            }
            const RatingMatrices &matrices = *read;
            const stats::ScoreMatrix *x = matrices.of(a.id);
            const stats::ScoreMatrix *y = matrices.of(b.id);
            if (!x || !y) {
                if (!request.dimensions.empty())
                    fail("rater '" + (x ? request.raterB : request.raterA) + "' has no rating on dimension '" + dim.name
                             + "'",
                         "dimension");
                continue; // not every judge rates every dimension
            }
            const PairedScores m = paired(*x, *y, matrices.mean(humans));
            out.dimensions.push_back(dim.name);
            for (const auto level : request.levels)
                for (const auto method : request.methods) {
                    if (request.cancel && request.cancel->load())
                        fail("the comparison of the judges was cancelled");
                    out.entries.push_back(compare(request, dim.name, level, method, m));
                }
        }
        if (out.dimensions.empty())
            fail("raters '" + request.raterA + "' and '" + request.raterB
                     + "' have no dimension in common that both rated",
                 "rater");
        return out;
    });
}

json toJson(const JudgeComparison &comparison)
{
    const auto &r = comparison.request;
    json out{{"rater_a", r.raterA},
             {"rater_b", r.raterB},
             {"human_group", r.humanGroup},
             {"human_raters", comparison.humanRaters},
             {"split", r.split.empty() ? json(nullptr) : json(r.split)},
             {"test", std::string(toString(r.test))},
             {"alpha", r.alpha}};
    if (asks(r.test, SignificanceTest::Permutation)) {
        out["resamples"] = r.resamples;
        out["seed"] = r.seed;
    }
    json dims = json::object();
    for (const auto &e : comparison.entries) {
        json j{{"r_a", correlationJson(e.a)},
               {"r_b", correlationJson(e.b)},
               {"r_ab", correlationJson(e.ab)},
               {"difference", jsonNumber(e.difference)},
               {"better", e.better.empty() ? json(nullptr) : json(e.better)},
               {"significant", e.significant}};
        if (e.level == Level::Summary) {
            j["documents_used_a"] = e.documentsUsedA;
            j["documents_used_b"] = e.documentsUsedB;
        }
        if (asks(r.test, SignificanceTest::Williams)) {
            json w{{"t", jsonNumber(e.williams.t)},
                   {"df", jsonNumber(e.williams.df)},
                   {"p", jsonNumber(e.williams.pTwoSided)},
                   {"p_one_sided", jsonNumber(e.williams.pOneSided)}};
            if (std::isnan(e.williams.t))
                w["undefined_reason"] = e.williamsUndefinedReason;
            j["williams"] = w;
        }
        if (asks(r.test, SignificanceTest::Permutation))
            j["permutation"] = json{{"p", jsonNumber(e.permutation.p)},
                                    {"resamples", e.permutation.resamples},
                                    {"undefined_resamples", e.permutation.undefinedResamples}};
        dims[e.dimension][std::string(toString(e.level))][std::string(toString(e.method))] = j;
    }
    out["dimensions"] = dims;
    return out;
}

io::Table toTable(const JudgeComparison &comparison, bool fullPrecision)
{
    const auto &r = comparison.request;
    const bool williams = asks(r.test, SignificanceTest::Williams);
    const bool permutation = asks(r.test, SignificanceTest::Permutation);
    io::Table t;
    t.header = {"dimension", "level", "correlation", "n", "r_a", "r_b", "difference", "r_ab"};
    t.numeric = {false, false, false, true, true, true, true, true};
    if (williams) {
        t.header.insert(t.header.end(), {"williams_t", "williams_p"});
        t.numeric.insert(t.numeric.end(), {true, true});
    }
    if (permutation) {
        t.header.push_back("permutation_p");
        t.numeric.push_back(true);
    }
    t.header.insert(t.header.end(), {"better", "significant"});
    t.numeric.insert(t.numeric.end(), {false, false});
    // The split the documents came from, on every row, only when restricted to one.
    if (!r.split.empty()) {
        t.header.push_back("split");
        t.numeric.push_back(false);
    }
    t.caption = "A = " + r.raterA + ", B = " + r.raterB + ", against the mean of group " + r.humanGroup
                + "; two-sided p-values"
                + (permutation ? "; permutation test with " + std::to_string(r.resamples) + " resamples, seed "
                                     + std::to_string(r.seed)
                               : std::string())
                + (r.split.empty() ? std::string() : "; " + r.split + " documents only");
    for (const auto &e : comparison.entries) {
        std::vector<std::string> cells{e.dimension,
                                       std::string(toString(e.level)),
                                       std::string(toString(e.method)),
                                       std::to_string(e.a.n),
                                       tableNumber(e.a.value, fullPrecision, false),
                                       tableNumber(e.b.value, fullPrecision, false),
                                       tableNumber(e.difference, fullPrecision, false),
                                       tableNumber(e.ab.value, fullPrecision, false)};
        if (williams) {
            cells.push_back(tableNumber(e.williams.t, fullPrecision, false));
            cells.push_back(tableNumber(e.williams.pTwoSided, fullPrecision, true));
        }
        if (permutation)
            cells.push_back(tableNumber(e.permutation.p, fullPrecision, true));
        cells.push_back(e.better);
        cells.push_back(e.significant ? "yes" : "no");
        if (!r.split.empty())
            cells.push_back(r.split);
        t.rows.push_back(std::move(cells));
    }
    return t;
}

} // namespace concord::reports
