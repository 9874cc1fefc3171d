// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli annotators: how each annotator of a group labels a dimension beside the rest of the group.
#include "cli_support.h"
#include "command_table.h"

#include "model/json_text.h"
#include "reports/annotator_quality.h"
#include "store/study.h"

#include <QCommandLineParser>

#include <cstdio>
#include <iostream>

namespace concord::cli {

namespace {

std::string number(const std::optional<double> &value, const char *format = "%.3f")
{
    if (!value)
        return "—";
    char text[32];
    std::snprintf(text, sizeof text, format, *value);
    return text;
}

int run(const Arguments &arguments)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("STUDY"), QStringLiteral("The study file or team study URI."));
    parser.addOptions({
        {QStringLiteral("group"), QStringLiteral("The human rater group (e.g. expert)."), QStringLiteral("G")},
        {QStringLiteral("dimension"), QStringLiteral("The likert dimension."), QStringLiteral("D")},
        {QStringLiteral("level"),
         QStringLiteral("The alpha's level: nominal, ordinal, interval or ratio (default: ordinal, the dimension's "
                        "own)."),
         QStringLiteral("L")},
        {QStringLiteral("seed"), QStringLiteral("Seed of MACE's random starts (default 20130609)."),
         QStringLiteral("S"), QStringLiteral("20130609")},
        {QStringLiteral("json"), QStringLiteral("Print one JSON object.")},
    });
    int code = 0;
    if (!parseCommandLine(parser, arguments, code))
        return code;
    if (parser.positionalArguments().size() != 1)
        return failWith("annotators takes exactly one STUDY (see concord-cli annotators --help)", kExitUsage);
    if (!parser.isSet(QStringLiteral("group")) || !parser.isSet(QStringLiteral("dimension")))
        return failWith("annotators needs --group G and --dimension D (see concord-cli annotators --help)", kExitUsage);
    reports::AnnotatorQualityRequest request;
    request.group = str(parser.value(QStringLiteral("group")));
    request.dimension = str(parser.value(QStringLiteral("dimension")));
    if (parser.isSet(QStringLiteral("level"))) {
        const auto level = stats::measurementLevelFromString(str(parser.value(QStringLiteral("level"))));
        if (!level)
            return failWith("--level takes nominal, ordinal, interval or ratio", kExitUsage);
        request.level = *level;
    }
    bool ok = false;
    request.mace.seed = parser.value(QStringLiteral("seed")).toULongLong(&ok);
    if (!ok)
        return failWith("--seed takes a whole number", kExitUsage);

    auto study = openForReading(str(parser.positionalArguments().at(0)));
    if (!study)
        return failWith(study.error().describe());
    const auto report = reports::computeAnnotatorQuality(*study.value(), request);
    if (!report)
        return failWith(report.error().describe());
    if (parser.isSet(QStringLiteral("json"))) {
        std::cout << model::JsonText::dump(reports::toJson(report.value()), 2) << '\n';
        return 0;
    }
    const auto &r = report.value();
    std::cout << "Annotators of group '" << request.group << "' on " << request.dimension << ": alpha ("
              << stats::toString(r.groupAlpha.level) << ") of the group "
              << (r.groupAlpha.alpha ? number(r.groupAlpha.alpha) : "undefined (" + r.groupAlpha.undefinedReason + ")")
              << "\n\n";
    std::printf("%-24s %7s %14s %14s %11s\n", "annotator", "labels", "alpha without", "r with others", "competence");
    for (const auto &q : r.annotators)
        std::printf("%-24s %7zu %14s %14s %11s\n", q.rater.c_str(), q.labels, number(q.alphaWithout).c_str(),
                    number(q.correlationWithOthers).c_str(), number(q.competence).c_str());
    for (const auto &q : r.annotators)
        if (!q.alphaWithout) {
            std::cout << "\n— alpha without " << q.rater << ": " << q.alphaWithoutReason << '.';
            break;
        }
    std::cout << "\nalpha without: the group's alpha with the annotator left out (higher than the group's: they lower "
                 "its agreement).\nr with others: Pearson's r of the annotator's ratings against the mean of the "
                 "others' on the same summaries.\ncompetence: "
              << reports::AnnotatorQualityReport::maceAssumes() << '.';
    if (!r.maceWhy.empty())
        std::cout << " Not estimated: " << r.maceWhy << '.';
    std::cout << '\n';
    return 0;
}

} // namespace

const Command annotatorsCommand{
    .name = "annotators",
    .summary = "each annotator's agreement with their group and competence (MACE)",
    .description = "How each annotator of a human group labels a likert dimension beside the rest of the group: "
                   "the group's alpha without them, their correlation with the others' mean, and their "
                   "competence estimated by MACE (Hovy et al. 2013).",
    .run = run,
};

} // namespace concord::cli
