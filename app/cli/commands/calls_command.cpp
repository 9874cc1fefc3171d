// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli calls: a judge's calls with what was read from each answer.
#include "cli_support.h"
#include "command_table.h"

#include "judge/answer/scoring_method.h"
#include "model/json_text.h"
#include "store/name_hints.h"
#include "store/study.h"

#include <QCommandLineParser>

#include <nlohmann/json.hpp>

#include <cstdio>
#include <iostream>
#include <map>
#include <string>

namespace concord::cli {

namespace {

int run(const Arguments &arguments)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("STUDY"), QStringLiteral("The study file."));
    parser.addOptions({
        {QStringLiteral("rater"), QStringLiteral("The judge whose calls to list."), QStringLiteral("NAME")},
        {QStringLiteral("invalid"), QStringLiteral("Only calls whose answer could not be used.")},
        {QStringLiteral("json"), QStringLiteral("One JSON object per line, with the prompt and raw answer.")},
    });
    int code = 0;
    if (!parseCommandLine(parser, arguments, code))
        return code;
    if (parser.positionalArguments().size() != 1 || !parser.isSet(QStringLiteral("rater")))
        return failWith("calls takes a STUDY and --rater NAME (see concord-cli calls --help)", kExitUsage);
    auto study = openForReading(str(parser.positionalArguments().at(0)));
    if (!study)
        return failWith(study.error().describe());
    const auto rater = study.value()->raterId(str(parser.value(QStringLiteral("rater"))));
    if (!rater)
        return failWith("no rater named '" + str(parser.value(QStringLiteral("rater"))) + "' in the study"
                        + store::raterNamesHint(*study.value()));
    const auto calls = study.value()->callsOfRater(*rater, parser.isSet(QStringLiteral("invalid")));
    std::map<model::Id, std::string> runStatus;
    for (const auto &r : study.value()->judgeRuns(*rater))
        runStatus[r.id] = r.status;
    if (parser.isSet(QStringLiteral("json"))) {
        for (const auto &c : calls) {
            nlohmann::json j;
            j["id"] = c.id;
            j["run"] = c.runId;
            j["run_status"] = runStatus[c.runId]; // running, finished, cancelled, failed or interrupted
            j["request_hash"] = c.requestHash;
            j["sample"] = c.sampleIndex;
            j["unit"] = model::JsonText::parseOrDiscarded(c.unit);
            j["prompt"] = c.prompt;
            j["raw_response"] = c.rawResponse;
            j["parsed_value"] = c.parsedValue ? nlohmann::json(*c.parsedValue) : nlohmann::json();
            j["parsed"] = model::JsonText::parseOrDiscarded(c.parsed);
            // geval, llmscore and structured answers: how the value was obtained (logprobs, samples, single, value,
            // structured); else null.
            const judge::ScoringMethod method = judge::scoringMethodOf(c);
            j["method"] = method == judge::ScoringMethod::None ? nlohmann::json()
                                                               : nlohmann::json(std::string(judge::toString(method)));
            j["valid"] = c.valid;
            j["invalid_reason"] = c.invalidReason;
            j["tokens_in"] = c.tokensIn;
            j["tokens_out"] = c.tokensOut;
            j["cost"] = c.cost;
            j["latency_ms"] = c.latencyMs;
            j["attempts"] = c.attempts;
            j["http_status"] = c.httpStatus;
            j["error"] = c.error;
            std::cout << model::JsonText::dump(j) << '\n';
        }
        return 0;
    }
    std::printf("%8s  %-5s  %8s  %-8s  %-40s  %6s  %6s  %8s\n", "call", "valid", "value", "method", "reason", "in",
                "out", "ms");
    for (const auto &c : calls) {
        std::string reason = c.valid ? std::string() : (c.error.empty() ? c.invalidReason : c.error);
        if (reason.size() > 40)
            reason = reason.substr(0, 37) + "...";
        const judge::ScoringMethod method = judge::scoringMethodOf(c);
        std::printf("%8lld  %-5s  %8s  %-8s  %-40s  %6d  %6d  %8.0f\n", static_cast<long long>(c.id),
                    c.valid ? "yes" : "no", c.parsedValue ? std::to_string(*c.parsedValue).substr(0, 8).c_str() : "-",
                    method == judge::ScoringMethod::None ? "-" : std::string(judge::toString(method)).c_str(),
                    reason.c_str(), c.tokensIn, c.tokensOut, c.latencyMs);
    }
    return 0;
}

} // namespace

const Command callsCommand{
    .name = "calls",
    .summary = "list a judge's calls: prompts, raw answers, parsed values",
    .description
    = "Lists a judge's calls: parsed value, validity, scoring method (geval, llmscore), tokens, cost, latency.",
    .run = run,
};

} // namespace concord::cli
