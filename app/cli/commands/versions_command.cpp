// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli versions: a judge's template versions side by side on the held-out test split, each with its
// agreement and intervals, and each against the one before it by the paired tests.
#include "cli_support.h"
#include "command_table.h"

#include "reports/split_report.h"
#include "reports/versions_report.h"
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
        {QStringLiteral("judge"),
         QStringLiteral("Any version of the judge: its family is every judge run with the same provider, model and "
                        "protocol."),
         QStringLiteral("NAME")},
        {QStringLiteral("human"), QStringLiteral("The human group whose mean is the reference (e.g. expert)."),
         QStringLiteral("GROUP")},
        {QStringLiteral("split"),
         QStringLiteral("test (default when the study has a split), dev, or all (every document; the default "
                        "without a split)."),
         QStringLiteral("SPLIT")},
        {QStringLiteral("dimension"),
         QStringLiteral("A Likert or rank dimension (repeatable; default: every one the versions rated)."),
         QStringLiteral("D")},
        {QStringLiteral("levels"),
         QStringLiteral("Comma-separated among dataset, system, summary (default: all three)."),
         QStringLiteral("LIST")},
        {QStringLiteral("correlation"), QStringLiteral("pearson (default), spearman, kendall_b or kendall_c."),
         QStringLiteral("C"), QStringLiteral("pearson")},
        {QStringLiteral("bootstrap"),
         QStringLiteral("Resamples of each version's intervals (default 1000; 0 for none)."), QStringLiteral("N"),
         QStringLiteral("1000")},
        {QStringLiteral("test"),
         QStringLiteral("williams, permutation or both (default): what tells a version better or worse."),
         QStringLiteral("T"), QStringLiteral("both")},
        {QStringLiteral("resamples"), QStringLiteral("Of the permutation test (default 1000)."), QStringLiteral("N"),
         QStringLiteral("1000")},
        {QStringLiteral("seed"), QStringLiteral("Of the bootstrap and the permutation tests (default 24301)."),
         QStringLiteral("S"), QStringLiteral("24301")},
        tableFormatOption(),
    });
    int code = 0;
    if (!parseCommandLine(parser, arguments, code))
        return code;
    if (parser.positionalArguments().size() != 1 || !parser.isSet(QStringLiteral("judge"))
        || !parser.isSet(QStringLiteral("human")))
        return failWith("versions takes a STUDY, --judge NAME and --human GROUP (see concord-cli versions --help)",
                        kExitUsage);
    const auto chosenFormat = tableFormat(parser, code);
    if (!chosenFormat)
        return code;
    const std::string &format = *chosenFormat;

    reports::VersionsRequest request;
    request.judge = str(parser.value(QStringLiteral("judge")));
    request.humanGroup = str(parser.value(QStringLiteral("human")));
    for (const QString &d : parser.values(QStringLiteral("dimension")))
        request.dimensions.push_back(str(d));
    if (parser.isSet(QStringLiteral("levels"))) {
        request.levels.clear();
        for (const QString &item : parser.value(QStringLiteral("levels")).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            const auto level = reports::levelFromString(str(item.trimmed()));
            if (!level
                || (*level != reports::Level::Dataset && *level != reports::Level::System
                    && *level != reports::Level::Summary))
                return failWith("--levels takes dataset, system and summary, not '" + str(item) + "'", kExitUsage);
            request.levels.push_back(*level);
        }
    }
    const auto method = stats::correlationMethodFromString(str(parser.value(QStringLiteral("correlation"))));
    if (!method
        || (*method != stats::CorrelationMethod::Pearson && *method != stats::CorrelationMethod::Spearman
            && *method != stats::CorrelationMethod::KendallB && *method != stats::CorrelationMethod::KendallC))
        return failWith("--correlation takes pearson, spearman, kendall_b or kendall_c", kExitUsage);
    request.method = *method;
    const auto test = reports::significanceTestFromString(str(parser.value(QStringLiteral("test"))));
    if (!test)
        return failWith("--test takes williams, permutation or both", kExitUsage);
    request.test = *test;
    bool ok = false;
    const long long bootstrap = parser.value(QStringLiteral("bootstrap")).toLongLong(&ok);
    if (!ok || bootstrap < 0 || bootstrap > 1000000)
        return failWith("--bootstrap takes a whole number from 0 to 1000000", kExitUsage);
    request.bootstrap = static_cast<std::size_t>(bootstrap);
    const long long resamples = parser.value(QStringLiteral("resamples")).toLongLong(&ok);
    if (!ok || resamples < 1 || resamples > 1000000)
        return failWith("--resamples takes a whole number from 1 to 1000000", kExitUsage);
    request.resamples = static_cast<std::size_t>(resamples);
    request.seed = parser.value(QStringLiteral("seed")).toULongLong(&ok);
    if (!ok)
        return failWith("--seed takes a whole number", kExitUsage);
    const std::string split = str(parser.value(QStringLiteral("split")));
    if (parser.isSet(QStringLiteral("split")) && split != "dev" && split != "test" && split != "all")
        return failWith("--split takes test, dev or all", kExitUsage);

    auto study = openForReading(str(parser.positionalArguments().at(0)));
    if (!study)
        return failWith(study.error().describe());
    if (parser.isSet(QStringLiteral("split"))) {
        request.split = split == "all" ? std::string() : split;
    } else {
        const auto stored = reports::readSplit(*study.value());
        if (!stored)
            return failWith(stored.error().describe());
        if (stored.value().dev + stored.value().test == 0) {
            // Said, not silently done: a template tuned on these documents is also tested on them.
            std::cerr << "concord-cli: the study has no held-out split, so the versions are compared on every "
                         "document (make one with: concord-cli split STUDY --dev F --seed S)\n";
            request.split.clear();
        }
    }
    const auto report = reports::compareVersions(*study.value(), request);
    if (!report)
        return failWith(report.error().describe());
    if (format == "json") {
        std::cout << reports::versionsJson(report.value()) << '\n';
        return 0;
    }
    const bool full = format == "csv";
    printTable(reports::versionsTable(report.value(), full), format);
    std::cout << '\n';
    printTable(reports::versionStepsTable(report.value(), full), format);
    return 0;
}

} // namespace

const Command versionsCommand{
    .name = "versions",
    .summary = "a judge's template versions side by side on the test split, each against the one before",
    .description
    = "A judge family is every judge whose runs used the same provider, model and protocol as --judge; each member "
      "is one version, named by the template its runs used, listed in the order of their first run. Per version: "
      "its correlation with the group's mean at dataset, system and summary level with a bootstrap interval; per "
      "version after the first: better, worse or the same as the one before, by Williams' test and a permutation "
      "test on the items both rated (better or worse only when every test that applies has p < 0.05). Only the "
      "held-out test split's documents by default, so that a template tuned on dev is judged where it saw no item.",
    .run = run,
};

} // namespace concord::cli
