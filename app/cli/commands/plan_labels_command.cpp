// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli plan-labels: which summaries to label next (active inference), stored in the study with the
// probability each was drawn with, so that estimates from the planned labels stay unbiased.
#include "cli_support.h"
#include "command_table.h"

#include "model/json_text.h"
#include "reports/label_plan_report.h"
#include "store/study.h"

#include <QCommandLineParser>

#include <nlohmann/json.hpp>

#include <cmath>
#include <iostream>
#include <string>

namespace concord::cli {

namespace {

int run(const Arguments &arguments)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("STUDY"), QStringLiteral("The study file, or a team study's URI."));
    parser.addOptions({
        {QStringLiteral("rater"),
         QStringLiteral("The judge whose scores stand in for the labels (repeat it to compare judges for "
                        "disagreement; the first is the one estimates use)."),
         QStringLiteral("JUDGE")},
        {QStringLiteral("human"), QStringLiteral("The human group whose labels are planned (default expert)."),
         QStringLiteral("GROUP"), QStringLiteral("expert")},
        {QStringLiteral("dimension"), QStringLiteral("The Likert or binary dimension to label."), QStringLiteral("D")},
        {QStringLiteral("budget"), QStringLiteral("How many labels to draw, in expectation."), QStringLiteral("N")},
        {QStringLiteral("strategy"),
         QStringLiteral("uniform, uncertainty (the judge's spread; default) or disagreement (among the judges)."),
         QStringLiteral("S"), QStringLiteral("uncertainty")},
        {QStringLiteral("uniform-share"),
         QStringLiteral("The share of each probability spread uniformly, its floor (default 0.3)."),
         QStringLiteral("F"), QStringLiteral("0.3")},
        {QStringLiteral("seed"), QStringLiteral("Of the draw (default 1)."), QStringLiteral("S"), QStringLiteral("1")},
        {QStringLiteral("annotator"), QStringLiteral("The person whose queue the plan is."), QStringLiteral("NAME")},
        tableFormatOption(),
    });
    int code = 0;
    if (!parseCommandLine(parser, arguments, code))
        return code;
    if (parser.positionalArguments().size() != 1 || !parser.isSet(QStringLiteral("rater"))
        || !parser.isSet(QStringLiteral("dimension")) || !parser.isSet(QStringLiteral("budget")))
        return failWith("plan-labels takes a STUDY, --rater JUDGE, --dimension D and --budget N (see concord-cli "
                        "plan-labels --help)",
                        kExitUsage);
    const auto chosenFormat = tableFormat(parser, code);
    if (!chosenFormat)
        return code;
    reports::PlanRequest request;
    for (const QString &judge : parser.values(QStringLiteral("rater")))
        request.judges.push_back(str(judge));
    request.humanGroup = str(parser.value(QStringLiteral("human")));
    request.dimension = str(parser.value(QStringLiteral("dimension")));
    request.strategy = str(parser.value(QStringLiteral("strategy")));
    const auto budget = numberOption(parser, QStringLiteral("budget"), code);
    if (code)
        return code;
    request.budget = budget.value_or(0);
    const auto share = numberOption(parser, QStringLiteral("uniform-share"), code);
    if (code)
        return code;
    request.uniformShare = share.value_or(0.3);
    bool seedOk = false;
    request.seed = parser.value(QStringLiteral("seed")).toLongLong(&seedOk);
    if (!seedOk || request.seed < 0)
        return failWith("--seed takes a whole number of at least 0", kExitUsage);
    if (parser.isSet(QStringLiteral("annotator")))
        request.annotator = str(parser.value(QStringLiteral("annotator")));

    auto study = openForWriting(str(parser.positionalArguments().at(0)));
    if (!study)
        return failWith(study.error().describe());
    const auto report = reports::planLabels(*study.value(), request);
    if (!report)
        return failWith(report.error().describe());
    const reports::LabelPlanReport &r = report.value();
    if (*chosenFormat == "json") {
        nlohmann::json queue = nlohmann::json::array();
        for (const auto &s : r.summaries)
            queue.push_back(
                {{"document", s.document},
                 {"candidate", s.candidate},
                 {"probability", s.probability},
                 {"uncertainty", std::isnan(s.uncertainty) ? nlohmann::json() : nlohmann::json(s.uncertainty)},
                 {"drawn", s.drawn}});
        const nlohmann::json out{{"plan", r.plan},
                                 {"dimension", request.dimension},
                                 {"strategy", request.strategy},
                                 {"uncertainty_from", r.uncertaintySource},
                                 {"budget", request.budget},
                                 {"uniform_share", request.uniformShare},
                                 {"seed", request.seed},
                                 {"pool", r.pool},
                                 {"expected", r.expected},
                                 {"drawn", r.drawn},
                                 {"queue", queue}};
        std::cout << model::JsonText::dump(out, 2) << '\n';
        return 0;
    }
    std::cerr << "plan " << r.plan << ": " << r.drawn << " of " << r.pool << " summaries drawn to label on '"
              << request.dimension << "' (" << request.strategy << ", uncertainty from " << r.uncertaintySource
              << "); estimate with --plan " << r.plan << " once they are labelled\n";
    printTable(reports::planTable(r, *chosenFormat == "csv"), *chosenFormat);
    return 0;
}

} // namespace

const Command planLabelsCommand{
    .name = "plan-labels",
    .summary = "which summaries to label next, drawn by the judge's uncertainty (active inference)",
    .description
    = "Plans the next human labels on a dimension (active inference, Zrnic & Candes 2024): every summary the judge "
      "scored that the group has not labelled gets a probability of being drawn that follows the judge's "
      "uncertainty (the spread of its sampled answers; without samples, how far it was from the people on labelled "
      "summaries with like scores; with --strategy disagreement, the spread of several judges' scores), mixed with a "
      "uniform share so none is 0, for --budget labels in expectation. A seeded Bernoulli draw picks the summaries. "
      "The plan and every probability are stored in the study; estimate --plan ID weights each planned label by the "
      "inverse of its probability, so the intervals stay valid.",
    .run = run,
};

} // namespace concord::cli
