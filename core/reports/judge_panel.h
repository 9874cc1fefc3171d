// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "model/rater.h"
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
// weight), kept in the study as judgements of a rater with protocol "panel" and its members, weights and
// combination in its settings, so every table, chart and estimate reads it like any judge. It judges only what
// every member judged: a summary, document or pair missing a member's judgement is left out and counted, as is
// a summary whose majority is tied.
struct PanelRequest {
    std::string name;
    std::vector<std::string> members; // judges' names, at least two, none a panel itself
    std::vector<double> weights;      // one per member, each > 0; empty: all 1
    stats::PanelCombine combine = stats::PanelCombine::Mean;
};

// What the panel gives on one dimension. "scores" on a Likert or binary dimension (a summary each); "rankings" on
// a rank dimension (a document each: the candidates ordered by their members' weighted mean rank, equal means
// sharing a rank, the next skipping, "1, 2, 2, 4"); "verdicts" where the members gave pairwise verdicts (a pair
// in one shown order each: the summary the members' weighted votes favour, a member's tie counting half for
// each, equal support a tie), whatever the combination chosen for scores.
struct PanelDimension {
    std::string dimension;
    std::string gives = "scores"; // scores, rankings or verdicts
    std::size_t scored = 0;       // what the panel gives
    std::size_t incomplete = 0;   // what some member gave and another did not (rankings: of fewer than 2 shared)
    std::size_t tied = 0;         // scores by majority only: summaries whose members' votes tie
};

struct PanelReport {
    PanelRequest request;
    std::vector<PanelDimension> dimensions; // every dimension a member judged, by name (scores, rankings, verdicts)
};

// Forms the panel and writes its judgements in one transaction. Fails, changing nothing: a name already taken,
// fewer than two members, a member named twice, not in the study, not a judge or a panel itself, weights not
// one per member or not above 0, or members that share nothing they all judged.
Result<PanelReport> formPanel(store::Study &study, const PanelRequest &request);

// A panel's request as its rater keeps it (name, members, weights, combination). Fails on a rater that is not a
// panel, or whose settings are damaged (no members, a member without a name, a weight not above 0, a
// combination Concord does not know).
Result<PanelRequest> panelRequestOf(const model::Rater &panel);

// Recomputes every panel of the study from its members' scores as they are now (a member run again, or a
// summary judged since), each in one transaction: scores that changed are rewritten, scores whose summary no
// longer has every member's are removed. Returns one report per panel, by name.
Result<std::vector<PanelReport>> refreshPanels(store::Study &study);

// {"panel", "members": [{"name", "weight"}], "combine", "dimensions": [{"dimension", "gives", "scored",
// "incomplete", "tied"}]}.
nlohmann::json toJson(const PanelReport &report);

} // namespace concord::reports
