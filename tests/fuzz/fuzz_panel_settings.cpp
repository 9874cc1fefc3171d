// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// A panel's settings as a study file may hold them, damaged or not: any bytes read as the panel rater's JSON
// settings. Reading them never crashes and gives either an error or a request with one weight above 0 per named
// member; recomputing the study's panels then either fails leaving the study as it was, or gives the panel only
// scores on the dimension's scale of summaries both judges scored.
#include "fuzz_support.h"
#include "reports/judge_panel.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstddef>
#include <cstdint>

using namespace concord;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const nlohmann::json params = nlohmann::json::parse(fuzz::asText(data, size), nullptr, false);
    if (params.is_discarded())
        return 0;
    model::Rater panel{0, "panel", model::RaterKind::Judge, {}, "panel", "", "panel", params};
    const auto request = reports::panelRequestOf(panel);
    if (request.ok()) {
        const reports::PanelRequest &r = request.value();
        fuzz::check(r.members.size() == r.weights.size(), "one weight per member");
        for (std::size_t m = 0; m < r.members.size(); ++m) {
            fuzz::check(!r.members[m].empty(), "a member has a name");
            fuzz::check(std::isfinite(r.weights[m]) && r.weights[m] > 0, "a weight is above 0");
        }
    } else {
        fuzz::check(!request.error().message.empty(), "damaged settings are said to be");
    }

    // The small study with two judges, j1 and j2, who scored the coherence of three summaries (j2 not the third),
    // and the panel kept with these settings.
    auto study = fuzz::smallStudy();
    model::Id dimension = 0;
    const Status made = study->write([&] {
        dimension = *study->dimensionId("coherence");
        const model::Id j1 = study->ensureRater({0, "j1", model::RaterKind::Judge, {}, "openai", "m", "rts", {}});
        const model::Id j2 = study->ensureRater({0, "j2", model::RaterKind::Judge, {}, "openai", "m", "rts", {}});
        int k = 0;
        for (const auto &[summary, document] : study->candidateDocuments()) {
            study->setRating(j1, summary, dimension, 1 + k % 5);
            if (k != 2)
                study->setRating(j2, summary, dimension, 5 - k % 5);
            ++k;
        }
        study->ensureRater(panel);
    });
    fuzz::check(made.ok(), "the study with its judges can be written");
    const store::StudyCounts before = study->counts();
    const auto refreshed = reports::refreshPanels(*study);
    if (!refreshed) {
        fuzz::check(fuzz::sameCounts(before, study->counts()), "a refused refresh changes nothing");
        return 0;
    }
    fuzz::check(request.ok(), "only readable settings are recomputed");
    const auto id = study->raterId("panel");
    for (const auto &[summary, value] : study->ratingsOf(*id, dimension))
        fuzz::check(value >= 1 && value <= 5, "a panel's score is on the scale");
    return 0;
}
