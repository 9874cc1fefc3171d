// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli pairwise: a judge's pairwise verdicts against a human group, under a named head-to-head rule,
// with the numbers the Agreement view shows and its export writes.
#include "cli_support.h"
#include "command_table.h"

#include "model/json_text.h"
#include "reports/pairwise_report.h"
#include "store/study.h"

#include <QCommandLineParser>

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <iostream>
#include <string>

namespace concord::cli {

namespace {

// The full-precision table as JSON: one object per judge and dimension, numbers as numbers.
nlohmann::json tableJson(const io::Table &table)
{
    nlohmann::json rows = nlohmann::json::array();
    for (const auto &row : table.rows) {
        nlohmann::json object;
        for (std::size_t i = 0; i < table.header.size() && i < row.size(); ++i) {
            const std::string &cell = row[i];
            char *end = nullptr;
            const double number = cell.empty() ? 0.0 : std::strtod(cell.c_str(), &end);
            if (cell.empty())
                object[table.header[i]] = nullptr;
            else if (end && *end == '\0')
                object[table.header[i]] = number;
            else
                object[table.header[i]] = cell;
        }
        rows.push_back(std::move(object));
    }
    return rows;
}

int run(const Arguments &arguments)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("STUDY"), QStringLiteral("The study file."));
    parser.addOptions({
        {QStringLiteral("human"),
         QStringLiteral("The human group whose ratings give the reference verdicts (e.g. expert)."),
         QStringLiteral("GROUP")},
        {QStringLiteral("rater"),
         QStringLiteral("A judge to report (repeatable; default: every judge with pairwise verdicts)."),
         QStringLiteral("R")},
        {QStringLiteral("rule"),
         QStringLiteral("How the two orders of a head-to-head comparison become one verdict: agree-or-tie (a win needs "
                        "both orders; default) or points (each order half a document)."),
         QStringLiteral("RULE"), QStringLiteral("agree-or-tie")},
        {QStringLiteral("format"), QStringLiteral("table, json, csv, markdown or latex (default table)."),
         QStringLiteral("F"), QStringLiteral("table")},
    });
    int code = 0;
    if (!parseCommandLine(parser, arguments, code))
        return code;
    if (parser.positionalArguments().size() != 1 || !parser.isSet(QStringLiteral("human")))
        return failWith("pairwise takes a STUDY and --human GROUP (see concord-cli pairwise --help)", kExitUsage);
    const auto rule = stats::pairwiseRuleFromString(str(parser.value(QStringLiteral("rule"))));
    if (!rule)
        return failWith("unknown --rule '" + str(parser.value(QStringLiteral("rule"))) + "' (agree-or-tie or points)",
                        kExitUsage);
    const std::string format = str(parser.value(QStringLiteral("format")));
    if (format != "json" && !tableStyleFromName(format))
        return failWith("unknown --format '" + format + "' (table, json, csv, markdown or latex)", kExitUsage);

    auto study = openForReading(str(parser.positionalArguments().at(0)));
    if (!study)
        return failWith(study.error().describe());
    reports::PairwiseRequest request;
    request.humanGroup = str(parser.value(QStringLiteral("human")));
    for (const QString &rater : parser.values(QStringLiteral("rater")))
        request.judges.push_back(str(rater));
    request.rule = *rule;
    const auto summaries = reports::computePairwise(*study.value(), request);
    if (!summaries)
        return failWith(summaries.error().describe());
    if (summaries.value().empty())
        return failWith(
            "the study has no pairwise verdicts of a judge (run or import an h2h, pairwise or llmcompare judge)");
    // CSV and JSON carry every digit, so that a script reads back exactly what the view shows.
    const bool full = format == "csv" || format == "json";
    const io::Table table = reports::pairwiseTable(summaries.value(), full);
    if (format == "json")
        std::cout << model::JsonText::dump(tableJson(table), 2) << '\n';
    else
        std::cout << io::render(table, *tableStyleFromName(format));
    return 0;
}

} // namespace

const Command pairwiseCommand{
    .name = "pairwise",
    .summary = "a judge's pairwise verdicts against a human group, under a head-to-head rule",
    .description
    = "Head-to-head success (all pairs and consecutive pairs), LLMCompare points against the humans, flip "
      "rate and first-shown wins of each judge with pairwise verdicts, under the rule agree-or-tie or points: "
      "the numbers of the Agreement view's pairwise tab and its export.",
    .run = run,
};

} // namespace concord::cli
