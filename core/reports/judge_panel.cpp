// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reports/judge_panel.h"

#include "store/study.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <tuple>

namespace concord::reports {

namespace {

constexpr const char *kProtocol = "panel";

bool isPanel(const model::Rater &rater)
{
    return rater.kind == model::RaterKind::Judge && rater.protocol == kProtocol;
}

// The panel's request as its rater's settings keep it, checked: settings are data a study file may hold damaged.
PanelRequest requestOf(const model::Rater &panel)
{
    const auto unreadable = [&](const std::string &what) {
        fail("the panel '" + panel.name + "' keeps settings Concord cannot read: " + what, "panel");
    };
    PanelRequest request;
    request.name = panel.name;
    const auto settings = panel.params.find("panel");
    if (settings == panel.params.end() || !settings->is_object())
        unreadable("no \"panel\" object");
    const auto members = settings->find("members");
    if (members == settings->end() || !members->is_array())
        unreadable("no list of members");
    for (const nlohmann::json &member : *members) {
        const auto name = member.is_object() ? member.find("name") : member.end();
        if (!member.is_object() || name == member.end() || !name->is_string() || name->get<std::string>().empty())
            unreadable("a member without a name");
        request.members.push_back(name->get<std::string>());
        const auto weight = member.find("weight");
        if (weight == member.end()) {
            request.weights.push_back(1.0);
        } else if (weight->is_number() && std::isfinite(weight->get<double>()) && weight->get<double>() > 0) {
            request.weights.push_back(weight->get<double>());
        } else {
            unreadable("a member's weight that is not a number above 0");
        }
    }
    const auto combine = settings->find("combine");
    if (combine == settings->end() || !combine->is_string())
        unreadable("no combination");
    const auto known = stats::panelCombineFromString(combine->get<std::string>());
    if (!known)
        unreadable("the combination '" + combine->get<std::string>() + "'");
    request.combine = *known;
    return request;
}

// The members' raters, checked; the weights filled in.
std::vector<model::Rater> membersOf(const std::vector<model::Rater> &raters, PanelRequest &request)
{
    if (request.members.size() < 2)
        fail("a panel needs at least two members (name each with --member)", "member");
    if (request.weights.empty())
        request.weights.assign(request.members.size(), 1.0);
    if (request.weights.size() != request.members.size())
        fail("give one weight per member, or none", "weight");
    for (const double w : request.weights)
        if (!(std::isfinite(w) && w > 0))
            fail("a member's weight must be above 0", "weight");
    std::vector<model::Rater> members;
    std::set<std::string> seen;
    for (const std::string &name : request.members) {
        if (!seen.insert(name).second)
            fail("'" + name + "' is named twice as a member", "member");
        const auto found
            = std::find_if(raters.begin(), raters.end(), [&](const model::Rater &r) { return r.name == name; });
        if (found == raters.end())
            fail("rater '" + name + "' is not in the study", "member");
        if (found->kind != model::RaterKind::Judge)
            fail("'" + name + "' is a person; a panel's members are judges", "member");
        if (isPanel(*found))
            fail("'" + name + "' is a panel; name its members instead", "member");
        members.push_back(*found);
    }
    return members;
}

double total(const std::vector<double> &weights)
{
    double sum = 0;
    for (const double w : weights)
        sum += w;
    return sum;
}

// A document's ranking by the members' weighted mean rank of the candidates every member ranked.
std::optional<PanelDimension> writeRankings(store::Study &study, model::Id panel, const model::Dimension &dim,
                                            const PanelRequest &request, const std::vector<model::Rater> &members)
{
    // document -> candidate -> each member's rank
    std::map<model::Id, std::map<model::Id, std::vector<std::optional<int>>>> ranks;
    std::set<model::Id> before; // documents the panel ranked
    for (const store::RankingRow &row : study.rankingsOn(dim.id)) {
        if (row.rater == panel)
            before.insert(row.document);
        for (std::size_t m = 0; m < members.size(); ++m)
            if (row.rater == members[m].id) {
                auto &r = ranks[row.document][row.candidate];
                r.resize(members.size());
                r[m] = row.rank;
            }
    }
    if (ranks.empty() && before.empty())
        return std::nullopt;
    PanelDimension counts;
    counts.dimension = dim.name;
    counts.gives = "rankings";
    const double weight = total(request.weights);
    for (auto &[document, byCandidate] : ranks) {
        std::vector<std::pair<model::Id, double>> mean;
        for (auto &[candidate, r] : byCandidate) {
            r.resize(members.size());
            if (std::any_of(r.begin(), r.end(), [](const auto &x) { return !x; }))
                continue;
            double sum = 0;
            for (std::size_t m = 0; m < members.size(); ++m)
                sum += request.weights[m] * *r[m];
            mean.emplace_back(candidate, sum / weight);
        }
        if (mean.size() < 2) {
            ++counts.incomplete;
            continue;
        }
        std::vector<std::pair<model::Id, int>> ranking;
        for (const auto &[candidate, m] : mean) {
            int rank = 1;
            for (const auto &[other, n] : mean)
                rank += n < m ? 1 : 0;
            ranking.emplace_back(candidate, rank);
        }
        study.setRanking(panel, document, dim.id, ranking);
        before.erase(document);
        ++counts.scored;
    }
    for (const model::Id document : before)
        study.setRanking(panel, document, dim.id, {});
    return counts;
}

// Each pair in each shown order: the verdict the members' weighted votes favour.
std::optional<PanelDimension> writeVerdicts(store::Study &study, model::Id panel, const model::Dimension &dim,
                                            const PanelRequest &request, const std::vector<model::Rater> &members)
{
    // A pair keyed the same way whichever summary a member stored as A: (lower id, higher id, lower shown first);
    // its support for the lower id's summary: 1 a win, 0.5 a tie, 0 a loss.
    using Key = std::tuple<model::Id, model::Id, bool>;
    std::map<Key, std::vector<std::optional<double>>> votes;
    for (std::size_t m = 0; m < members.size(); ++m)
        for (const model::PairwiseOutcome &o : study.pairwiseOutcomesOf(members[m].id, dim.id)) {
            const bool swap = o.candidateA > o.candidateB;
            const Key key{std::min(o.candidateA, o.candidateB), std::max(o.candidateA, o.candidateB),
                          swap ? !o.shownAFirst : o.shownAFirst};
            double forLower
                = o.winner == model::PairwiseWinner::Tie ? 0.5 : (o.winner == model::PairwiseWinner::A) != swap;
            auto &v = votes[key];
            v.resize(members.size());
            v[m] = forLower;
        }
    const auto before = study.pairwiseOutcomesOf(panel, dim.id);
    if (votes.empty() && before.empty())
        return std::nullopt;
    PanelDimension counts;
    counts.dimension = dim.name;
    counts.gives = "verdicts";
    const double weight = total(request.weights);
    std::set<Key> kept;
    for (auto &[key, v] : votes) {
        v.resize(members.size());
        if (std::any_of(v.begin(), v.end(), [](const auto &x) { return !x; })) {
            ++counts.incomplete;
            continue;
        }
        // Twice the weighted support against the whole weight: exact for whole weights.
        double support = 0;
        for (std::size_t m = 0; m < members.size(); ++m)
            support += request.weights[m] * *v[m];
        model::PairwiseOutcome o;
        o.raterId = panel;
        o.dimensionId = dim.id;
        o.candidateA = std::get<0>(key);
        o.candidateB = std::get<1>(key);
        o.shownAFirst = std::get<2>(key);
        o.winner = 2 * support > weight   ? model::PairwiseWinner::A
                   : 2 * support < weight ? model::PairwiseWinner::B
                                          : model::PairwiseWinner::Tie;
        const auto old = std::find_if(before.begin(), before.end(), [&](const model::PairwiseOutcome &b) {
            return b.candidateA == o.candidateA && b.candidateB == o.candidateB && b.shownAFirst == o.shownAFirst;
        });
        if (old == before.end() || old->winner != o.winner)
            study.replacePairwiseOutcome(o);
        kept.insert(key);
        ++counts.scored;
    }
    for (const model::PairwiseOutcome &b : before)
        if (!kept.contains(Key{b.candidateA, b.candidateB, b.shownAFirst}))
            study.clearPairwiseOutcome(panel, dim.id, b.candidateA, b.candidateB, b.shownAFirst);
    return counts;
}

// Computes the panel's judgements and writes them over what it had; inside the caller's transaction.
PanelReport writeScores(store::Study &study, model::Id panel, const PanelRequest &request,
                        const std::vector<model::Rater> &members)
{
    PanelReport report;
    report.request = request;
    for (const model::Dimension &dim : study.dimensions()) {
        if (dim.kind == model::DimensionKind::Rank)
            if (auto counts = writeRankings(study, panel, dim, request, members))
                report.dimensions.push_back(std::move(*counts));
        if (auto counts = writeVerdicts(study, panel, dim, request, members))
            report.dimensions.push_back(std::move(*counts));
        if (dim.kind != model::DimensionKind::Likert && dim.kind != model::DimensionKind::Binary)
            continue;
        // Each member's scores by summary.
        std::map<model::Id, std::vector<std::optional<double>>> bySummary;
        for (std::size_t m = 0; m < members.size(); ++m)
            for (const auto &[summary, value] : study.ratingsOf(members[m].id, dim.id)) {
                auto &scores = bySummary[summary];
                scores.resize(members.size());
                scores[m] = value;
            }
        const auto before = study.ratingsOf(panel, dim.id);
        if (bySummary.empty() && before.empty())
            continue;
        PanelDimension counts;
        counts.dimension = dim.name;
        std::set<model::Id> kept;
        for (auto &[summary, scores] : bySummary) {
            scores.resize(members.size());
            if (std::any_of(scores.begin(), scores.end(), [](const auto &s) { return !s; })) {
                ++counts.incomplete;
                continue;
            }
            std::vector<double> values;
            for (const auto &s : scores)
                values.push_back(*s);
            const auto combined = stats::combinePanel(request.combine, values, request.weights);
            if (!combined) {
                ++counts.tied;
                continue;
            }
            const auto old = std::lower_bound(before.begin(), before.end(), summary,
                                              [](const auto &row, model::Id id) { return row.first < id; });
            if (old == before.end() || old->first != summary || old->second != *combined)
                study.setRating(panel, summary, dim.id, *combined);
            kept.insert(summary);
            ++counts.scored;
        }
        for (const auto &[summary, value] : before)
            if (!kept.contains(summary))
                study.clearRating(panel, summary, dim.id);
        report.dimensions.push_back(std::move(counts));
    }
    return report;
}

} // namespace

Result<PanelReport> formPanel(store::Study &study, const PanelRequest &request)
{
    return capture([&]() -> PanelReport {
        PanelRequest filled = request;
        if (filled.name.empty())
            fail("name the panel (--name)", "name");
        const auto raters = study.raters();
        if (std::any_of(raters.begin(), raters.end(), [&](const model::Rater &r) { return r.name == filled.name; }))
            fail("a rater named '" + filled.name + "' is in the study already; give the panel another name", "name");
        const std::vector<model::Rater> members = membersOf(raters, filled);

        model::Rater panel;
        panel.name = filled.name;
        panel.kind = model::RaterKind::Judge;
        panel.provider = kProtocol;
        panel.protocol = kProtocol;
        std::string model;
        nlohmann::json listed = nlohmann::json::array();
        for (std::size_t m = 0; m < members.size(); ++m) {
            model.append(m == 0 ? "" : " + ").append(members[m].name);
            listed.push_back({{"name", members[m].name}, {"weight", filled.weights[m]}});
        }
        panel.model = model;
        panel.params = {{"panel", {{"members", std::move(listed)}, {"combine", stats::toString(filled.combine)}}}};

        PanelReport report;
        const Status written = study.write([&] {
            const model::Id id = study.ensureRater(panel);
            report = writeScores(study, id, filled, members);
            const bool any = std::any_of(report.dimensions.begin(), report.dimensions.end(),
                                         [](const PanelDimension &d) { return d.scored > 0; });
            if (!any)
                fail("the members share nothing they all judged (a summary's score, a document's ranking or a "
                     "pair's verdict): the panel would judge nothing",
                     "member");
        });
        if (!written)
            throw Failure(written.error());
        return report;
    });
}

Result<PanelRequest> panelRequestOf(const model::Rater &panel)
{
    return capture([&] {
        if (!isPanel(panel))
            fail("'" + panel.name + "' is not a panel", "panel");
        return requestOf(panel);
    });
}

Result<std::vector<PanelReport>> refreshPanels(store::Study &study)
{
    return capture([&] {
        std::vector<PanelReport> reports;
        const auto raters = study.raters();
        for (const model::Rater &panel : raters) {
            if (!isPanel(panel))
                continue;
            PanelRequest request;
            std::vector<model::Rater> members;
            try {
                request = requestOf(panel);
                members = membersOf(raters, request);
            } catch (const Failure &failure) {
                // Which panel it is matters more than which member: the message names both.
                fail("the panel '" + panel.name + "' cannot be recomputed: " + failure.error().message, "panel");
            }
            PanelReport report;
            const Status written = study.write([&] { report = writeScores(study, panel.id, request, members); });
            if (!written)
                throw Failure(written.error());
            reports.push_back(std::move(report));
        }
        std::sort(reports.begin(), reports.end(),
                  [](const PanelReport &a, const PanelReport &b) { return a.request.name < b.request.name; });
        return reports;
    });
}

nlohmann::json toJson(const PanelReport &report)
{
    nlohmann::json members = nlohmann::json::array();
    for (std::size_t m = 0; m < report.request.members.size(); ++m)
        members.push_back({{"name", report.request.members[m]},
                           {"weight", m < report.request.weights.size() ? report.request.weights[m] : 1.0}});
    nlohmann::json dimensions = nlohmann::json::array();
    for (const PanelDimension &d : report.dimensions)
        dimensions.push_back({{"dimension", d.dimension},
                              {"gives", d.gives},
                              {"scored", d.scored},
                              {"incomplete", d.incomplete},
                              {"tied", d.tied}});
    return {{"panel", report.request.name},
            {"members", std::move(members)},
            {"combine", stats::toString(report.request.combine)},
            {"dimensions", std::move(dimensions)}};
}

} // namespace concord::reports
