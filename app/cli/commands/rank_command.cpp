// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli rank: each rater's ranking of the systems from pairwise verdicts, by Bradley–Terry with ties
// (Davidson), with bootstrap intervals over documents and the length-controlled win rate against a baseline.
#include "cli_support.h"
#include "command_table.h"

#include "model/json_text.h"
#include "reports/ranking_report.h"
#include "store/study.h"

#include <QCommandLineParser>

#include <iostream>
#include <string>

namespace concord::cli {

namespace {

std::string titleLine(io::TableStyle style, const std::string &title)
{
    switch (style) {
    case io::TableStyle::Markdown:
        return "### " + title;
    case io::TableStyle::Latex:
        return "% " + title;
    case io::TableStyle::Csv:
        return "# " + title;
    case io::TableStyle::Text:
        break;
    }
    return title;
}

int run(const Arguments &arguments)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("STUDY"), QStringLiteral("The study file."));
    parser.addOptions({
        {QStringLiteral("rater"),
         QStringLiteral("A judge to rank by (repeatable; default: every judge and human group)."), QStringLiteral("R")},
        {QStringLiteral("group"),
         QStringLiteral("A human group to rank by, its verdicts from its mean ratings of each document (repeatable)."),
         QStringLiteral("G")},
        {QStringLiteral("dimension"),
         QStringLiteral("A dimension (repeatable; default: every dimension with pairwise verdicts of a judge)."),
         QStringLiteral("D")},
        {QStringLiteral("baseline"),
         QStringLiteral("A system: every other's win rate and length-controlled win rate against it."),
         QStringLiteral("SYSTEM")},
        {QStringLiteral("rule"),
         QStringLiteral("How the two orders of a head-to-head comparison become one verdict: agree-or-tie (default) "
                        "or points."),
         QStringLiteral("RULE"), QStringLiteral("agree-or-tie")},
        {QStringLiteral("resamples"), QStringLiteral("Bootstrap resamples of the documents (default 1000; 0: none)."),
         QStringLiteral("N"), QStringLiteral("1000")},
        {QStringLiteral("seed"), QStringLiteral("Seed of the bootstrap (default 20240601)."), QStringLiteral("S"),
         QStringLiteral("20240601")},
        {QStringLiteral("confidence"), QStringLiteral("Of the intervals (default 0.95)."), QStringLiteral("C")},
        splitOption(),
        tableFormatOption(),
    });
    int code = 0;
    if (!parseCommandLine(parser, arguments, code))
        return code;
    if (parser.positionalArguments().size() != 1)
        return failWith("rank takes one STUDY (see concord-cli rank --help)", kExitUsage);
    const auto rule = stats::pairwiseRuleFromString(str(parser.value(QStringLiteral("rule"))));
    if (!rule)
        return failWith("unknown --rule '" + str(parser.value(QStringLiteral("rule"))) + "' (agree-or-tie or points)",
                        kExitUsage);
    reports::RankingRequest request;
    request.rule = *rule;
    bool ok = false;
    const long long resamples = parser.value(QStringLiteral("resamples")).toLongLong(&ok);
    if (!ok || resamples < 0 || resamples > 1000000)
        return failWith("--resamples takes a whole number from 0 to 1000000", kExitUsage);
    request.bootstrap.resamples = static_cast<std::size_t>(resamples);
    request.bootstrap.seed = parser.value(QStringLiteral("seed")).toULongLong(&ok);
    if (!ok)
        return failWith("--seed takes a whole number", kExitUsage);
    const auto confidence = numberOption(parser, QStringLiteral("confidence"), code);
    if (code != 0)
        return code;
    if (confidence && !(*confidence > 0 && *confidence < 1))
        return failWith("--confidence takes a number between 0 and 1", kExitUsage);
    request.bootstrap.confidence = confidence.value_or(0.95);
    const auto chosenFormat = tableFormat(parser, code);
    if (!chosenFormat)
        return code;
    const std::string &format = *chosenFormat;
    const auto split = splitChoice(parser, code);
    if (!split)
        return code;
    request.split = *split;
    for (const QString &r : parser.values(QStringLiteral("rater")))
        request.raters.push_back(str(r));
    for (const QString &g : parser.values(QStringLiteral("group")))
        request.groups.push_back(str(g));
    for (const QString &d : parser.values(QStringLiteral("dimension")))
        request.dimensions.push_back(str(d));
    request.baseline = str(parser.value(QStringLiteral("baseline")));

    auto study = openForReading(str(parser.positionalArguments().at(0)));
    if (!study)
        return failWith(study.error().describe());
    const auto rankings = reports::computeRankings(*study.value(), request);
    if (!rankings)
        return failWith(rankings.error().describe());
    if (rankings.value().empty())
        return failWith("nothing to rank: no judge's pairwise verdicts on the dimensions asked for (name a Likert "
                        "--dimension to rank the human groups by their ratings)");
    if (format == "json") {
        std::cout << model::JsonText::dump(reports::rankingJson(rankings.value(), request), 2) << '\n';
        return 0;
    }
    const io::TableStyle style = *tableStyleFromName(format);
    bool first = true;
    for (const io::Table &section : reports::rankingSections(rankings.value(), format == "csv", request.split)) {
        std::cout << (first ? "" : "\n") << titleLine(style, section.caption) << '\n' << io::render(section, style);
        first = false;
    }
    return 0;
}

} // namespace

const Command rankCommand{
    .name = "rank",
    .summary
    = "rank the systems from pairwise verdicts: Bradley–Terry with ties, intervals, length-controlled win rate",
    .description
    = "Per dimension, each human group (verdicts from its mean ratings of each document) and each judge with "
      "pairwise verdicts (one result per document by --rule): Davidson's Bradley–Terry model with ties fitted by "
      "maximum likelihood, log-strengths of mean 0 with percentile bootstrap intervals over documents, the tie "
      "parameter ν, and with --baseline each system's win rate and AlpacaEval 2's length-controlled win rate "
      "against it (ties half).",
    .run = run,
};

} // namespace concord::cli
