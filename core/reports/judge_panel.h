// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "stats/panel_combination.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace concord::store {
class Study;
}

namespace concord::reports {

// A panel: a judge of its own whose score of a summary combines its members' (several judges, each with a
// weight), kept in the study as ratings of a rater with protocol "panel" and its members, weights and
// combination in its settings, so every table, chart and estimate reads it like any judge. It scores a summary
// on a Likert or binary dimension only where every member scored it: a summary missing a member's score is left
// out and counted, as is one whose majority is tied.
struct PanelRequest {
    std::string name;
    std::vector<std::string> members; // judges' names, at least two, none a panel itself
    std::vector<double> weights;      // one per member, each > 0; empty: all 1
    stats::PanelCombine combine = stats::PanelCombine::Mean;
};

struct PanelDimension {
    std::string dimension;
    std::size_t scored = 0;     // summaries the panel scores
    std::size_t incomplete = 0; // summaries some member scored and another did not
    std::size_t tied = 0;       // majority only: summaries whose members' votes tie
};

struct PanelReport {
    PanelRequest request;
    std::vector<PanelDimension> dimensions; // every Likert or binary dimension a member scored, by name
};

// Forms the panel and writes its scores in one transaction. Fails, changing nothing: a name already taken,
// fewer than two members, a member named twice, not in the study, not a judge or a panel itself, weights not
// one per member or not above 0, or members that share no scored summary.
Result<PanelReport> formPanel(store::Study &study, const PanelRequest &request);

// Recomputes every panel of the study from its members' scores as they are now (a member run again, or a
// summary judged since), each in one transaction: scores that changed are rewritten, scores whose summary no
// longer has every member's are removed. Returns one report per panel, by name.
Result<std::vector<PanelReport>> refreshPanels(store::Study &study);

// {"panel", "members": [{"name", "weight"}], "combine", "dimensions": [{"dimension", "scored", "incomplete",
// "tied"}]}.
nlohmann::json toJson(const PanelReport &report);

} // namespace concord::reports
