// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli info: a study's counts, as a table or one JSON object.
#include "cli_support.h"
#include "command_table.h"

#include "model/json_text.h"
#include "store/study.h"

#include <QCommandLineParser>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstdio>
#include <iostream>

namespace concord::cli {

namespace {

nlohmann::json infoJson(store::Study &study)
{
    const auto c = study.counts();
    nlohmann::json j;
    j["documents"] = c.documents;
    j["systems"] = c.systems;
    j["candidates"] = c.candidates;
    j["dimensions"] = c.dimensions;
    j["raters"] = c.raters;
    j["ratings"] = c.ratings;
    j["rankings"] = c.rankings;
    j["error_spans"] = c.errorSpans;
    j["pairwise_outcomes"] = c.pairwiseOutcomes;
    j["explanations"] = c.explanations;
    j["unit_marks"] = c.unitMarks;
    j["presentation_orders"] = c.presentationOrders;
    j["judge_calls"] = c.judgeCalls;
    j["raters_by_group"] = nlohmann::json::object();
    for (const auto &[group, count] : study.ratersByGroup())
        j["raters_by_group"][group] = count;
    j["schema_version"] = study.schemaVersion();
    // Each judge run with its status: `interrupted` when its process was killed or failed (resume it
    // with `concord-cli judge STUDY --resume ID`, or by running the same judge again).
    j["judge_runs"] = nlohmann::json::array();
    std::int64_t interrupted = 0;
    for (const auto &r : study.judgeRuns()) {
        j["judge_runs"].push_back(
            {{"id", r.id},
             {"rater", r.raterName},
             {"protocol", r.protocol},
             {"status", r.status},
             {"started_at", r.startedAt},
             {"finished_at", r.finishedAt.empty() ? nlohmann::json() : nlohmann::json(r.finishedAt)},
             {"calls", r.calls},
             {"pid", r.owner.pid},
             {"host", r.owner.host}});
        interrupted += r.status == "interrupted" ? 1 : 0;
    }
    j["interrupted_runs"] = interrupted;
    return j;
}

int run(const Arguments &arguments)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("STUDY"), QStringLiteral("The study file."));
    parser.addOption({QStringLiteral("json"), QStringLiteral("Print one JSON object instead of a table.")});
    int code = 0;
    if (!parseCommandLine(parser, arguments, code))
        return code;
    if (parser.positionalArguments().size() != 1)
        return failWith("info takes exactly one STUDY (see concord-cli info --help)", kExitUsage);
    auto study = openForReading(str(parser.positionalArguments().at(0)));
    if (!study)
        return failWith(study.error().describe());
    const auto j = infoJson(*study.value());
    if (parser.isSet(QStringLiteral("json"))) {
        std::cout << model::JsonText::dump(j, 2) << '\n';
        return 0;
    }
    for (const char *key :
         {"documents", "systems", "candidates", "dimensions", "raters", "ratings", "rankings", "error_spans",
          "pairwise_outcomes", "explanations", "unit_marks", "presentation_orders", "judge_calls"})
        std::printf("%-20s %lld\n", key, static_cast<long long>(j[key].get<std::int64_t>()));
    for (const auto &[group, count] : j["raters_by_group"].items())
        std::printf("  raters in %-8s %lld\n", group.c_str(), static_cast<long long>(count.get<std::int64_t>()));
    std::printf("%-20s %zu\n", "judge_runs", j["judge_runs"].size());
    for (const auto &r : j["judge_runs"])
        if (r["status"] == "interrupted")
            std::printf("  interrupted run %lld: %s (%s), started %s, %lld calls; resume with concord-cli judge STUDY "
                        "--resume %lld\n",
                        static_cast<long long>(r["id"].get<std::int64_t>()), r["rater"].get<std::string>().c_str(),
                        r["protocol"].get<std::string>().c_str(), r["started_at"].get<std::string>().c_str(),
                        static_cast<long long>(r["calls"].get<std::int64_t>()),
                        static_cast<long long>(r["id"].get<std::int64_t>()));
    return 0;
}

} // namespace

const Command infoCommand{
    .name = "info",
    .summary = "show what a study holds (--json for a machine-readable object)",
    .description = "Shows what a study holds.",
    .run = run,
};

} // namespace concord::cli
