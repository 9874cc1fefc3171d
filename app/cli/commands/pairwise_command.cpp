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

#include <iostream>
#include <string>

namespace concord::cli {

namespace {

// A section's title on a line of its own, in the style's comment or heading form so that each
// section stays a well-formed table of its format.
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
        {QStringLiteral("dimension"),
         QStringLiteral("A dimension to report (repeatable; default: every dimension with pairwise verdicts)."),
         QStringLiteral("D")},
        {QStringLiteral("baseline"),
         QStringLiteral("A system to set the others against: their documents won, tied and lost against it."),
         QStringLiteral("SYSTEM")},
        splitOption(),
        tableFormatOption(),
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
    const auto split = splitChoice(parser, code);
    if (!split)
        return code;
    const auto chosenFormat = tableFormat(parser, code);
    if (!chosenFormat)
        return code;
    const std::string &format = *chosenFormat;

    auto study = openForReading(str(parser.positionalArguments().at(0)));
    if (!study)
        return failWith(study.error().describe());
    reports::PairwiseRequest request;
    request.humanGroup = str(parser.value(QStringLiteral("human")));
    for (const QString &rater : parser.values(QStringLiteral("rater")))
        request.judges.push_back(str(rater));
    for (const QString &dimension : parser.values(QStringLiteral("dimension")))
        request.dimensions.push_back(str(dimension));
    request.baseline = str(parser.value(QStringLiteral("baseline")));
    request.rule = *rule;
    request.split = *split;
    const auto summaries = reports::computePairwise(*study.value(), request);
    if (!summaries)
        return failWith(summaries.error().describe());
    if (summaries.value().empty())
        return failWith(
            "the study has no pairwise verdicts of a judge (run or import an h2h, pairwise or llmcompare judge)");
    // CSV and JSON carry every digit, so that a script reads back exactly what the view shows.
    if (format == "json") {
        std::cout << model::JsonText::dump(reports::pairwiseJson(summaries.value(), request.humanGroup, request.split),
                                           2)
                  << '\n';
        return 0;
    }
    const io::TableStyle style = *tableStyleFromName(format);
    bool first = true;
    for (const io::Table &section : reports::pairwiseSections(summaries.value(), format == "csv")) {
        const std::string caption
            = section.caption + (request.split.empty() ? std::string() : " (" + request.split + " documents only)");
        std::cout << (first ? "" : "\n") << titleLine(style, caption) << '\n' << io::render(section, style);
        first = false;
    }
    return 0;
}

} // namespace

const Command pairwiseCommand{
    .name = "pairwise",
    .summary = "a judge's pairwise verdicts against a human group, under a head-to-head rule",
    .description
    = "Head-to-head success (all pairs and consecutive pairs), LLMCompare points against the humans, flip "
      "rate and first-shown wins of each judge with pairwise verdicts, under the rule agree-or-tie or points: "
      "the numbers of the Agreement view's pairwise tab and its export; then per judge and dimension each "
      "system pair's wins, ties and losses of the judge and the humans and whether they agree, each system "
      "against --baseline, the LLMCompare ranking, and position bias with its counts.",
    .run = run,
};

} // namespace concord::cli
