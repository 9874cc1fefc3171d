// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reports/pairwise_report.h"

#include "reports/agreement_table.h"
#include "reports/dashboard_inputs.h"
#include "reports/dashboard_pairwise.h"
#include "reports/number_text.h"
#include "store/study.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <numeric>

namespace concord::reports {

namespace {

std::string rateText(double value, bool fullPrecision)
{
    if (std::isnan(value))
        return fullPrecision ? std::string() : std::string("–");
    return formatAlpha(value, fullPrecision);
}

// A count of documents: whole, or a half under the points rule; the shortest text that reads back.
std::string countText(double value)
{
    char buffer[32];
    const auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
    return std::string(buffer, end);
}

std::string preferenceText(const PairwiseSummary &s, const PairwiseSystemPair &p, int preference)
{
    return preference > 0 ? s.systems[p.first] : preference < 0 ? s.systems[p.second] : std::string("neither");
}

std::string whose(const PairwiseSummary &s)
{
    return s.judge + " on " + s.dimension + " (rule: " + std::string(stats::toString(s.rule)) + ")";
}

io::Table systemPairsTable(const PairwiseSummary &s)
{
    io::Table t;
    t.header = {"system_a",   "system_b",   "judge_wins",   "judge_ties",    "judge_losses", "judge_prefers",
                "human_wins", "human_ties", "human_losses", "humans_prefer", "agree"};
    t.numeric = {false, false, true, true, true, false, true, true, true, false, false};
    t.caption = "System pairs: " + whose(s);
    for (const auto &p : s.pairs)
        t.rows.push_back({s.systems[p.first], s.systems[p.second], countText(p.judge.wins), countText(p.judge.ties),
                          countText(p.judge.losses), preferenceText(s, p, p.judgePrefers),
                          p.humansCompared ? countText(p.humans.wins) : std::string(),
                          p.humansCompared ? countText(p.humans.ties) : std::string(),
                          p.humansCompared ? countText(p.humans.losses) : std::string(),
                          p.humansCompared ? preferenceText(s, p, p.humansPrefer) : std::string(),
                          p.humansCompared ? (p.agree ? "yes" : "no") : std::string()});
    return t;
}

io::Table baselineTable(const PairwiseSummary &s)
{
    io::Table t;
    t.header = {"system", "judge_wins", "judge_ties", "judge_losses", "human_wins", "human_ties", "human_losses"};
    t.numeric = {false, true, true, true, true, true, true};
    t.caption = "Against baseline " + s.systems[*s.baseline] + ": " + whose(s);
    for (const auto &b : s.againstBaseline)
        t.rows.push_back({s.systems[b.system], countText(b.judge.wins), countText(b.judge.ties),
                          countText(b.judge.losses), countText(b.humans.wins), countText(b.humans.ties),
                          countText(b.humans.losses)});
    return t;
}

// The systems by LLMCompare rank, equal ranks in the study's order of systems.
std::vector<std::size_t> rankingOrder(const PairwiseSummary &s)
{
    std::vector<std::size_t> order(s.systems.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return s.ranks[a] < s.ranks[b]; });
    return order;
}

io::Table rankingTable(const PairwiseSummary &s, bool fullPrecision)
{
    io::Table t;
    t.header = {"rank", "system", "points", "human_mean", "human_rank"};
    t.numeric = {true, false, true, true, true};
    t.caption = "LLMCompare ranking (2 points a won document, 1 a tie): " + whose(s);
    for (const std::size_t i : rankingOrder(s))
        t.rows.push_back({std::to_string(s.ranks[i]), s.systems[i], countText(s.points[i]),
                          tableNumber(s.humanMeans[i], fullPrecision, false),
                          s.humanRanks[i] > 0 ? std::to_string(s.humanRanks[i]) : std::string()});
    return t;
}

io::Table positionTable(const std::vector<PairwiseSummary> &summaries, bool fullPrecision)
{
    io::Table t;
    t.header = {"judge",     "dimension", "swapped_pairs",    "flips",
                "flip_rate", "decided",   "first_shown_wins", "first_shown_win_rate"};
    t.numeric = {false, false, true, true, true, true, true, true};
    t.caption = "Position bias (each presentation order on its own, whatever the rule)";
    for (const auto &s : summaries)
        t.rows.push_back({s.judge, s.dimension, std::to_string(s.position.swappedPairs),
                          std::to_string(s.position.flips), rateText(s.position.flipRate, fullPrecision),
                          std::to_string(s.position.decided), std::to_string(s.position.firstWins),
                          rateText(s.position.firstWinRate, fullPrecision)});
    return t;
}

nlohmann::json wtlJson(const stats::WinTieLoss &w)
{
    return {{"wins", w.wins}, {"ties", w.ties}, {"losses", w.losses}};
}

nlohmann::json successJson(const stats::SuccessRate &r)
{
    return {{"pairs", r.pairs}, {"agreed", r.agreed}, {"rate", jsonNumber(r.rate)}};
}

nlohmann::json summaryJson(const PairwiseSummary &s)
{
    nlohmann::json pairs = nlohmann::json::array();
    for (const auto &p : s.pairs) {
        nlohmann::json judge = wtlJson(p.judge);
        judge["prefers"] = preferenceText(s, p, p.judgePrefers);
        nlohmann::json humans = nullptr;
        if (p.humansCompared) {
            humans = wtlJson(p.humans);
            humans["prefers"] = preferenceText(s, p, p.humansPrefer);
        }
        pairs.push_back({{"system_a", s.systems[p.first]},
                         {"system_b", s.systems[p.second]},
                         {"judge", judge},
                         {"humans", humans},
                         {"agree", p.humansCompared ? nlohmann::json(p.agree) : nlohmann::json(nullptr)}});
    }
    nlohmann::json baseline = nullptr;
    if (s.baseline) {
        nlohmann::json systems = nlohmann::json::array();
        for (const auto &b : s.againstBaseline)
            systems.push_back(
                {{"system", s.systems[b.system]}, {"judge", wtlJson(b.judge)}, {"humans", wtlJson(b.humans)}});
        baseline = {{"system", s.systems[*s.baseline]}, {"systems", systems}};
    }
    nlohmann::json ranking = nlohmann::json::array();
    for (const std::size_t i : rankingOrder(s))
        ranking.push_back(
            {{"rank", s.ranks[i]},
             {"system", s.systems[i]},
             {"points", s.points[i]},
             {"human_mean", jsonNumber(s.humanMeans[i])},
             {"human_rank", s.humanRanks[i] > 0 ? nlohmann::json(s.humanRanks[i]) : nlohmann::json(nullptr)}});
    return {{"judge", s.judge},
            {"dimension", s.dimension},
            {"rule", std::string(stats::toString(s.rule))},
            {"verdicts", s.verdicts},
            {"comparisons", s.comparisons},
            {"h2h_success", {{"all", successJson(s.h2hAll)}, {"consecutive", successJson(s.h2hConsecutive)}}},
            {"pairs", pairs},
            {"baseline", baseline},
            {"ranking", ranking},
            {"llmcompare_tau_b", jsonNumber(s.pointsWithHumans.value)},
            {"position_bias",
             {{"swapped_pairs", s.position.swappedPairs},
              {"flips", s.position.flips},
              {"flip_rate", jsonNumber(s.position.flipRate)},
              {"decided", s.position.decided},
              {"first_shown_wins", s.position.firstWins},
              {"first_shown_win_rate", jsonNumber(s.position.firstWinRate)}}}};
}

} // namespace

Result<std::vector<PairwiseSummary>> computePairwise(store::Study &study, const PairwiseRequest &request)
{
    return capture([&]() -> std::vector<PairwiseSummary> {
        DashboardOptions options;
        options.humanGroup = request.humanGroup;
        options.judges = request.judges;
        options.pairwiseRule = request.rule;
        options.split = request.split;
        const DashboardInputs inputs = DashboardInputs::read(study, options);
        for (const auto &name : request.dimensions)
            if (std::none_of(inputs.allDimensions.begin(), inputs.allDimensions.end(),
                             [&](const model::Dimension &d) { return d.name == name; }))
                fail("no dimension named '" + name + "' in the study", "dimension");
        if (!request.baseline.empty()
            && std::none_of(inputs.systemNames.begin(), inputs.systemNames.end(),
                            [&](const auto &system) { return system.second == request.baseline; }))
            fail("no system named '" + request.baseline + "' in the study", "baseline");
        std::vector<PairwiseSummary> out;
        for (const auto &dimension : inputs.allDimensions)
            if (request.dimensions.empty()
                || std::find(request.dimensions.begin(), request.dimensions.end(), dimension.name)
                       != request.dimensions.end()) {
                std::vector<store::PairwiseRow> verdicts = study.pairwiseOn(dimension.id);
                inputs.keepSplitOnly(verdicts);
                pairwiseSummariesOn(verdicts, inputs, dimension, request.rule, out, request.baseline);
            }
        return out;
    });
}

io::Table pairwiseTable(const std::vector<PairwiseSummary> &summaries, bool fullPrecision)
{
    io::Table t;
    t.header = {"judge",
                "human_group",
                "dimension",
                "rule",
                "verdicts",
                "comparisons",
                "pairs",
                "pairs_agreed",
                "h2h_success",
                "consecutive_pairs",
                "consecutive_agreed",
                "h2h_success_consecutive",
                "llmcompare_tau_b",
                "flip_rate",
                "first_shown_wins"};
    t.numeric = {false, false, false, false, true, true, true, true, true, true, true, true, true, true, true};
    t.caption = "Pairwise verdicts of each judge against the human group's mean ratings";
    if (!summaries.empty())
        t.caption.append(" (rule: ").append(stats::toString(summaries.front().rule)).append(")");
    for (const auto &s : summaries)
        t.rows.push_back(
            {s.judge, s.humanGroup, s.dimension, std::string(stats::toString(s.rule)), std::to_string(s.verdicts),
             std::to_string(s.comparisons), std::to_string(s.h2hAll.pairs), std::to_string(s.h2hAll.agreed),
             rateText(s.h2hAll.rate, fullPrecision), std::to_string(s.h2hConsecutive.pairs),
             std::to_string(s.h2hConsecutive.agreed), rateText(s.h2hConsecutive.rate, fullPrecision),
             rateText(s.pointsWithHumans.value, fullPrecision), rateText(s.position.flipRate, fullPrecision),
             rateText(s.position.firstWinRate, fullPrecision)});
    return t;
}

std::vector<io::Table> pairwiseSections(const std::vector<PairwiseSummary> &summaries, bool fullPrecision)
{
    std::vector<io::Table> sections{pairwiseTable(summaries, fullPrecision)};
    for (const auto &s : summaries) {
        sections.push_back(systemPairsTable(s));
        if (s.baseline)
            sections.push_back(baselineTable(s));
        sections.push_back(rankingTable(s, fullPrecision));
    }
    sections.push_back(positionTable(summaries, fullPrecision));
    return sections;
}

nlohmann::json pairwiseJson(const std::vector<PairwiseSummary> &summaries, const std::string &humanGroup,
                            const std::string &split)
{
    nlohmann::json results = nlohmann::json::array();
    for (const auto &s : summaries)
        results.push_back(summaryJson(s));
    return {{"human_group", humanGroup},
            {"rule", summaries.empty() ? nlohmann::json(nullptr)
                                       : nlohmann::json(std::string(stats::toString(summaries.front().rule)))},
            {"split", split.empty() ? nlohmann::json(nullptr) : nlohmann::json(split)},
            {"results", results}};
}

} // namespace concord::reports
