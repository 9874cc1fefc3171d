// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli overlap: how many documents to give two or more annotators for alpha's interval to be narrow enough.
#include "cli_support.h"
#include "command_table.h"

#include "model/json_text.h"
#include "reports/overlap_report.h"
#include "store/study.h"

#include <QCommandLineParser>

#include <cstdio>
#include <iostream>

namespace concord::cli {

namespace {

int run(const Arguments &arguments)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("STUDY"), QStringLiteral("The study file or team study URI."));
    parser.addOptions({
        {QStringLiteral("group"), QStringLiteral("The human rater group (e.g. expert)."), QStringLiteral("G")},
        {QStringLiteral("dimension"), QStringLiteral("The likert dimension."), QStringLiteral("D")},
        {QStringLiteral("width"), QStringLiteral("The widest interval of alpha wanted (default 0.1)."),
         QStringLiteral("W"), QStringLiteral("0.1")},
        {QStringLiteral("level"),
         QStringLiteral("The alpha's level: nominal, ordinal, interval or ratio (default: ordinal, the dimension's "
                        "own)."),
         QStringLiteral("L")},
        {QStringLiteral("confidence"), QStringLiteral("The interval's confidence (default 0.95)."), QStringLiteral("C"),
         QStringLiteral("0.95")},
        {QStringLiteral("resamples"), QStringLiteral("Simulated studies per size tried (default 500)."),
         QStringLiteral("N"), QStringLiteral("500")},
        {QStringLiteral("seed"), QStringLiteral("Seed of the draws (default 20240601)."), QStringLiteral("S"),
         QStringLiteral("20240601")},
        {QStringLiteral("json"), QStringLiteral("Print one JSON object.")},
    });
    int code = 0;
    if (!parseCommandLine(parser, arguments, code))
        return code;
    if (parser.positionalArguments().size() != 1)
        return failWith("overlap takes exactly one STUDY (see concord-cli overlap --help)", kExitUsage);
    if (!parser.isSet(QStringLiteral("group")) || !parser.isSet(QStringLiteral("dimension")))
        return failWith("overlap needs --group G and --dimension D (see concord-cli overlap --help)", kExitUsage);
    reports::OverlapRequest request;
    request.group = str(parser.value(QStringLiteral("group")));
    request.dimension = str(parser.value(QStringLiteral("dimension")));
    if (parser.isSet(QStringLiteral("level"))) {
        const auto level = stats::measurementLevelFromString(str(parser.value(QStringLiteral("level"))));
        if (!level)
            return failWith("--level takes nominal, ordinal, interval or ratio", kExitUsage);
        request.level = *level;
    }
    bool ok = false;
    request.width = parser.value(QStringLiteral("width")).toDouble(&ok);
    if (!ok || !(request.width > 0) || request.width > 2)
        return failWith("--width takes a number above 0 and at most 2", kExitUsage);
    request.options.confidence = parser.value(QStringLiteral("confidence")).toDouble(&ok);
    if (!ok || !(request.options.confidence > 0) || !(request.options.confidence < 1))
        return failWith("--confidence takes a number between 0 and 1", kExitUsage);
    const long long resamples = parser.value(QStringLiteral("resamples")).toLongLong(&ok);
    if (!ok || resamples < 50 || resamples > 100000)
        return failWith("--resamples takes a whole number from 50 to 100000", kExitUsage);
    request.options.resamples = static_cast<std::size_t>(resamples);
    request.options.seed = parser.value(QStringLiteral("seed")).toULongLong(&ok);
    if (!ok)
        return failWith("--seed takes a whole number", kExitUsage);

    auto study = openForReading(str(parser.positionalArguments().at(0)));
    if (!study)
        return failWith(study.error().describe());
    const auto report = reports::computeOverlap(*study.value(), request);
    if (!report)
        return failWith(report.error().describe());
    if (parser.isSet(QStringLiteral("json"))) {
        std::cout << model::JsonText::dump(reports::toJson(report.value()), 2) << '\n';
        return 0;
    }
    const auto &r = report.value();
    const auto &s = r.sizing;
    std::cout << "Pilot: " << s.pilotUnits << " summaries of " << r.pilotDocuments << " documents rated by two or more "
              << "of group '" << request.group << "' on " << request.dimension << "; alpha ("
              << stats::toString(s.pilot.level) << ") ";
    if (s.pilot.alpha)
        std::printf("%.3f", *s.pilot.alpha);
    else
        std::cout << "undefined (" << s.pilot.undefinedReason << ")";
    if (s.atPilot.interval.defined())
        std::printf(", %.0f%% interval [%.3f, %.3f], width %.3f", request.options.confidence * 100,
                    s.atPilot.interval.low, s.atPilot.interval.high, s.atPilot.width());
    std::cout << '\n';
    if (s.unitsNeeded && r.documentsNeeded)
        std::printf("For a width of at most %.3f: %zu summaries rated by two or more, about %zu documents given to "
                    "two or more annotators (%.1f such summaries per document in the pilot).\n",
                    request.width, *s.unitsNeeded, *r.documentsNeeded, r.summariesPerDocument);
    else
        std::cout << "No size found: " << s.why << ".\n";
    std::cout << "Each size is simulated by drawing that many of the pilot's summaries with replacement, "
              << request.options.resamples
              << " times (percentile interval); it assumes the new documents are like the pilot's, rated by the "
                 "same people.\n";
    return 0;
}

} // namespace

const Command overlapCommand{
    .name = "overlap",
    .summary = "how many doubly annotated documents give alpha an interval of a width",
    .description = "From a pilot, how many summaries rated by two or more of a group, and so how many documents "
                   "given to two or more annotators, give the group's Krippendorff alpha a bootstrap interval no "
                   "wider than --width.",
    .run = run,
};

} // namespace concord::cli
