// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// A judge run's few-shot examples as a study file may hold them in the run's settings, damaged or not: any bytes
// read as that JSON. Reading them never crashes and gives either an error naming a field or a source whose
// examples, for any unit, are at most the number asked, on the unit's dimension and never of its own document;
// their text always holds each example's summary.
#include "fuzz_support.h"
#include "judge/few_shot_examples.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>

using namespace concord;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const nlohmann::json settings = nlohmann::json::parse(fuzz::asText(data, size), nullptr, false);
    if (settings.is_discarded())
        return 0;
    judge::FewShotSource source;
    try {
        source = judge::fewShotSourceFromJson(settings);
    } catch (const Failure &f) {
        fuzz::check(!f.error().message.empty() && !f.error().field.empty(), "damaged settings name their field");
        return 0;
    }
    model::Dimension dimension;
    dimension.name = "coherence";
    // The units of every document and dimension the examples name, and one of neither.
    std::vector<std::pair<model::Id, model::Id>> units{{-1, -1}};
    for (const judge::FewShotExample &e : source.pool)
        units.emplace_back(e.document, e.dimension);
    const std::size_t asked = std::min<std::size_t>(source.perUnit, 64);
    for (const auto &[document, dimensionId] : units) {
        const auto chosen = judge::examplesForUnit(source.pool, document, dimensionId, asked);
        fuzz::check(chosen.size() <= asked, "no more examples than asked");
        for (const judge::FewShotExample &e : chosen) {
            fuzz::check(e.document != document, "never the unit's own document");
            fuzz::check(e.dimension == dimensionId, "only the unit's dimension");
        }
        const std::string text = judge::examplesText(chosen, dimension);
        for (const judge::FewShotExample &e : chosen)
            fuzz::check(text.find(e.summary) != std::string::npos, "each example's summary is shown");
    }
    // What was read is written back the same.
    const nlohmann::json back = judge::toJson(source);
    fuzz::check(judge::toJson(judge::fewShotSourceFromJson(back)) == back, "the settings read back the same");
    return 0;
}
