// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reports/judge_samples.h"

#include "model/json_text.h"
#include "store/study.h"

#include <nlohmann/json.hpp>

#include <string_view>

namespace concord::reports {

std::vector<double> UnitScoring::answers() const
{
    std::vector<double> out;
    for (const auto &[key, values] : samples)
        out.insert(out.end(), values.begin(), values.end());
    return out;
}

std::map<UnitKey, UnitScoring> unitScoring(store::Study &study, model::Id judge)
{
    std::map<UnitKey, UnitScoring> out;
    for (const char *protocol : {"rts", "mcq", "llmeval", "geval", "llmscore"})
        for (const auto &call : study.judgeCalls(judge, protocol)) {
            if (!call.candidateId || !call.dimensionId || !call.error.empty())
                continue;
            const judge::ScoringMethod method = judge::scoringMethodOf(call);
            if (method == judge::ScoringMethod::None) {
                // One answer read without a recorded method (an older or imported call): its value is one answer,
                // and the unit keeps the method of the calls that have one.
                if (call.valid && call.parsedValue)
                    out[{*call.candidateId, *call.dimensionId}].samples[{call.requestHash, call.sampleIndex}]
                        = {*call.parsedValue};
                continue;
            }
            UnitScoring &unit = out[{*call.candidateId, *call.dimensionId}];
            if (call.id > unit.latestCall) {
                unit.latestCall = call.id;
                unit.llmScore = std::string_view(protocol) == "llmscore";
                unit.method = method;
            }
            if (method != judge::ScoringMethod::Samples)
                continue;
            const nlohmann::json detail = model::JsonText::parseOrDiscarded(call.parsed);
            std::vector<double> values;
            if (detail.is_object() && detail.contains("values") && detail["values"].is_array())
                for (const auto &v : detail["values"])
                    if (v.is_number())
                        values.push_back(v.get<double>());
            unit.samples[{call.requestHash, call.sampleIndex}] = std::move(values);
        }
    return out;
}

} // namespace concord::reports
