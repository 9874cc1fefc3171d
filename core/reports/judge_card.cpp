// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reports/judge_card.h"

#include "reports/calibration_report.h"
#include "reports/correlation_report.h"
#include "reports/dashboard_jobs.h"
#include "reports/judge_samples.h"
#include "reports/number_text.h"
#include "reports/split_report.h"
#include "reports/study_scores.h"
#include "store/study.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

namespace concord::reports {

using nlohmann::json;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr Level kCardLevels[] = {Level::Dataset, Level::System, Level::Summary};
// In the order of a card's checks (and of the README's table of defaults).
constexpr CardMeasure kMeasures[] = {CardMeasure::Agreement, CardMeasure::Alpha,      CardMeasure::InvalidRate,
                                     CardMeasure::FlipRate,  CardMeasure::LengthBias, CardMeasure::Ece};

// Agreement and alpha must reach their bound; the others must stay under it.
bool atLeast(CardMeasure measure)
{
    return measure == CardMeasure::Agreement || measure == CardMeasure::Alpha;
}

double boundOf(const CardThresholds &t, CardMeasure measure)
{
    switch (measure) {
    case CardMeasure::Agreement:
        return t.ceilingShare;
    case CardMeasure::Alpha:
        return t.alpha;
    case CardMeasure::InvalidRate:
        return t.invalidRate;
    case CardMeasure::FlipRate:
        return t.flipRate;
    case CardMeasure::LengthBias:
        return t.lengthBias;
    case CardMeasure::Ece:
        return t.ece;
    }
    return kNaN;
}

CardCheck notMeasured(CardMeasure measure, std::string dimension, std::string level, std::string why)
{
    CardCheck c;
    c.measure = measure;
    c.dimension = std::move(dimension);
    c.level = std::move(level);
    c.why = std::move(why);
    return c;
}

// The value against the bound; the length bias is checked by its size, whichever way it leans.
CardCheck checked(CardMeasure measure, std::string dimension, std::string level, double value, double reference,
                  double bound)
{
    CardCheck c;
    c.measure = measure;
    c.dimension = std::move(dimension);
    c.level = std::move(level);
    c.value = value;
    c.reference = reference;
    c.bound = bound;
    if (std::isnan(value) || std::isnan(bound)) {
        c.why = "undefined";
        return c;
    }
    const double compared = measure == CardMeasure::LengthBias ? std::fabs(value) : value;
    c.outcome = (atLeast(measure) ? compared >= bound : compared <= bound) ? CardOutcome::Pass : CardOutcome::Fail;
    return c;
}

std::optional<model::Rater> raterNamed(store::Study &study, const std::string &name)
{
    for (auto &r : study.raters())
        if (r.name == name)
            return r;
    return std::nullopt;
}

const HumanCeiling *ceilingOf(const std::vector<HumanCeiling> &ceiling, const std::string &dimension)
{
    for (const auto &c : ceiling)
        if (c.dimension == dimension)
            return &c;
    return nullptr;
}

// What `stats --rater JUDGE` asks with the dashboard's coefficient, resamples and seed: intervals at every level
// (the dashboard has them at its chart's level only).
CorrelationRequest agreementRequest(const DashboardReport &d, const std::string &judge)
{
    CorrelationRequest request;
    request.humanGroup = d.humanGroup;
    request.rater = judge;
    request.levels = {std::begin(kCardLevels), std::end(kCardLevels)};
    request.methods = {d.options.method};
    request.bootstrap = d.options.bootstrap ? d.options.resamples : 0;
    request.bootstrapOptions.seed = d.options.correlationSeed;
    return request;
}

void addAgreement(JudgeCard &card, const DashboardReport &d, const Result<CorrelationReport> &report)
{
    if (!report) {
        card.agreementError = report.error().message;
        return;
    }
    for (const Level level : kCardLevels) {
        const std::vector<HumanCeiling> ceiling = humanCeiling(d, level);
        for (const auto &dr : report.value().dimensions) {
            const ReportEntry *e = entryAt(dr, level, d.options.method);
            if (!e)
                continue;
            CardAgreement a;
            a.dimension = dr.dimension;
            a.level = level;
            a.correlation = e->correlation;
            a.ci = e->ci;
            if (const HumanCeiling *c = ceilingOf(ceiling, dr.dimension))
                a.ceiling = *c;
            card.agreement.push_back(std::move(a));
        }
    }
}

void addAlpha(JudgeCard &card, const DashboardReport &d)
{
    for (const auto &row : d.alpha) {
        if (row.judge != card.judge || row.group != d.humanGroup)
            continue;
        CardAlpha a;
        a.dimension = row.dimension;
        a.withJudge = row.report.alpha.alpha.value_or(kNaN);
        a.low = row.report.interval.low.value_or(kNaN);
        a.high = row.report.interval.high.value_or(kNaN);
        a.level = stats::toString(row.report.alpha.level);
        for (const auto &alone : d.alpha)
            if (alone.judge.empty() && alone.group == d.humanGroup && alone.dimension == row.dimension)
                a.humans = alone.report.alpha.alpha.value_or(kNaN);
        card.alpha.push_back(std::move(a));
    }
}

void addInvalid(JudgeCard &card, const DashboardReport &d)
{
    for (const auto &row : d.invalidRates)
        if (row.judge == card.judge) {
            card.calls += row.calls;
            card.invalid += row.invalid;
        }
    if (card.calls > 0)
        card.invalidRate = static_cast<double>(card.invalid) / static_cast<double>(card.calls);
}

void addCalibration(JudgeCard &card, store::Study &study, const DashboardReport &d, const JudgeCardOptions &o,
                    const std::map<UnitKey, UnitScoring> &scoring)
{
    CalibrationRequest request;
    request.judge = card.judge;
    request.humanGroup = d.humanGroup;
    request.bins = o.calibrationBins;
    request.split = d.options.split;
    auto report = computeCalibration(study, request, scoring);
    if (!report) {
        card.calibrationError = report.error().message;
        return;
    }
    for (const auto &dim : report.value().dimensions) {
        CardCalibration c;
        c.dimension = dim.dimension;
        c.pairs = dim.pairs;
        c.bins = o.calibrationBins;
        c.brier = dim.brier;
        c.probabilitySources = sourcesText(dim);
        for (const auto &r : dim.reliability)
            (r.binning == stats::Binning::EqualWidth ? c.eceEqualWidth : c.eceEqualMass) = r.ece;
        card.calibration.push_back(std::move(c));
    }
}

// The checks, in the order of the card: agreement at each level, alpha, invalid answers, position and length bias,
// calibration. A measure with nothing to check is one "not measured" line saying why.
void addChecks(JudgeCard &card, const CardThresholds &t)
{
    auto &checks = card.checks;
    if (!card.agreementError.empty())
        checks.push_back(notMeasured(CardMeasure::Agreement, {}, {}, card.agreementError));
    for (const auto &a : card.agreement) {
        const std::string level(toString(a.level));
        if (std::isnan(a.ceiling.mean))
            checks.push_back(notMeasured(CardMeasure::Agreement, a.dimension, level,
                                         "no human ceiling (it needs two humans who scored the same)"));
        else if (!a.correlation.defined())
            checks.push_back(notMeasured(CardMeasure::Agreement, a.dimension, level, "the correlation is undefined"));
        else
            checks.push_back(checked(CardMeasure::Agreement, a.dimension, level, a.correlation.value, a.ceiling.mean,
                                     t.ceilingShare * a.ceiling.mean));
    }
    for (const auto &a : card.alpha)
        checks.push_back(std::isnan(a.withJudge)
                             ? notMeasured(CardMeasure::Alpha, a.dimension, {}, "alpha is undefined")
                             : checked(CardMeasure::Alpha, a.dimension, {}, a.withJudge, a.humans, t.alpha));
    if (card.alpha.empty())
        checks.push_back(notMeasured(CardMeasure::Alpha, {}, {}, "no dimension the judge and the group share"));
    if (card.calls == 0)
        checks.push_back(notMeasured(CardMeasure::InvalidRate, {}, {}, "no recorded calls (the scores were imported)"));
    else
        checks.push_back(checked(CardMeasure::InvalidRate, {}, {}, card.invalidRate, kNaN, t.invalidRate));
    for (const auto &p : card.pairwise)
        checks.push_back(
            p.position.swappedPairs == 0
                ? notMeasured(CardMeasure::FlipRate, p.dimension, {}, "no comparison was judged in both orders")
                : checked(CardMeasure::FlipRate, p.dimension, {}, p.position.flipRate, kNaN, t.flipRate));
    if (card.pairwise.empty())
        checks.push_back(notMeasured(CardMeasure::FlipRate, {}, {}, "no head-to-head verdicts"));
    for (const auto &l : card.lengthBias) {
        const auto &judge = l.bias.judgeWithLength, &humans = l.bias.humansWithLength;
        checks.push_back(
            !judge.defined() || !humans.defined()
                ? notMeasured(CardMeasure::LengthBias, l.dimension, {}, "a correlation with length is undefined")
                : checked(CardMeasure::LengthBias, l.dimension, {}, judge.value - humans.value, humans.value,
                          t.lengthBias));
    }
    if (card.lengthBias.empty())
        checks.push_back(notMeasured(CardMeasure::LengthBias, {}, {}, "no Likert dimension the judge scored"));
    if (!card.calibrationError.empty())
        checks.push_back(notMeasured(CardMeasure::Ece, {}, {}, card.calibrationError));
    for (const auto &c : card.calibration)
        checks.push_back(std::isnan(c.eceEqualWidth)
                             ? notMeasured(CardMeasure::Ece, c.dimension, {}, "no summary both scored")
                             : checked(CardMeasure::Ece, c.dimension, {}, c.eceEqualWidth, kNaN, t.ece));
    if (card.calibration.empty() && card.calibrationError.empty())
        checks.push_back(notMeasured(CardMeasure::Ece, {}, {}, "no Likert or binary dimension the judge scored"));
}

std::string verdictOf(const JudgeCard &card)
{
    if (card.passed + card.failed == 0)
        return "nothing could be checked";
    const std::string measured = std::to_string(card.passed + card.failed);
    const std::string unmeasured
        = card.notMeasured == 0 ? std::string() : "; " + std::to_string(card.notMeasured) + " not measured";
    if (card.failed == 0)
        return "meets every bound checked (" + measured + " of " + measured + unmeasured + ")";
    std::string failed;
    for (const auto &c : card.checks) {
        if (c.outcome != CardOutcome::Fail)
            continue;
        std::string name = toString(c.measure);
        if (!c.dimension.empty())
            name.append(" ").append(c.dimension);
        if (!c.level.empty())
            name.append(" ").append(c.level);
        failed.append(failed.empty() ? "" : ", ").append(name);
    }
    return "fails " + std::to_string(card.failed) + " of " + measured + " bounds checked (" + failed + ")" + unmeasured;
}

JudgeCard cardOf(const std::string &judge, const DashboardReport &d, const Result<CorrelationReport> &correlations,
                 store::Study &study, const JudgeCardOptions &options)
{
    JudgeCard card;
    card.judge = judge;
    card.humanGroup = d.humanGroup;
    card.method = d.options.method;
    addAgreement(card, d, correlations);
    addAlpha(card, d);
    addInvalid(card, d);
    for (const auto &p : d.pairwise)
        if (p.judge == judge)
            card.pairwise.push_back(p);
    for (const auto &l : d.lengthBias)
        if (l.judge == judge)
            card.lengthBias.push_back(l);
    // Calibration and self-consistency both read every call's answers: once per card.
    const auto rater = raterNamed(study, judge);
    const std::map<UnitKey, UnitScoring> scoring
        = rater ? unitScoring(study, rater->id) : std::map<UnitKey, UnitScoring>{};
    addCalibration(card, study, d, options, scoring);
    card.selfConsistency = selfConsistencyText({});
    if (rater) {
        const model::Id id = rater->id;
        auto consistency = judgeSelfConsistency(study, *rater, d.options.split, scoring);
        if (!consistency)
            throw Failure(consistency.error());
        card.consistency = std::move(consistency.value());
        card.selfConsistency = selfConsistencyText(card.consistency);
        for (const auto &run : study.judgeRuns(id))
            if (std::find(card.protocols.begin(), card.protocols.end(), run.protocol) == card.protocols.end())
                card.protocols.push_back(run.protocol);
        // Imported scores have no run: the protocol the rater was declared with.
        if (card.protocols.empty() && !rater->protocol.empty())
            card.protocols.push_back(rater->protocol);
        const auto cost = study.judgeCost(id);
        card.cost = cost.cost;
        card.costedSummaries = static_cast<std::size_t>(cost.summaries);
        if (cost.summaries > 0)
            card.costPer1000 = cost.cost / static_cast<double>(cost.summaries) * 1000.0;
    }
    checkCard(card, options.thresholds);
    return card;
}

std::string count(std::size_t n)
{
    return std::to_string(n);
}

} // namespace

const char *toString(CardMeasure measure)
{
    switch (measure) {
    case CardMeasure::Agreement:
        return "agreement";
    case CardMeasure::Alpha:
        return "alpha";
    case CardMeasure::InvalidRate:
        return "invalid_rate";
    case CardMeasure::FlipRate:
        return "flip_rate";
    case CardMeasure::LengthBias:
        return "length_bias";
    case CardMeasure::Ece:
        return "ece";
    }
    return "";
}

const char *thresholdSource(CardMeasure measure)
{
    switch (measure) {
    case CardMeasure::Agreement:
        return "at least the human ceiling's mean: a judge should agree with the group's mean as well as its own "
               "members agree with the others' (each annotator against the expert mean, Gao et al. 2023)";
    case CardMeasure::Alpha:
        return "alpha >= 0.667, the lowest reliability Krippendorff (Content Analysis, 2nd ed., 2004) accepts for "
               "tentative conclusions";
    case CardMeasure::InvalidRate:
        return "Concord's default: Gao et al. 2023 report the share of invalid answers but set no bound";
    case CardMeasure::FlipRate:
        return "Concord's default: Shen et al. 2023 judge head-to-head in both orders and report the disagreement "
               "but set no bound";
    case CardMeasure::LengthBias:
        return "Concord's default: Liu et al. (InstruSum) compare the judge's and the humans' correlation with "
               "length but set no bound";
    case CardMeasure::Ece:
        return "Concord's default: the expected calibration error is reported without a bound where it is defined "
               "(Naeini et al. 2015, Guo et al. 2017)";
    }
    return "";
}

const char *toString(CardOutcome outcome)
{
    switch (outcome) {
    case CardOutcome::Pass:
        return "pass";
    case CardOutcome::Fail:
        return "fail";
    case CardOutcome::NotMeasured:
        return "not measured";
    }
    return "";
}

void checkCard(JudgeCard &card, const CardThresholds &thresholds)
{
    card.thresholds = thresholds;
    card.checks.clear();
    addChecks(card, thresholds);
    card.passed = card.failed = card.notMeasured = 0;
    for (const auto &c : card.checks)
        ++(c.outcome == CardOutcome::Pass   ? card.passed
           : c.outcome == CardOutcome::Fail ? card.failed
                                            : card.notMeasured);
    card.verdict = verdictOf(card);
}

Result<std::vector<JudgeCard>> judgeCards(const DashboardReport &dashboard, store::Study &study,
                                          const JudgeCardOptions &options)
{
    return capture([&] {
        // The judges' correlation reports, the bootstrap's work, share the dashboard's threads; they read only the
        // scores read once here. Calibration and cost read the study, on this thread.
        StudyScores scores = StudyScores::read(study);
        if (const Status kept = keepSplitOnly(study, scores, dashboard.options.split); !kept)
            fail(kept.error().message, "split");
        const auto &judges = dashboard.judges;
        std::vector<std::optional<Result<CorrelationReport>>> correlations(judges.size());
        DashboardJobs jobs;
        for (std::size_t i = 0; i < judges.size(); ++i)
            jobs.add(
                [&, i] { correlations[i] = computeCorrelationReport(scores, agreementRequest(dashboard, judges[i])); });
        if (!jobs.run(dashboard.options.threads, dashboard.options.cancel))
            fail("the judge cards' computation was cancelled");
        std::vector<JudgeCard> cards;
        for (std::size_t i = 0; i < judges.size(); ++i)
            cards.push_back(cardOf(judges[i], dashboard, *correlations[i], study, options));
        return cards;
    });
}

Result<std::vector<JudgeCard>> computeJudgeCards(const std::string &studyPath, const JudgeCardOptions &options)
{
    auto dashboard = computeDashboard(studyPath, options.dashboard);
    if (!dashboard)
        return dashboard.error();
    return capture([&] {
        const auto study = DashboardJobs::openReadOnly(studyPath);
        auto cards = judgeCards(dashboard.value(), *study, options);
        if (!cards)
            throw Failure(cards.error());
        return std::move(cards).value();
    });
}

io::Table cardChecksTable(const JudgeCard &card, bool full)
{
    io::Table t;
    t.header = {"judge", "measure", "dimension", "level", "value", "reference", "bound", "outcome", "note"};
    t.numeric = {false, false, false, false, true, true, true, false, false};
    t.caption = "Judge card of " + card.judge + " against " + card.humanGroup + ": " + card.verdict;
    for (const auto &c : card.checks) {
        t.rows.push_back({card.judge, toString(c.measure), c.dimension, c.level, tableNumber(c.value, full, false),
                          tableNumber(c.reference, full, false), tableNumber(c.bound, full, false), toString(c.outcome),
                          c.why});
    }
    return t;
}

io::Table cardThresholdsTable(const CardThresholds &thresholds, bool full)
{
    io::Table t;
    t.header = {"measure", "direction", "bound", "source"};
    t.numeric = {false, false, true, false};
    t.caption = "The judge cards' bounds and where they come from";
    for (const CardMeasure m : kMeasures)
        t.rows.push_back({toString(m), atLeast(m) ? "at least" : "at most",
                          tableNumber(boundOf(thresholds, m), full, false), thresholdSource(m)});
    return t;
}

io::Table cardFiguresTable(const JudgeCard &card, bool full)
{
    io::Table t;
    t.header = {"judge", "figure", "dimension", "level", "value", "ci_low", "ci_high", "reference", "n", "note"};
    t.numeric = {false, false, false, false, true, true, true, true, true, false};
    t.caption = "Figures of " + card.judge + " (" + std::string(stats::toString(card.method))
                + "; reference: the human ceiling's mean, the humans' alpha alone or their tau with length)";
    auto row = [&](std::string figure, std::string dimension, std::string level, double value, double low, double high,
                   double reference, std::string n, std::string note = {}) {
        t.rows.push_back({card.judge, std::move(figure), std::move(dimension), std::move(level),
                          tableNumber(value, full, false), tableNumber(low, full, false),
                          tableNumber(high, full, false), tableNumber(reference, full, false), std::move(n),
                          std::move(note)});
    };
    for (const auto &a : card.agreement)
        row("correlation", a.dimension, std::string(toString(a.level)), a.correlation.value, a.ci.low, a.ci.high,
            a.ceiling.mean, count(a.correlation.n));
    for (const auto &a : card.alpha)
        row("alpha_with_humans", a.dimension, a.level, a.withJudge, a.low, a.high, a.humans, {});
    row("invalid_rate", {}, {}, card.invalidRate, kNaN, kNaN, kNaN, count(card.calls));
    for (const auto &p : card.pairwise) {
        row("flip_rate", p.dimension, {}, p.position.flipRate, kNaN, kNaN, kNaN, count(p.position.swappedPairs));
        row("first_shown_wins", p.dimension, {}, p.position.firstWinRate, kNaN, kNaN, kNaN, count(p.position.decided));
    }
    for (const auto &l : card.lengthBias)
        row("tau_b_with_length", l.dimension, {}, l.bias.judgeWithLength.value, kNaN, kNaN,
            l.bias.humansWithLength.value, count(l.bias.judgeWithLength.n));
    for (const auto &c : card.calibration) {
        const std::string bins = std::to_string(c.bins) + " bins";
        row("ece_equal_width", c.dimension, {}, c.eceEqualWidth, kNaN, kNaN, kNaN, count(c.pairs), bins);
        row("ece_equal_mass", c.dimension, {}, c.eceEqualMass, kNaN, kNaN, kNaN, count(c.pairs), bins);
        row("brier", c.dimension, {}, c.brier, kNaN, kNaN, kNaN, count(c.pairs), c.probabilitySources);
    }
    row("self_consistency", {}, {}, kNaN, kNaN, kNaN, kNaN, {}, card.selfConsistency);
    for (const auto &c : card.consistency) {
        const std::string asked = "asked " + std::to_string(c.mostAnswers) + " times at most";
        row("vote_share", c.dimension, {}, c.figures.meanVoteShare, kNaN, kNaN, kNaN, count(c.figures.items), asked);
        row("loo_variance_zero_one", c.dimension, {}, c.figures.zeroOneVariance, kNaN, kNaN, kNaN,
            count(c.figures.items), "majority of the other answers");
        row("loo_variance_absolute", c.dimension, {}, c.figures.absoluteVariance, kNaN, kNaN, kNaN,
            count(c.figures.items), "median of the other answers, on the dimension's scale");
    }
    row("cost_per_1000_summaries", {}, {}, card.costPer1000, kNaN, kNaN, kNaN, count(card.costedSummaries),
        card.costedSummaries == 0 ? "no recorded calls" : std::string());
    return t;
}

nlohmann::json cardJson(const JudgeCard &card)
{
    auto number = [](double v) { return std::isnan(v) ? json(nullptr) : json(v); };
    json out = json::object();
    out["judge"] = card.judge;
    out["human_group"] = card.humanGroup;
    out["protocols"] = card.protocols;
    out["correlation"] = std::string(stats::toString(card.method));
    json agreement = json::array();
    for (const auto &a : card.agreement)
        agreement.push_back({{"dimension", a.dimension},
                             {"level", std::string(toString(a.level))},
                             {"value", number(a.correlation.value)},
                             {"p", number(a.correlation.p)},
                             {"n", a.correlation.n},
                             {"ci_low", number(a.ci.low)},
                             {"ci_high", number(a.ci.high)},
                             {"ceiling_mean", number(a.ceiling.mean)},
                             {"ceiling_min", number(a.ceiling.min)},
                             {"ceiling_max", number(a.ceiling.max)},
                             {"ceiling_humans", a.ceiling.raters}});
    out["agreement"] = std::move(agreement);
    json alpha = json::array();
    for (const auto &a : card.alpha)
        alpha.push_back({{"dimension", a.dimension},
                         {"level", a.level},
                         {"with_judge", number(a.withJudge)},
                         {"ci_low", number(a.low)},
                         {"ci_high", number(a.high)},
                         {"humans_alone", number(a.humans)}});
    out["alpha"] = std::move(alpha);
    out["invalid"] = {{"calls", card.calls}, {"invalid", card.invalid}, {"rate", number(card.invalidRate)}};
    json position = json::array();
    for (const auto &p : card.pairwise)
        position.push_back({{"dimension", p.dimension},
                            {"swapped_pairs", p.position.swappedPairs},
                            {"flips", p.position.flips},
                            {"flip_rate", number(p.position.flipRate)},
                            {"decided", p.position.decided},
                            {"first_wins", p.position.firstWins},
                            {"first_win_rate", number(p.position.firstWinRate)}});
    out["position_bias"] = std::move(position);
    json length = json::array();
    for (const auto &l : card.lengthBias)
        length.push_back({{"dimension", l.dimension},
                          {"tau_b_judge_length", number(l.bias.judgeWithLength.value)},
                          {"tau_b_humans_length", number(l.bias.humansWithLength.value)},
                          {"pair_accuracy", number(l.bias.allPairs.value)},
                          {"pair_accuracy_similar_length", number(l.bias.similarLengthPairs.value)}});
    out["length_bias"] = std::move(length);
    json calibration = json::array();
    for (const auto &c : card.calibration)
        calibration.push_back({{"dimension", c.dimension},
                               {"pairs", c.pairs},
                               {"bins", c.bins},
                               {"ece_equal_width", number(c.eceEqualWidth)},
                               {"ece_equal_mass", number(c.eceEqualMass)},
                               {"brier", number(c.brier)},
                               {"probability_sources", c.probabilitySources}});
    out["calibration"] = std::move(calibration);
    out["self_consistency"] = card.selfConsistency;
    json consistency = json::array();
    for (const auto &c : card.consistency)
        consistency.push_back({{"dimension", c.dimension},
                               {"summaries", c.figures.items},
                               {"answers", c.figures.answers},
                               {"fewest_answers", c.fewestAnswers},
                               {"most_answers", c.mostAnswers},
                               {"vote_share", number(c.figures.meanVoteShare)},
                               {"unanimous", number(c.figures.unanimous)},
                               {"loo_variance_zero_one", number(c.figures.zeroOneVariance)},
                               {"loo_variance_absolute", number(c.figures.absoluteVariance)}});
    out["self_consistency_by_dimension"] = std::move(consistency);
    out["cost"]
        = {{"total", card.cost}, {"summaries", card.costedSummaries}, {"per_1000_summaries", number(card.costPer1000)}};
    json thresholds = json::object();
    for (const CardMeasure m : kMeasures)
        thresholds[toString(m)] = {{"bound", boundOf(card.thresholds, m)},
                                   {"direction", atLeast(m) ? "at least" : "at most"},
                                   {"source", thresholdSource(m)}};
    thresholds["agreement"]["bound_is"] = "a share of the human ceiling's mean";
    thresholds["length_bias"]["bound_is"] = "the size of the judge's tau with length minus the humans'";
    out["thresholds"] = std::move(thresholds);
    json checks = json::array();
    for (const auto &c : card.checks)
        checks.push_back({{"measure", toString(c.measure)},
                          {"dimension", c.dimension},
                          {"level", c.level},
                          {"value", number(c.value)},
                          {"reference", number(c.reference)},
                          {"bound", number(c.bound)},
                          {"outcome", toString(c.outcome)},
                          {"note", c.why}});
    out["checks"] = std::move(checks);
    out["passed"] = card.passed;
    out["failed"] = card.failed;
    out["not_measured"] = card.notMeasured;
    out["verdict"] = card.verdict;
    return out;
}

} // namespace concord::reports
