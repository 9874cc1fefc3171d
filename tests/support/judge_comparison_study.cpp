// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge_comparison_study.h"

#include "store/study.h"
#include "test_paths.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <map>
#include <vector>

namespace concord::test {

std::string createJudgeComparisonStudy(const std::string &path)
{
    const std::string file = sourceDir().toStdString() + "/tests/core/reports/reference/judge_comparison_study.json";
    std::ifstream in(file);
    if (!in)
        return "cannot read " + file + " (is CONCORD_SOURCE_DIR set?)";
    const nlohmann::json data = nlohmann::json::parse(in, nullptr, false);
    if (data.is_discarded())
        return file + " is not valid JSON";
    auto study = store::Study::create(path);
    if (!study)
        return study.error().describe();
    store::Study &s = *study.value();
    const Status status = s.write([&] {
        // Added in the file's order, so the study's ids (and the score matrices' rows and columns) follow it.
        std::vector<model::Id> systems;
        for (const auto &name : data["systems"])
            systems.push_back(s.ensureSystem(name.get<std::string>()));
        std::vector<std::vector<model::Id>> candidates; // [system][document]
        candidates.resize(systems.size());
        for (const auto &id : data["documents"]) {
            model::Document d;
            d.externalId = id.get<std::string>();
            d.source = "The article of " + d.externalId + ".";
            const model::Id doc = s.addDocument(d);
            for (std::size_t i = 0; i < systems.size(); ++i)
                candidates[i].push_back(s.addCandidate(doc, systems[i],
                                                       "A summary of " + d.externalId + " by "
                                                           + data["systems"][i].get<std::string>() + "."));
        }
        std::map<std::string, model::Id> raters;
        for (const auto &name : data["humans"]) {
            model::Rater r;
            r.name = name.get<std::string>();
            r.group = data["human_group"].get<std::string>();
            raters[r.name] = s.ensureRater(r);
        }
        for (const auto &name : data["judges"]) {
            model::Rater r;
            r.name = name.get<std::string>();
            r.kind = model::RaterKind::Judge;
            raters[r.name] = s.ensureRater(r);
        }
        for (const auto &[dimension, byRater] : data["ratings"].items()) {
            model::Dimension d;
            d.name = dimension;
            const model::Id dim = s.ensureDimension(d);
            for (const auto &[rater, rows] : byRater.items())
                for (std::size_t i = 0; i < rows.size(); ++i)
                    for (std::size_t j = 0; j < rows[i].size(); ++j)
                        if (!rows[i][j].is_null())
                            s.setRating(raters.at(rater), candidates[i][j], dim, rows[i][j].get<double>());
        }
    });
    if (!status)
        return status.error().describe();
    return {};
}

} // namespace concord::test
