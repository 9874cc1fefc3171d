// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli report: every table of the Agreement view in one document. The numbers come from
// reports::computeAgreementDocument, the dashboard's own computation; this file only renders them.
#include "cli_support.h"
#include "command_table.h"

#include "model/json_text.h"
#include "reports/agreement_document.h"
#include "store/study.h"

#include <QCommandLineParser>

#include <cstdio>
#include <iostream>
#include <string>
#include <tuple>

namespace concord::cli {

namespace {

std::string shortNumber(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%g", value);
    return text;
}

int run(const Arguments &arguments)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("STUDY"), QStringLiteral("The study file."));
    parser.addOptions({
        {QStringLiteral("human"), QStringLiteral("The human group the judges are measured against (e.g. expert)."),
         QStringLiteral("GROUP")},
        {QStringLiteral("rater"), QStringLiteral("A judge to report (repeatable; default: every judge)."),
         QStringLiteral("R")},
        {QStringLiteral("level"),
         QStringLiteral("The level whose correlations get confidence intervals and give the human ceiling: dataset, "
                        "system or summary (default dataset)."),
         QStringLiteral("LEVEL"), QStringLiteral("dataset")},
        {QStringLiteral("correlation"),
         QStringLiteral(
             "The coefficient: pearson, spearman, kendall_b, kendall_c, acc, acc_eq or spa (default kendall_b)."),
         QStringLiteral("C"), QStringLiteral("kendall_b")},
        {QStringLiteral("bootstrap"),
         QStringLiteral("Bootstrap resamples for confidence intervals (default 1000, as the Agreement view; 0: none)."),
         QStringLiteral("N"), QStringLiteral("1000")},
        {QStringLiteral("seed"),
         QStringLiteral("Seed of the correlations' bootstrap and the judge comparisons' permutation test (default "
                        "24301, as stats)."),
         QStringLiteral("S"), QStringLiteral("24301")},
        {QStringLiteral("alpha-level"),
         QStringLiteral("Krippendorff's alpha at nominal, ordinal, interval or ratio level (default: each "
                        "dimension's own)."),
         QStringLiteral("LEVEL")},
        {QStringLiteral("rule"),
         QStringLiteral("How a head-to-head comparison judged in both orders counts: agree-or-tie or points (default "
                        "agree-or-tie)."),
         QStringLiteral("RULE"), QStringLiteral("agree-or-tie")},
        {QStringLiteral("labelled-fraction"),
         QStringLiteral("The estimates' what-if, as estimate --labelled-fraction: keep this seeded share of the "
                        "labels (above 0, at most 1) and let each judge stand in for the rest."),
         QStringLiteral("F")},
        {QStringLiteral("estimate-seed"),
         QStringLiteral("Seed of the what-if's share (default 1, as estimate --seed)."), QStringLiteral("S"),
         QStringLiteral("1")},
        splitOption(),
        {QStringLiteral("cards-only"),
         QStringLiteral("Only the judge cards (and their bounds): no judge comparisons or estimates, and of the "
                        "dashboard's tables none.")},
        {QStringLiteral("card-ceiling-share"),
         QStringLiteral("A judge card's agreement bound: the judge's correlation at least this share of the human "
                        "ceiling's mean at each level (default 1)."),
         QStringLiteral("X")},
        {QStringLiteral("card-min-alpha"),
         QStringLiteral("A judge card's bound on Krippendorff's alpha of the group with the judge (default 0.667)."),
         QStringLiteral("X")},
        {QStringLiteral("card-max-invalid-rate"),
         QStringLiteral("A judge card's bound on the share of invalid answers (default 0.05)."), QStringLiteral("X")},
        {QStringLiteral("card-max-flip-rate"),
         QStringLiteral("A judge card's bound on the head-to-head verdicts that change with the order (default 0.2)."),
         QStringLiteral("X")},
        {QStringLiteral("card-max-length-bias"),
         QStringLiteral("A judge card's bound on |tau(judge, length) - tau(humans, length)| (default 0.1)."),
         QStringLiteral("X")},
        {QStringLiteral("card-max-ece"),
         QStringLiteral("A judge card's bound on the expected calibration error, 10 equal-width bins (default 0.1)."),
         QStringLiteral("X")},
        {QStringLiteral("format"), QStringLiteral("markdown, latex or json (default markdown)."), QStringLiteral("F"),
         QStringLiteral("markdown")},
    });
    int code = 0;
    if (!parseCommandLine(parser, arguments, code))
        return code;
    if (parser.positionalArguments().size() != 1)
        return failWith("report takes exactly one STUDY (see concord-cli report --help)", kExitUsage);
    if (!parser.isSet(QStringLiteral("human")))
        return failWith("report needs --human GROUP (see concord-cli report --help)", kExitUsage);

    reports::AgreementDocumentOptions options;
    reports::DashboardOptions &o = options.dashboard;
    o.humanGroup = str(parser.value(QStringLiteral("human")));
    for (const QString &r : parser.values(QStringLiteral("rater")))
        o.judges.push_back(str(r));
    const auto level = reports::levelFromString(str(parser.value(QStringLiteral("level"))));
    if (!level
        || (*level != reports::Level::Dataset && *level != reports::Level::System && *level != reports::Level::Summary))
        return failWith("--level takes dataset, system or summary", kExitUsage);
    o.level = *level;
    const auto method = stats::correlationMethodFromString(str(parser.value(QStringLiteral("correlation"))));
    if (!method)
        return failWith("--correlation takes pearson, spearman, kendall_b, kendall_c, acc, acc_eq or spa", kExitUsage);
    o.method = *method;
    bool ok = false;
    const long long resamples = parser.value(QStringLiteral("bootstrap")).toLongLong(&ok);
    if (!ok || resamples < 0 || resamples > 1000000)
        return failWith("--bootstrap takes a whole number from 0 to 1000000", kExitUsage);
    o.bootstrap = resamples > 0;
    o.resamples = static_cast<std::size_t>(resamples);
    o.correlationSeed = parser.value(QStringLiteral("seed")).toULongLong(&ok);
    if (!ok)
        return failWith("--seed takes a whole number", kExitUsage);
    if (parser.isSet(QStringLiteral("alpha-level"))) {
        const auto alphaLevel = stats::measurementLevelFromString(str(parser.value(QStringLiteral("alpha-level"))));
        if (!alphaLevel)
            return failWith("--alpha-level takes nominal, ordinal, interval or ratio", kExitUsage);
        o.alphaLevel = *alphaLevel;
    }
    const auto rule = stats::pairwiseRuleFromString(str(parser.value(QStringLiteral("rule"))));
    if (!rule)
        return failWith("--rule takes agree-or-tie or points", kExitUsage);
    o.pairwiseRule = *rule;
    if (parser.isSet(QStringLiteral("labelled-fraction"))) {
        const double fraction = parser.value(QStringLiteral("labelled-fraction")).toDouble(&ok);
        if (!ok || !(fraction > 0 && fraction <= 1))
            return failWith("--labelled-fraction takes a number above 0 and at most 1", kExitUsage);
        options.labelledFraction = fraction;
    }
    options.estimateSeed = parser.value(QStringLiteral("estimate-seed")).toULongLong(&ok);
    if (!ok)
        return failWith("--estimate-seed takes a whole number", kExitUsage);
    reports::CardThresholds &bounds = options.cardThresholds;
    for (const auto &[name, bound, low, high] : {
             std::tuple{"card-ceiling-share", &bounds.ceilingShare, 0.0, 10.0},
             std::tuple{"card-min-alpha", &bounds.alpha, -1.0, 1.0},
             std::tuple{"card-max-invalid-rate", &bounds.invalidRate, 0.0, 1.0},
             std::tuple{"card-max-flip-rate", &bounds.flipRate, 0.0, 1.0},
             std::tuple{"card-max-length-bias", &bounds.lengthBias, 0.0, 2.0},
             std::tuple{"card-max-ece", &bounds.ece, 0.0, 1.0},
         }) {
        const QString option = QString::fromLatin1(name);
        if (!parser.isSet(option))
            continue;
        const double value = parser.value(option).toDouble(&ok);
        if (!ok || !(value >= low && value <= high))
            return failWith(std::string("--")
                                .append(name)
                                .append(" takes a number from ")
                                .append(shortNumber(low))
                                .append(" to ")
                                .append(shortNumber(high)),
                            kExitUsage);
        *bound = value;
    }
    const auto split = splitChoice(parser, code);
    if (!split)
        return code;
    o.split = *split;
    const bool cardsOnly = parser.isSet(QStringLiteral("cards-only"));
    if (cardsOnly) {
        options.compareJudges = false;
        options.estimates = false;
    }
    const std::string format = str(parser.value(QStringLiteral("format")));
    if (format != "json" && format != "markdown" && format != "latex")
        return failWith("unknown --format '" + format + "' (expected markdown, latex or json)", kExitUsage);

    // Opened once here so that a missing or foreign file is named as the other commands name it.
    const std::string path = str(parser.positionalArguments().at(0));
    if (auto study = openForReading(path); !study)
        return failWith(study.error().describe());
    const auto document = reports::computeAgreementDocument(path, options);
    if (!document)
        return failWith(document.error().describe());
    if (format == "json") {
        nlohmann::json out = reports::toJson(document.value());
        if (cardsOnly)
            out = {{"human_group", out.at("human_group")},
                   {"judges", out.at("judges")},
                   {"correlation", out.at("correlation")},
                   {"bootstrap", out.at("bootstrap")},
                   {"seed", out.at("seed")},
                   {"split", out.at("split")},
                   {"warnings", out.at("warnings")},
                   {"judge_card_bounds", out.value("judge_card_bounds", nlohmann::json::array())},
                   {"judge_cards", out.at("judge_cards")}};
        std::cout << model::JsonText::dump(out, 2) << '\n';
        return 0;
    }
    const bool markdown = format == "markdown";
    const auto &d = document.value().dashboard;
    std::string title
        = (cardsOnly ? "Judge cards: judges against group " : "Agreement report: judges against group ") + d.humanGroup;
    // A table read out of context must still say it saw one side of the split only.
    if (!o.split.empty())
        title += ", " + o.split + " documents only";
    std::cout << (markdown ? "# " + title + "\n\n" : "% " + title + "\n\n");
    for (const auto &section : reports::reportSections(document.value(), false)) {
        if (cardsOnly && section.key.rfind("judge_card", 0) != 0)
            continue;
        // LaTeX prints the heading as the table's caption; Markdown tables have none, so it is a heading.
        if (markdown)
            std::cout << "## " << section.heading << "\n\n";
        io::Table table = section.table;
        table.caption = section.heading;
        std::cout << io::render(table, markdown ? io::TableStyle::Markdown : io::TableStyle::Latex) << '\n';
    }
    for (const auto &warning : d.warnings)
        std::cout << (markdown ? "Left out: " : "% Left out: ") << warning << '\n';
    return 0;
}

} // namespace

const Command reportCommand{
    .name = "report",
    .summary = "every table of the Agreement view in one document (markdown, latex or json)",
    .description = "Writes every table the Agreement view shows for the given judges and human group in one "
                   "document: correlations at each level with intervals, per system and meta, human ceiling, "
                   "Krippendorff's alpha, pairwise verdicts, length bias, invalid answers, judge comparisons, "
                   "each judge's estimates of the group's means (as estimate, with --labelled-fraction its what-if) "
                   "and each judge's card: agreement at every level beside the human ceiling, alpha with the "
                   "humans, invalid rate, position and length bias, calibration, cost per 1,000 summaries and a "
                   "verdict against bounds that --card-* options change (--cards-only: the cards alone).",
    .run = run,
};

} // namespace concord::cli
