// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reports/ranking_report.h"

#include "reports/number_text.h"
#include "reports/split_report.h"
#include "stats/score_matrix.h"
#include "store/study.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <numeric>
#include <optional>
#include <set>

namespace concord::reports {

using model::Id;

namespace {

std::size_t indexOf(const std::vector<Id> &ids, Id id)
{
    return static_cast<std::size_t>(std::lower_bound(ids.begin(), ids.end(), id) - ids.begin());
}

std::size_t words(const std::string &text)
{
    std::size_t count = 0;
    bool inWord = false;
    for (const unsigned char c : text) {
        const bool space = c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
        if (!space && !inWord)
            ++count;
        inWord = !space;
    }
    return count;
}

// What every ranking reads once: the systems and documents ascending by id (the axes results refer to), and
// the summaries' lengths in words when a baseline was asked for.
struct Axes {
    std::vector<Id> systems;
    std::vector<std::string> systemNames;
    std::vector<Id> documents;
    std::map<std::pair<std::size_t, std::size_t>, double> lengths; // (system, document) -> words
};

// The ranking of the results' systems: fit, bootstrap, records and the baseline's comparisons.
RaterRanking rank(const std::string &rater, bool human, const std::string &dimension,
                  const std::vector<stats::DocumentResult> &results, const Axes &axes,
                  std::optional<std::size_t> baseline, const RankingRequest &request)
{
    RaterRanking r;
    r.rater = rater;
    r.human = human;
    r.dimension = dimension;
    r.rule = request.rule;
    r.comparisons = results.size();
    // Only the systems this rater compared are ranked: a system it never saw has no strength.
    std::set<std::size_t> seen;
    for (const auto &c : results) {
        seen.insert(c.first);
        seen.insert(c.second);
    }
    const std::vector<std::size_t> ranked(seen.begin(), seen.end()); // study indices, ascending
    std::map<std::size_t, std::size_t> local;
    for (std::size_t i = 0; i < ranked.size(); ++i)
        local[ranked[i]] = i;
    std::vector<stats::DocumentResult> compact = results;
    for (auto &c : compact) {
        c.first = local.at(c.first);
        c.second = local.at(c.second);
    }
    const stats::DavidsonBootstrap fit = stats::bootstrapDavidson(compact, ranked.size(), request.bootstrap);
    r.documents = fit.documents;
    r.estimable = fit.fit.estimable;
    r.tieParameter = fit.fit.tieParameter;
    r.tieInterval = fit.tieParameter;
    r.logLikelihood = fit.fit.logLikelihood;
    r.iterations = fit.fit.iterations;
    if (!r.estimable) {
        r.reason = fit.fit.reason;
        if (!fit.fit.unbeaten.empty()) {
            std::string names;
            for (const std::size_t s : fit.fit.unbeaten)
                names.append(names.empty() ? "" : ", ").append(axes.systemNames[ranked[s]]);
            r.reason = names + " never lost nor tied a comparison with the other systems: the strengths are infinite";
        }
    }
    if (baseline && seen.count(*baseline))
        r.baseline = axes.systemNames[*baseline];
    for (std::size_t i = 0; i < ranked.size(); ++i) {
        RankedSystem s;
        s.system = axes.systemNames[ranked[i]];
        s.logStrength = fit.fit.logStrengths[i];
        s.interval = fit.logStrengths[i];
        for (const auto &c : compact) {
            if (c.first == i) {
                s.record.wins += c.share.wins;
                s.record.ties += c.share.ties;
                s.record.losses += c.share.losses;
            } else if (c.second == i) {
                s.record.wins += c.share.losses;
                s.record.ties += c.share.ties;
                s.record.losses += c.share.wins;
            }
        }
        if (!r.baseline.empty() && ranked[i] != *baseline) {
            std::vector<stats::BaselineComparison> against;
            for (const auto &c : results) {
                const bool first = c.first == ranked[i] && c.second == *baseline;
                if (!first && !(c.second == ranked[i] && c.first == *baseline))
                    continue;
                const auto own = axes.lengths.find({ranked[i], c.document});
                const auto base = axes.lengths.find({*baseline, c.document});
                if (own == axes.lengths.end() || base == axes.lengths.end())
                    continue;
                const double won = first ? c.share.wins : c.share.losses;
                against.push_back({won + 0.5 * c.share.ties, own->second - base->second});
            }
            s.againstBaseline = stats::lengthControlledWinRate(against);
        }
        r.systems.push_back(std::move(s));
    }
    if (r.estimable)
        for (auto &s : r.systems)
            s.rank = 1 + static_cast<int>(std::count_if(r.systems.begin(), r.systems.end(), [&](const RankedSystem &o) {
                         return o.logStrength > s.logStrength;
                     }));
    std::stable_sort(r.systems.begin(), r.systems.end(),
                     [](const RankedSystem &a, const RankedSystem &b) { return a.rank < b.rank; });
    return r;
}

// One rater's verdicts on the axes.
std::vector<stats::PairVerdict> judgeVerdicts(const std::vector<store::PairwiseRow> &rows, Id judge, const Axes &axes)
{
    std::vector<stats::PairVerdict> verdicts;
    for (const auto &row : rows) {
        if (row.rater != judge)
            continue;
        stats::PairVerdict v;
        v.document = indexOf(axes.documents, row.document);
        v.systemA = indexOf(axes.systems, row.systemA);
        v.systemB = indexOf(axes.systems, row.systemB);
        v.winner = row.winner == model::PairwiseWinner::A   ? stats::PairVerdict::Winner::A
                   : row.winner == model::PairwiseWinner::B ? stats::PairVerdict::Winner::B
                                                            : stats::PairVerdict::Winner::Tie;
        v.aShownFirst = row.aShownFirst;
        verdicts.push_back(v);
    }
    return verdicts;
}

// The group's mean rating per (system, document) on the axes; false when its members rated nothing there.
bool groupMeans(const std::vector<store::RatingRow> &ratings, const std::set<Id> &members, const Axes &axes,
                stats::ScoreMatrix &means)
{
    stats::ScoreMatrix counts(axes.systems.size(), axes.documents.size());
    bool any = false;
    for (std::size_t a = 0; a < axes.systems.size(); ++a)
        for (std::size_t b = 0; b < axes.documents.size(); ++b) {
            means.at(a, b) = 0;
            counts.at(a, b) = 0;
        }
    for (const auto &row : ratings)
        if (members.count(row.rater)) {
            const std::size_t a = indexOf(axes.systems, row.system), b = indexOf(axes.documents, row.document);
            means.at(a, b) += row.value;
            counts.at(a, b) += 1;
            any = true;
        }
    for (std::size_t a = 0; a < axes.systems.size(); ++a)
        for (std::size_t b = 0; b < axes.documents.size(); ++b)
            means.at(a, b)
                = counts.at(a, b) > 0 ? means.at(a, b) / counts.at(a, b) : std::numeric_limits<double>::quiet_NaN();
    return any;
}

} // namespace

Result<std::vector<RaterRanking>> computeRankings(store::Study &study, const RankingRequest &request)
{
    return capture([&]() -> std::vector<RaterRanking> {
        Axes axes;
        std::vector<model::System> systems = study.systems();
        std::sort(systems.begin(), systems.end(), [](const auto &a, const auto &b) { return a.id < b.id; });
        for (const auto &s : systems) {
            axes.systems.push_back(s.id);
            axes.systemNames.push_back(s.name);
        }
        std::optional<std::set<Id>> inSplit;
        if (!request.split.empty()) {
            auto documents = documentsOfSplit(study, request.split);
            if (!documents)
                fail(documents.error().message, "split");
            inSplit = std::move(documents.value());
        }
        // A split's documents are the only axis, so its bootstrap resamples them alone.
        auto kept = [&](Id document) { return !inSplit || inSplit->count(document) > 0; };
        for (const auto &d : study.documentSummariesWithoutJudgements())
            if (kept(d.id))
                axes.documents.push_back(d.id);
        std::sort(axes.documents.begin(), axes.documents.end());
        std::optional<std::size_t> baseline;
        if (!request.baseline.empty()) {
            const auto it = std::find(axes.systemNames.begin(), axes.systemNames.end(), request.baseline);
            if (it == axes.systemNames.end())
                fail("no system named '" + request.baseline + "' in the study", "baseline");
            baseline = static_cast<std::size_t>(it - axes.systemNames.begin());
            for (const auto &c : study.candidates())
                if (kept(c.documentId))
                    axes.lengths[{indexOf(axes.systems, c.systemId), indexOf(axes.documents, c.documentId)}]
                        = static_cast<double>(words(c.text));
        }

        const std::vector<model::Rater> raters = study.raters();
        std::vector<std::string> groups;
        std::map<std::string, std::set<Id>> members;
        std::vector<const model::Rater *> judges;
        for (const auto &r : raters)
            if (r.kind == model::RaterKind::Human) {
                if (!members.count(r.group))
                    groups.push_back(r.group);
                members[r.group].insert(r.id);
            }
        const bool everyone = request.raters.empty() && request.groups.empty();
        for (const auto &name : request.raters) {
            const auto it = std::find_if(raters.begin(), raters.end(), [&](const auto &r) { return r.name == name; });
            if (it == raters.end())
                fail("no rater named '" + name + "' in the study", "rater");
            if (it->kind != model::RaterKind::Judge)
                fail("'" + name + "' is not a judge (a human group is named with --group)", "rater");
        }
        for (const auto &group : request.groups)
            if (!members.count(group))
                fail("no human group named '" + group + "' in the study", "group");
        for (const auto &r : raters)
            if (r.kind == model::RaterKind::Judge
                && (everyone
                    || std::find(request.raters.begin(), request.raters.end(), r.name) != request.raters.end()))
                judges.push_back(&r);
        const std::vector<std::string> shownGroups = everyone ? groups : request.groups;

        const std::vector<model::Dimension> dimensions = study.dimensions();
        for (const auto &name : request.dimensions)
            if (std::none_of(dimensions.begin(), dimensions.end(), [&](const auto &d) { return d.name == name; }))
                fail("no dimension named '" + name + "' in the study", "dimension");
        std::vector<RaterRanking> out;
        for (const auto &dimension : dimensions) {
            const bool named = std::find(request.dimensions.begin(), request.dimensions.end(), dimension.name)
                               != request.dimensions.end();
            if (!request.dimensions.empty() && !named)
                continue;
            std::vector<store::PairwiseRow> verdicts = study.pairwiseOn(dimension.id);
            // Unless named, a dimension is ranked only where someone compared summaries on it.
            if (!named && verdicts.empty())
                continue;
            std::erase_if(verdicts, [&](const store::PairwiseRow &row) { return !kept(row.document); });
            std::vector<store::RatingRow> ratings;
            bool ratingsRead = false;
            for (const auto &group : shownGroups) {
                // The group's own verdicts where its members compared summaries, each member's made one result
                // per document by the rule; otherwise its mean ratings of each document on a Likert dimension.
                std::vector<stats::DocumentResult> results;
                for (const Id member : members.at(group)) {
                    const auto own = stats::documentResults(judgeVerdicts(verdicts, member, axes), request.rule);
                    results.insert(results.end(), own.begin(), own.end());
                }
                if (results.empty() && dimension.kind == model::DimensionKind::Likert) {
                    if (!ratingsRead) {
                        ratings = study.ratingsOn(dimension.id);
                        std::erase_if(ratings, [&](const store::RatingRow &row) { return !kept(row.document); });
                        ratingsRead = true;
                    }
                    stats::ScoreMatrix means(axes.systems.size(), axes.documents.size());
                    if (groupMeans(ratings, members.at(group), axes, means))
                        results = stats::documentResults(stats::verdictsFromScores(means), request.rule);
                }
                if (!results.empty())
                    out.push_back(rank(group, true, dimension.name, results, axes, baseline, request));
            }
            for (const model::Rater *judge : judges) {
                const auto results = stats::documentResults(judgeVerdicts(verdicts, judge->id, axes), request.rule);
                if (!results.empty())
                    out.push_back(rank(judge->name, false, dimension.name, results, axes, baseline, request));
            }
        }
        return out;
    });
}

RankingChoices rankingChoices(store::Study &study)
{
    RankingChoices out;
    for (const auto &d : study.dimensions()) {
        out.dimensions.push_back(d.name);
        if (!study.pairwiseOn(d.id).empty())
            out.withVerdicts.push_back(d.name);
        if (out.firstLikert.empty() && d.kind == model::DimensionKind::Likert)
            out.firstLikert = d.name;
    }
    std::vector<model::System> systems = study.systems();
    std::sort(systems.begin(), systems.end(), [](const auto &a, const auto &b) { return a.id < b.id; });
    for (const auto &s : systems)
        out.systems.push_back(s.name);
    return out;
}

std::string RankingChoices::firstChoice() const
{
    return withVerdicts.empty() ? firstLikert : withVerdicts.front();
}

namespace {

std::string countText(double value)
{
    char buffer[32];
    const auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
    return std::string(buffer, end);
}

std::string number(double value, bool fullPrecision)
{
    return tableNumber(value, fullPrecision, false);
}

nlohmann::json intervalJson(const stats::ConfidenceInterval &ci)
{
    return {{"low", jsonNumber(ci.low)}, {"high", jsonNumber(ci.high)}, {"undefined_resamples", ci.undefinedResamples}};
}

} // namespace

std::vector<io::Table> rankingSections(const std::vector<RaterRanking> &rankings, bool fullPrecision,
                                       const std::string &split)
{
    io::Table systems;
    systems.header = {"rater",
                      "kind",
                      "dimension",
                      "rank",
                      "system",
                      "log_strength",
                      "ci_low",
                      "ci_high",
                      "strength",
                      "wins",
                      "ties",
                      "losses",
                      "baseline",
                      "vs_baseline",
                      "win_rate",
                      "lc_win_rate",
                      "length_coefficient"};
    systems.numeric
        = {false, false, false, true, false, true, true, true, true, true, true, true, false, true, true, true, true};
    systems.caption = "Bradley–Terry–Davidson rankings";
    io::Table fits;
    fits.header = {"rater",  "kind",    "dimension",      "rule",       "comparisons", "documents", "nu",
                   "nu_low", "nu_high", "log_likelihood", "iterations", "resamples",   "skipped",   "note"};
    fits.numeric = {false, false, false, false, true, true, true, true, true, true, true, true, true, false};
    fits.caption = "Fits (ν: Davidson's tie parameter; intervals are bootstrap percentiles over documents)";
    for (const auto &r : rankings) {
        const std::string kind = r.human ? "human group" : "judge";
        for (const auto &s : r.systems) {
            const auto &b = s.againstBaseline;
            systems.rows.push_back({r.rater, kind, r.dimension,
                                    s.rank > 0 ? std::to_string(s.rank) : std::string(fullPrecision ? "" : "–"),
                                    s.system, number(s.logStrength, fullPrecision),
                                    number(s.interval.low, fullPrecision), number(s.interval.high, fullPrecision),
                                    number(std::exp(s.logStrength), fullPrecision), countText(s.record.wins),
                                    countText(s.record.ties), countText(s.record.losses), r.baseline,
                                    b ? std::to_string(b->comparisons) : std::string(),
                                    b ? number(b->winRate, fullPrecision) : std::string(),
                                    b ? number(b->controlledWinRate, fullPrecision) : std::string(),
                                    b ? number(b->lengthCoefficient, fullPrecision) : std::string()});
        }
        const std::size_t resamples = r.tieInterval.resamples;
        fits.rows.push_back({r.rater, kind, r.dimension, std::string(stats::toString(r.rule)),
                             std::to_string(r.comparisons), std::to_string(r.documents),
                             number(r.tieParameter, fullPrecision), number(r.tieInterval.low, fullPrecision),
                             number(r.tieInterval.high, fullPrecision), number(r.logLikelihood, fullPrecision),
                             std::to_string(r.iterations), std::to_string(resamples),
                             std::to_string(r.tieInterval.undefinedResamples), r.reason});
    }
    // A table read out of context still says it saw one side of the split only.
    if (!split.empty())
        for (io::Table *t : {&systems, &fits}) {
            t->header.push_back("split");
            t->numeric.push_back(false);
            t->caption.append(", ").append(split).append(" documents only");
            for (auto &row : t->rows)
                row.push_back(split);
        }
    return {systems, fits};
}

nlohmann::json rankingJson(const std::vector<RaterRanking> &rankings, const RankingRequest &request)
{
    nlohmann::json list = nlohmann::json::array();
    for (const auto &r : rankings) {
        nlohmann::json systems = nlohmann::json::array();
        for (const auto &s : r.systems) {
            nlohmann::json baseline = nullptr;
            if (s.againstBaseline) {
                const auto &b = *s.againstBaseline;
                baseline = {{"comparisons", b.comparisons},
                            {"win_rate", jsonNumber(b.winRate)},
                            {"lc_win_rate", jsonNumber(b.controlledWinRate)},
                            {"intercept", jsonNumber(b.intercept)},
                            {"length_coefficient", jsonNumber(b.lengthCoefficient)},
                            {"note", b.note.empty() ? nlohmann::json(nullptr) : nlohmann::json(b.note)}};
            }
            systems.push_back({{"rank", s.rank > 0 ? nlohmann::json(s.rank) : nlohmann::json(nullptr)},
                               {"system", s.system},
                               {"log_strength", jsonNumber(s.logStrength)},
                               {"interval", intervalJson(s.interval)},
                               {"wins", s.record.wins},
                               {"ties", s.record.ties},
                               {"losses", s.record.losses},
                               {"against_baseline", baseline}});
        }
        list.push_back({{"rater", r.rater},
                        {"kind", r.human ? "human group" : "judge"},
                        {"dimension", r.dimension},
                        {"rule", std::string(stats::toString(r.rule))},
                        {"comparisons", r.comparisons},
                        {"documents", r.documents},
                        {"estimable", r.estimable},
                        {"reason", r.reason.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.reason)},
                        {"nu", jsonNumber(r.tieParameter)},
                        {"nu_interval", intervalJson(r.tieInterval)},
                        {"log_likelihood", jsonNumber(r.logLikelihood)},
                        {"iterations", r.iterations},
                        {"baseline", r.baseline.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.baseline)},
                        {"systems", systems}});
    }
    return {{"model", "davidson"},
            {"normalisation", "log-strengths of mean 0"},
            {"bootstrap",
             {{"unit", "documents"},
              {"resamples", request.bootstrap.resamples},
              {"seed", request.bootstrap.seed},
              {"confidence", request.bootstrap.confidence}}},
            {"rule", std::string(stats::toString(request.rule))},
            {"split", request.split.empty() ? nlohmann::json(nullptr) : nlohmann::json(request.split)},
            {"rankings", list}};
}

} // namespace concord::reports
