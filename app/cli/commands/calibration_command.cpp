// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli calibration: a judge's scores against a human group's mean per dimension: reliability
// diagrams, the expected calibration error of equal-width and equal-mass bins, and the Brier score.
#include "cli_support.h"
#include "command_table.h"

#include "reports/calibration_report.h"
#include "store/study.h"

#include <QCommandLineParser>

#include <iostream>
#include <string>

namespace concord::cli {

namespace {

int run(const Arguments &arguments)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("STUDY"), QStringLiteral("The study file."));
    parser.addOptions({
        {QStringLiteral("rater"), QStringLiteral("The judge whose scores are calibrated."), QStringLiteral("JUDGE")},
        {QStringLiteral("human"),
         QStringLiteral("The human group whose mean score per summary is the reference (e.g. expert)."),
         QStringLiteral("GROUP")},
        {QStringLiteral("dimension"),
         QStringLiteral("A Likert or binary dimension (repeatable; default: every one the judge scored)."),
         QStringLiteral("D")},
        {QStringLiteral("bins"), QStringLiteral("How many bins (default 10)."), QStringLiteral("N"),
         QStringLiteral("10")},
        {QStringLiteral("binning"),
         QStringLiteral("width (equal-width bins over [0, 1]), mass (equal-mass bins, quantiles of the judge's "
                        "score) or both (default)."),
         QStringLiteral("B"), QStringLiteral("both")},
        {QStringLiteral("threshold"),
         QStringLiteral("A summary is a positive for the Brier score when its human mean is at least T, on the "
                        "dimension's scale (default: the scale's midpoint)."),
         QStringLiteral("T")},
        {QStringLiteral("confidence"), QStringLiteral("Of the bins' t intervals (default 0.95)."), QStringLiteral("C")},
        {QStringLiteral("split"),
         QStringLiteral("Only the documents of this held-out split: dev or test (see concord-cli split)."),
         QStringLiteral("SPLIT")},
        tableFormatOption(),
    });
    int code = 0;
    if (!parseCommandLine(parser, arguments, code))
        return code;
    if (parser.positionalArguments().size() != 1 || !parser.isSet(QStringLiteral("rater"))
        || !parser.isSet(QStringLiteral("human")))
        return failWith("calibration takes a STUDY, --rater JUDGE and --human GROUP (see concord-cli calibration "
                        "--help)",
                        kExitUsage);
    const auto chosenFormat = tableFormat(parser, code);
    if (!chosenFormat)
        return code;
    const std::string &format = *chosenFormat;

    reports::CalibrationRequest request;
    request.judge = str(parser.value(QStringLiteral("rater")));
    request.humanGroup = str(parser.value(QStringLiteral("human")));
    for (const QString &d : parser.values(QStringLiteral("dimension")))
        request.dimensions.push_back(str(d));
    bool binsOk = false;
    const int bins = parser.value(QStringLiteral("bins")).toInt(&binsOk);
    if (!binsOk || bins < 1)
        return failWith("--bins takes a whole number of at least 1", kExitUsage);
    request.bins = static_cast<std::size_t>(bins);
    const QString binning = parser.value(QStringLiteral("binning"));
    if (binning == QStringLiteral("width"))
        request.binnings = {stats::Binning::EqualWidth};
    else if (binning == QStringLiteral("mass"))
        request.binnings = {stats::Binning::EqualMass};
    else if (binning != QStringLiteral("both"))
        return failWith("--binning is width, mass or both, not '" + str(binning) + "'", kExitUsage);
    request.threshold = numberOption(parser, QStringLiteral("threshold"), code);
    if (code)
        return code;
    const auto confidence = numberOption(parser, QStringLiteral("confidence"), code);
    if (code)
        return code;
    request.confidence = confidence.value_or(0.95);
    if (parser.isSet(QStringLiteral("split"))) {
        request.split = str(parser.value(QStringLiteral("split")));
        if (request.split != "dev" && request.split != "test")
            return failWith("--split takes dev or test", kExitUsage);
    }

    auto study = openForReading(str(parser.positionalArguments().at(0)));
    if (!study)
        return failWith(study.error().describe());
    const auto report = reports::computeCalibration(*study.value(), request);
    if (!report)
        return failWith(report.error().describe());
    if (format == "json") {
        std::cout << reports::calibrationJson(report.value()) << '\n';
        return 0;
    }
    // CSV carries every digit, so that a script reads back exactly what the core computed.
    const bool full = format == "csv";
    printTable(reports::calibrationTable(report.value(), full), format);
    std::cout << '\n';
    printTable(reports::reliabilityTable(report.value(), full), format);
    return 0;
}

} // namespace

const Command calibrationCommand{
    .name = "calibration",
    .summary = "a judge's calibration against a human group: reliability bins, ECE and Brier score",
    .description
    = "Per dimension, the judge's score and the human group's mean score per summary, both mapped to [0, 1] from "
      "their scales' bounds (LLMScore's P(yes) is already there): a reliability diagram (per bin of the judge's "
      "score its count, mean judge and human score and a Student t interval of the human mean), the expected "
      "calibration error of equal-width and equal-mass bins (equal scores never split between bins), and the "
      "Brier score against the human mean thresholded at the scale's midpoint (--threshold). The Brier score's "
      "probability is LLMScore's P(yes), the vote share of G-Eval's samples at or above the threshold, G-Eval's "
      "weighted score mapped to [0, 1], or else the judge's score mapped to [0, 1]; the probability column says "
      "which, with counts.",
    .run = run,
};

} // namespace concord::cli
