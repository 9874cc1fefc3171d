// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli bias: each judge's length bias against a human group, the numbers of the Agreement view's
// length bias table.
#include "cli_support.h"
#include "command_table.h"

#include "reports/length_bias_report.h"
#include "store/study.h"

#include <QCommandLineParser>

#include <algorithm>
#include <iostream>
#include <string>

namespace concord::cli {

namespace {

int run(const Arguments &arguments)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("STUDY"), QStringLiteral("The study file."));
    parser.addOptions({
        {QStringLiteral("human"), QStringLiteral("The human group the judges are compared with (e.g. expert)."),
         QStringLiteral("GROUP")},
        {QStringLiteral("rater"),
         QStringLiteral("A judge to report (repeatable; default: every judge with scores on a Likert dimension)."),
         QStringLiteral("R")},
        splitOption(),
        tableFormatOption(),
    });
    int code = 0;
    if (!parseCommandLine(parser, arguments, code))
        return code;
    if (parser.positionalArguments().size() != 1 || !parser.isSet(QStringLiteral("human")))
        return failWith("bias takes a STUDY and --human GROUP (see concord-cli bias --help)", kExitUsage);
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
    reports::LengthBiasRequest request;
    request.humanGroup = str(parser.value(QStringLiteral("human")));
    for (const QString &rater : parser.values(QStringLiteral("rater")))
        request.judges.push_back(str(rater));
    request.split = *split;
    const auto rows = reports::computeLengthBias(*study.value(), request);
    if (!rows)
        return failWith(rows.error().describe());
    // A judge named on the command line with no Likert scores would otherwise just be missing.
    for (const auto &judge : request.judges)
        if (std::none_of(rows.value().begin(), rows.value().end(), [&](const auto &r) { return r.judge == judge; }))
            return failWith("judge '" + judge
                            + "' has no scores on a Likert dimension, so it has no length bias (bias needs a "
                              "judge that scores summaries)");
    if (rows.value().empty())
        return failWith("no judge in the study has scores on a Likert dimension (run or import a judge that "
                        "scores summaries)");
    // CSV and JSON carry every digit, so that a script reads back exactly what the view shows.
    // Which documents, said where every format leaves the table's rows as they are.
    if (!request.split.empty())
        std::cerr << "bias: the " << request.split << " split's documents only\n";
    printTable(reports::lengthBiasTable(rows.value(), format == "csv" || format == "json"), format);
    return 0;
}

} // namespace

const Command biasCommand{
    .name = "bias",
    .summary = "length bias of each judge and of a human group",
    .description
    = "Kendall tau-b of each judge's and of the human group's scores with summary length (words), and the judge's "
      "agreement with the humans' pairwise preferences on all pairs and on pairs within the 20th percentile of "
      "length difference: the numbers of the Agreement view's length bias table.",
    .run = run,
};

} // namespace concord::cli
