// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reports/judge_panel.h"

#include "store/study.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace concord::reports {

namespace {

constexpr const char *kProtocol = "panel";

bool isPanel(const model::Rater &rater)
{
    return rater.kind == model::RaterKind::Judge && rater.protocol == kProtocol;
}

// The panel's request as its rater's settings keep it.
PanelRequest requestOf(const model::Rater &panel)
{
    PanelRequest request;
    request.name = panel.name;
    const nlohmann::json &settings = panel.params.value("panel", nlohmann::json::object());
    for (const auto &member : settings.value("members", nlohmann::json::array())) {
        request.members.push_back(member.value("name", std::string()));
        request.weights.push_back(member.value("weight", 1.0));
    }
    const auto combine = stats::panelCombineFromString(settings.value("combine", std::string("mean")));
    if (!combine)
        fail("the panel '" + panel.name + "' keeps a combination Concord does not know", "panel");
    request.combine = *combine;
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

// Computes the panel's scores and writes them over what it had; inside the caller's transaction.
PanelReport writeScores(store::Study &study, model::Id panel, const PanelRequest &request,
                        const std::vector<model::Rater> &members)
{
    PanelReport report;
    report.request = request;
    for (const model::Dimension &dim : study.dimensions()) {
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
                fail("the members share no summary they all scored on a Likert or binary dimension: the panel "
                     "would score nothing",
                     "member");
        });
        if (!written)
            throw Failure(written.error());
        return report;
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
        dimensions.push_back(
            {{"dimension", d.dimension}, {"scored", d.scored}, {"incomplete", d.incomplete}, {"tied", d.tied}});
    return {{"panel", report.request.name},
            {"members", std::move(members)},
            {"combine", stats::toString(report.request.combine)},
            {"dimensions", std::move(dimensions)}};
}

} // namespace concord::reports
