// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli stats: a rater's correlation with a human group's mean at every level, or (--compare)
// whether one judge agrees with the humans significantly better than another.
#include "cli_support.h"
#include "command_table.h"

#include "model/json_text.h"
#include "reports/correlation_report.h"
#include "reports/judge_comparison.h"
#include "reports/split_report.h"
#include "reports/study_scores.h"
#include "store/study.h"

#include <QCommandLineParser>

#include <iostream>
#include <map>
#include <string>
#include <vector>

namespace concord::cli {

namespace {

// "a,b,c" -> each item converted by parse; an unknown item is a usage error naming it.
template <typename T, typename Parse>
bool parseList(const QString &text, Parse parse, std::vector<T> &out, const char *what, std::string &error)
{
    out.clear();
    for (const QString &item : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const auto value = parse(str(item.trimmed()));
        if (!value) {
            error = "unknown " + std::string(what) + " '" + str(item.trimmed()) + "'";
            return false;
        }
        out.push_back(*value);
    }
    if (out.empty()) {
        error = std::string("no ") + what + " given";
        return false;
    }
    return true;
}

// stats --compare B: the rater (judge A) against judge B, both against the group's mean.
int compare(const QCommandLineParser &parser)
{
    if (parser.isSet(QStringLiteral("bootstrap")) || parser.isSet(QStringLiteral("resample")))
        return failWith(
            "--bootstrap and --resample do not go with --compare (its tests are Williams' and a permutation test)",
            kExitUsage);
    reports::JudgeComparisonRequest request;
    request.humanGroup = str(parser.value(QStringLiteral("human")));
    request.raterA = str(parser.value(QStringLiteral("rater")));
    request.raterB = str(parser.value(QStringLiteral("compare")));
    for (const QString &d : parser.values(QStringLiteral("dimension")))
        request.dimensions.push_back(str(d));
    request.includeSelf = parser.isSet(QStringLiteral("include-self"));
    request.split = str(parser.value(QStringLiteral("split")));
    std::string error;
    if (parser.isSet(QStringLiteral("levels"))) {
        if (!parseList(parser.value(QStringLiteral("levels")), reports::levelFromString, request.levels, "level",
                       error))
            return failWith(error + " (expected dataset, system, summary)", kExitUsage);
        for (const auto level : request.levels)
            if (level == reports::Level::PerSystem || level == reports::Level::Meta)
                return failWith("--compare works at dataset, system and summary level, not "
                                    + std::string(reports::toString(level)),
                                kExitUsage);
    }
    if (parser.isSet(QStringLiteral("correlation"))
        && !parseList(parser.value(QStringLiteral("correlation")), stats::correlationMethodFromString, request.methods,
                      "correlation", error))
        return failWith(error + " (expected pearson, spearman, kendall_b, kendall_c)", kExitUsage);
    for (const auto method : request.methods)
        if (!stats::hasBootstrapInterval(method))
            return failWith("--compare tests correlations: pearson, spearman, kendall_b or kendall_c, not "
                                + std::string(stats::toString(method)),
                            kExitUsage);
    const auto test = reports::significanceTestFromString(str(parser.value(QStringLiteral("test"))));
    if (!test)
        return failWith("--test takes williams, permutation or both", kExitUsage);
    request.test = *test;
    bool ok = false;
    const long long resamples = parser.value(QStringLiteral("resamples")).toLongLong(&ok);
    if (!ok || resamples < 1 || resamples > 1000000)
        return failWith("--resamples takes a whole number from 1 to 1000000", kExitUsage);
    request.resamples = static_cast<std::size_t>(resamples);
    request.seed = parser.value(QStringLiteral("seed")).toULongLong(&ok);
    if (!ok)
        return failWith("--seed takes a whole number", kExitUsage);
    int code = 0;
    const auto chosenFormat = tableFormat(parser, code);
    if (!chosenFormat)
        return code;
    const std::string &format = *chosenFormat;

    auto study = openForReading(str(parser.positionalArguments().at(0)));
    if (!study)
        return failWith(study.error().describe());
    const auto comparison = reports::compareJudges(*study.value(), request);
    if (!comparison)
        return failWith(comparison.error().describe());
    if (format == "json") {
        std::cout << model::JsonText::dump(reports::toJson(comparison.value()), 2) << '\n';
        return 0;
    }
    const auto style = *tableStyleFromName(format);
    const io::Table table = reports::toTable(comparison.value(), style == io::TableStyle::Csv);
    // A terminal table has no caption: say which judge is A and which is B above it.
    if (style == io::TableStyle::Text)
        std::cout << table.caption << '\n';
    std::cout << io::render(table, style);
    return 0;
}

int run(const Arguments &arguments)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("STUDY"), QStringLiteral("The study file."));
    parser.addOptions({
        {QStringLiteral("human"), QStringLiteral("The human group whose mean rating is the reference (e.g. expert)."),
         QStringLiteral("GROUP")},
        {QStringLiteral("rater"),
         QStringLiteral("The rater to compare: a judge, or one human (then compared with the others of the group)."),
         QStringLiteral("R")},
        {QStringLiteral("dimension"),
         QStringLiteral("A dimension to report (repeatable; default: every Likert dimension the rater rated)."),
         QStringLiteral("D")},
        {QStringLiteral("levels"),
         QStringLiteral("Comma-separated: dataset, system, summary, per-system, meta (default: all)."),
         QStringLiteral("LIST")},
        {QStringLiteral("correlation"),
         QStringLiteral("Comma-separated: pearson, spearman, kendall_b, kendall_c, or the tie-aware pairwise "
                        "accuracies acc, acc_eq, spa (default: pearson,spearman,kendall_b)."),
         QStringLiteral("LIST")},
        {QStringLiteral("include-self"), QStringLiteral("When the rater is in the group, compare with the mean of the "
                                                        "whole group including the rater (default: without).")},
        {QStringLiteral("bootstrap"), QStringLiteral("Bootstrap resamples for confidence intervals (default 0: none)."),
         QStringLiteral("N"), QStringLiteral("0")},
        {QStringLiteral("resample"),
         QStringLiteral("What the bootstrap resamples at dataset, system and summary level: systems, documents or both "
                        "(default both). "
                        "Per-system intervals resample documents, the meta-correlation's resample systems."),
         QStringLiteral("UNIT"), QStringLiteral("both")},
        {QStringLiteral("compare"),
         QStringLiteral(
             "A second rater B: is the rater (A) closer to the humans than B? Both correlations, their difference, "
             "Williams' test and a permutation test, at dataset, system and summary level."),
         QStringLiteral("B")},
        {QStringLiteral("test"), QStringLiteral("With --compare: williams, permutation or both (default both)."),
         QStringLiteral("T"), QStringLiteral("both")},
        {QStringLiteral("resamples"),
         QStringLiteral("With --compare: resamples of the permutation test (default 1000)."), QStringLiteral("N"),
         QStringLiteral("1000")},
        {QStringLiteral("seed"), QStringLiteral("Seed of the bootstrap and of the permutation test (default 24301)."),
         QStringLiteral("S"), QStringLiteral("24301")},
        {QStringLiteral("split"),
         QStringLiteral("Only the documents of this held-out split: dev or test (see concord-cli split)."),
         QStringLiteral("SPLIT")},
        tableFormatOption(),
    });
    int code = 0;
    if (!parseCommandLine(parser, arguments, code))
        return code;
    if (parser.positionalArguments().size() != 1)
        return failWith("stats takes exactly one STUDY (see concord-cli stats --help)", kExitUsage);
    if (!parser.isSet(QStringLiteral("human")) || !parser.isSet(QStringLiteral("rater")))
        return failWith("stats needs --human GROUP and --rater R (see concord-cli stats --help)", kExitUsage);
    const std::string split = str(parser.value(QStringLiteral("split")));
    if (parser.isSet(QStringLiteral("split")) && split != "dev" && split != "test")
        return failWith("--split takes dev or test", kExitUsage);
    if (parser.isSet(QStringLiteral("compare")))
        return compare(parser);
    for (const char *option : {"test", "resamples"})
        if (parser.isSet(QLatin1String(option)))
            return failWith("--" + std::string(option) + " goes with --compare B", kExitUsage);

    reports::CorrelationRequest request;
    request.humanGroup = str(parser.value(QStringLiteral("human")));
    request.rater = str(parser.value(QStringLiteral("rater")));
    for (const QString &d : parser.values(QStringLiteral("dimension")))
        request.dimensions.push_back(str(d));
    request.includeSelf = parser.isSet(QStringLiteral("include-self"));
    std::string error;
    if (parser.isSet(QStringLiteral("levels"))
        && !parseList(parser.value(QStringLiteral("levels")), reports::levelFromString, request.levels, "level", error))
        return failWith(error + " (expected dataset, system, summary, per-system, meta)", kExitUsage);
    if (parser.isSet(QStringLiteral("correlation"))
        && !parseList(parser.value(QStringLiteral("correlation")), stats::correlationMethodFromString, request.methods,
                      "correlation", error))
        return failWith(error + " (expected pearson, spearman, kendall_b, kendall_c, acc, acc_eq, spa)", kExitUsage);
    bool ok = false;
    const long long resamples = parser.value(QStringLiteral("bootstrap")).toLongLong(&ok);
    if (!ok || resamples < 0 || resamples > 1000000)
        return failWith("--bootstrap takes a whole number from 0 to 1000000", kExitUsage);
    request.bootstrap = static_cast<std::size_t>(resamples);
    const auto unit = stats::resampleUnitFromString(str(parser.value(QStringLiteral("resample"))));
    if (!unit)
        return failWith("--resample takes systems, documents or both", kExitUsage);
    request.bootstrapOptions.unit = *unit;
    request.bootstrapOptions.seed = parser.value(QStringLiteral("seed")).toULongLong(&ok);
    if (!ok)
        return failWith("--seed takes a whole number", kExitUsage);
    const auto chosenFormat = tableFormat(parser, code);
    if (!chosenFormat)
        return code;
    const std::string &format = *chosenFormat;

    auto study = openForReading(str(parser.positionalArguments().at(0)));
    if (!study)
        return failWith(study.error().describe());
    request.split = split;
    auto scores = capture([&] { return reports::StudyScores::read(*study.value(), request.dimensions); });
    if (!scores)
        return failWith(scores.error().describe());
    // Only the split's documents enter, at every level.
    if (const Status kept = reports::keepSplitOnly(*study.value(), scores.value(), split); !kept)
        return failWith(kept.error().describe());
    const auto report = reports::computeCorrelationReport(scores.value(), request);
    if (!report)
        return failWith(report.error().describe());
    if (format == "json") {
        std::cout << model::JsonText::dump(reports::toJson(report.value()), 2) << '\n';
        return 0;
    }
    const auto style = *tableStyleFromName(format);
    std::cout << io::render(reports::toTable(report.value(), style == io::TableStyle::Csv), style);
    return 0;
}

} // namespace

const Command statsCommand{
    .name = "stats",
    .summary = "correlate a rater with a human group at every level, or compare two judges",
    .description = "Correlates a rater's scores with a human group's mean at dataset, system and summary level, "
                   "per system, and as a meta-correlation; with --compare B, tests whether the rater agrees with the "
                   "humans significantly better than B (Williams' test, permutation test).",
    .run = run,
};

} // namespace concord::cli
