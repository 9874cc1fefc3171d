// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli estimate: what a human group's mean would be for each system, from the labels it gave and a
// judge's scores of every summary (prediction-powered inference), with intervals, the labels the judge
// was worth and which systems are told apart; and a what-if on a fully labelled study.
#include "cli_support.h"
#include "command_table.h"

#include "reports/estimate_report.h"
#include "store/study.h"

#include <QCommandLineParser>

#include <iostream>
#include <string>

namespace concord::cli {

namespace {

int run(const Arguments &arguments)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("STUDY"), QStringLiteral("The study file, or a team study's URI."));
    parser.addOptions({
        {QStringLiteral("rater"), QStringLiteral("The judge whose scores stand in for the missing labels."),
         QStringLiteral("JUDGE")},
        {QStringLiteral("predictor-group"),
         QStringLiteral("Instead of a judge: the mean of this group's raters stands in (e.g. turker)."),
         QStringLiteral("GROUP")},
        {QStringLiteral("human"), QStringLiteral("The human group whose mean is estimated (e.g. expert)."),
         QStringLiteral("GROUP")},
        {QStringLiteral("dimension"), QStringLiteral("A Likert dimension (repeatable; default: every one)."),
         QStringLiteral("D")},
        {QStringLiteral("baseline"), QStringLiteral("Compare every system with this one (default: every pair)."),
         QStringLiteral("SYSTEM")},
        {QStringLiteral("confidence"), QStringLiteral("Of the intervals (default 0.95)."), QStringLiteral("C"),
         QStringLiteral("0.95")},
        {QStringLiteral("method"), QStringLiteral("ppi++ (default), ppi or classical (the labels alone)."),
         QStringLiteral("M"), QStringLiteral("ppi++")},
        {QStringLiteral("interval"),
         QStringLiteral("t (default: Student t, Welch-Satterthwaite df) or normal (the papers' CLT interval)."),
         QStringLiteral("KIND"), QStringLiteral("t")},
        {QStringLiteral("tune-lambda"),
         QStringLiteral("ppi++'s lambda tuned once per dimension (default) or per system."), QStringLiteral("OVER"),
         QStringLiteral("dimension")},
        {QStringLiteral("variance"),
         QStringLiteral("Each system's own rectifier variance (per-system, default) or moderated over the dimension's "
                        "systems (empirical Bayes, Smyth 2004)."),
         QStringLiteral("V"), QStringLiteral("per-system")},
        {QStringLiteral("plan"),
         QStringLiteral("The labels were drawn by this label plan (plan-labels): weight them by its probabilities."),
         QStringLiteral("ID")},
        {QStringLiteral("labelled-fraction"),
         QStringLiteral("What-if: keep this seeded share of the labelled summaries as labelled, the rest not."),
         QStringLiteral("F")},
        {QStringLiteral("seed"), QStringLiteral("Of the what-if's draw (default 1)."), QStringLiteral("S"),
         QStringLiteral("1")},
        {QStringLiteral("target-width"),
         QStringLiteral("How many labels an interval this wide needs, alone and with the judge."), QStringLiteral("W")},
        {QStringLiteral("price-per-label"), QStringLiteral("What one human label costs, to price those labels."),
         QStringLiteral("P")},
        {QStringLiteral("repeat"),
         QStringLiteral("What-if over seeds S..S+R-1: how often the intervals held the full-data mean."),
         QStringLiteral("R")},
        tableFormatOption(),
    });
    int code = 0;
    if (!parseCommandLine(parser, arguments, code))
        return code;
    if (parser.positionalArguments().size() != 1
        || parser.isSet(QStringLiteral("rater")) == parser.isSet(QStringLiteral("predictor-group"))
        || !parser.isSet(QStringLiteral("human")))
        return failWith("estimate takes a STUDY, --rater JUDGE or --predictor-group GROUP, and --human GROUP (see "
                        "concord-cli estimate --help)",
                        kExitUsage);
    const auto chosenFormat = tableFormat(parser, code);
    if (!chosenFormat)
        return code;
    const std::string &format = *chosenFormat;

    reports::EstimateRequest request;
    request.judge = str(parser.value(QStringLiteral("rater")));
    request.predictorGroup = str(parser.value(QStringLiteral("predictor-group")));
    request.humanGroup = str(parser.value(QStringLiteral("human")));
    for (const QString &d : parser.values(QStringLiteral("dimension")))
        request.dimensions.push_back(str(d));
    if (parser.isSet(QStringLiteral("baseline")))
        request.baseline = str(parser.value(QStringLiteral("baseline")));
    const QString method = parser.value(QStringLiteral("method"));
    if (method == QStringLiteral("ppi++"))
        request.method = stats::PpiMethod::PpiPlusPlus;
    else if (method == QStringLiteral("ppi"))
        request.method = stats::PpiMethod::Ppi;
    else if (method == QStringLiteral("classical"))
        request.method = stats::PpiMethod::Classical;
    else
        return failWith("--method is ppi++, ppi or classical, not '" + str(method) + "'", kExitUsage);
    const QString interval = parser.value(QStringLiteral("interval"));
    if (interval == QStringLiteral("t"))
        request.interval = stats::IntervalKind::StudentT;
    else if (interval == QStringLiteral("normal"))
        request.interval = stats::IntervalKind::Normal;
    else
        return failWith("--interval is t or normal, not '" + str(interval) + "'", kExitUsage);
    const QString tuneOver = parser.value(QStringLiteral("tune-lambda"));
    if (tuneOver != QStringLiteral("dimension") && tuneOver != QStringLiteral("system"))
        return failWith("--tune-lambda is dimension or system, not '" + str(tuneOver) + "'", kExitUsage);
    request.lambdaPerSystem = tuneOver == QStringLiteral("system");
    const QString variance = parser.value(QStringLiteral("variance"));
    if (variance != QStringLiteral("per-system") && variance != QStringLiteral("moderated"))
        return failWith("--variance is per-system or moderated, not '" + str(variance) + "'", kExitUsage);
    request.moderatedVariance = variance == QStringLiteral("moderated");
    const auto confidence = numberOption(parser, QStringLiteral("confidence"), code);
    if (code)
        return code;
    request.confidence = confidence.value_or(0.95);
    request.labelledFraction = numberOption(parser, QStringLiteral("labelled-fraction"), code);
    if (code)
        return code;
    request.targetWidth = numberOption(parser, QStringLiteral("target-width"), code);
    if (code)
        return code;
    request.pricePerLabel = numberOption(parser, QStringLiteral("price-per-label"), code);
    if (code)
        return code;
    if (parser.isSet(QStringLiteral("plan"))) {
        bool planOk = false;
        request.plan = parser.value(QStringLiteral("plan")).toLongLong(&planOk);
        if (!planOk)
            return failWith("--plan takes a plan's number (plan-labels prints it)", kExitUsage);
    }
    bool seedOk = false;
    request.seed = parser.value(QStringLiteral("seed")).toULongLong(&seedOk);
    if (!seedOk)
        return failWith("--seed takes a whole number", kExitUsage);
    int repeats = 0;
    if (parser.isSet(QStringLiteral("repeat"))) {
        bool ok = false;
        repeats = parser.value(QStringLiteral("repeat")).toInt(&ok);
        if (!ok || repeats < 1)
            return failWith("--repeat takes a whole number of at least 1", kExitUsage);
        if (!request.labelledFraction)
            return failWith("--repeat is a what-if: give --labelled-fraction too", kExitUsage);
    }

    auto study = openForReading(str(parser.positionalArguments().at(0)));
    if (!study)
        return failWith(study.error().describe());
    const bool full = format == "csv" || format == "json";
    if (repeats > 0) {
        const auto summary = reports::repeatWhatIf(*study.value(), request, repeats);
        if (!summary)
            return failWith(summary.error().describe());
        printTable(reports::whatIfTable(summary.value(), full), format);
        return 0;
    }
    const auto report = reports::computeEstimates(*study.value(), request);
    if (!report)
        return failWith(report.error().describe());
    if (format == "json") {
        std::cout << reports::estimateJson(report.value()) << '\n';
        return 0;
    }
    bool first = true;
    const auto print = [&](const io::Table &table) {
        if (!first)
            std::cout << '\n';
        printTable(table, format);
        first = false;
    };
    if (!report.value().systems.empty())
        print(reports::estimateTable(report.value(), full));
    if (!report.value().differences.empty())
        print(reports::differenceTable(report.value(), full));
    if (!report.value().rates.empty())
        print(reports::rateTable(report.value(), full));
    return 0;
}

} // namespace

const Command estimateCommand{
    .name = "estimate",
    .summary = "each system's human mean from a share of the labels and a judge (PPI++)",
    .description
    = "Estimates each system's mean human score on each Likert dimension from the summaries the group labelled and "
      "the judge's scores of every summary: prediction-powered inference (Angelopoulos et al. 2023) with PPI++'s "
      "power tuning (lambda clipped to [0, 1]), the labels alone (classical) and the judge alone (biased, shown as "
      "such), with Student t intervals (Welch-Satterthwaite df; --interval normal gives the papers' CLT interval) and "
      "lambda "
      "tuned once per dimension (--tune-lambda system: per system), the number of labels the judge was worth, and the "
      "differences between systems "
      "with Bonferroni-corrected intervals. --target-width says how many labels an interval that wide needs, alone and "
      "with the judge (priced with --price-per-label). --labelled-fraction keeps a seeded share of the labels as if "
      "the rest "
      "were missing; with --repeat it reports how often the intervals held the full-data mean.",
    .run = run,
};

} // namespace concord::cli
