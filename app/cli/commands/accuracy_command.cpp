// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli accuracy: how often a judge's pairwise choices, Pyramid unit answers and per-sentence
// factuality answers match a human group, with Wilson intervals.
#include "cli_support.h"
#include "command_table.h"

#include "reports/accuracy_report.h"
#include "store/study.h"

#include <QCommandLineParser>

#include <string>

namespace concord::cli {

namespace {

int run(const Arguments &arguments)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("STUDY"), QStringLiteral("The study file."));
    parser.addOptions({
        {QStringLiteral("human"), QStringLiteral("The human group whose judgements are the truth (e.g. expert)."),
         QStringLiteral("GROUP")},
        {QStringLiteral("rater"),
         QStringLiteral("A judge to report (repeatable; default: every judge with pairwise verdicts, Pyramid or "
                        "factuality answers)."),
         QStringLiteral("R")},
        {QStringLiteral("human-dimension"),
         QStringLiteral("Pairwise choice: the dimension whose mean human ratings decide which summary is better "
                        "(default: the dimension of the judge's verdicts)."),
         QStringLiteral("D")},
        splitOption(),
        tableFormatOption(),
    });
    int code = 0;
    if (!parseCommandLine(parser, arguments, code))
        return code;
    if (parser.positionalArguments().size() != 1 || !parser.isSet(QStringLiteral("human")))
        return failWith("accuracy takes a STUDY and --human GROUP (see concord-cli accuracy --help)", kExitUsage);
    const auto chosenFormat = tableFormat(parser, code);
    if (!chosenFormat)
        return code;
    const std::string &format = *chosenFormat;
    const auto split = splitChoice(parser, code);
    if (!split)
        return code;

    auto study = openForReading(str(parser.positionalArguments().at(0)));
    if (!study)
        return failWith(study.error().describe());
    reports::AccuracyReportRequest request;
    request.humanGroup = str(parser.value(QStringLiteral("human")));
    request.humanDimension = str(parser.value(QStringLiteral("human-dimension")));
    request.split = *split;
    for (const QString &rater : parser.values(QStringLiteral("rater")))
        request.judges.push_back(str(rater));
    const auto rows = reports::computeAccuracy(*study.value(), request);
    if (!rows)
        return failWith(rows.error().describe());
    // CSV and JSON carry every digit, so that a script reads back exactly what the core computed.
    printTable(reports::accuracyTable(rows.value(), format == "csv" || format == "json", request.split), format);
    return 0;
}

} // namespace

const Command accuracyCommand{
    .name = "accuracy",
    .summary = "accuracy of a judge's pairwise choices, Pyramid and factuality answers against a human group",
    .description
    = "For each judge with pairwise verdicts, Pyramid unit answers or per-sentence factuality answers: how many "
      "match the human group (correct, total, accuracy) with a Wilson 95% interval, and the answers left out as "
      "invalid or for want of a human truth.",
    .run = run,
};

} // namespace concord::cli
