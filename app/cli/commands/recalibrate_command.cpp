// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli recalibrate: a judge's isotonic recalibration, fitted on dev, kept as a judge on test.
#include "cli_support.h"
#include "command_table.h"

#include "reports/number_text.h"
#include "reports/recalibration.h"
#include "store/study.h"

#include <QCommandLineParser>

#include <iostream>
#include <string>

namespace concord::cli {

namespace {

std::string number(double value)
{
    return reports::tableNumber(value, false, false);
}

int run(const Arguments &arguments)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("STUDY"),
                                 QStringLiteral("The study file or a team study's database (as its lead)."));
    parser.addOptions({
        {QStringLiteral("rater"), QStringLiteral("The judge to recalibrate."), QStringLiteral("JUDGE")},
        {QStringLiteral("human"),
         QStringLiteral("The human group whose mean score per summary the judge's score is mapped to."),
         QStringLiteral("GROUP")},
        {QStringLiteral("dimension"), QStringLiteral("The Likert dimension."), QStringLiteral("D")},
        {QStringLiteral("name"),
         QStringLiteral("The recalibrated judge's name (default: the judge's with \" isotonic\")."),
         QStringLiteral("NAME")},
        {QStringLiteral("bins"), QStringLiteral("Bins of the calibration on test (default 10)."), QStringLiteral("N"),
         QStringLiteral("10")},
        {QStringLiteral("format"), QStringLiteral("text or json (default text)."), QStringLiteral("F"),
         QStringLiteral("text")},
    });
    int code = 0;
    if (!parseCommandLine(parser, arguments, code))
        return code;
    if (parser.positionalArguments().size() != 1 || !parser.isSet(QStringLiteral("rater"))
        || !parser.isSet(QStringLiteral("human")) || !parser.isSet(QStringLiteral("dimension")))
        return failWith("recalibrate takes a STUDY, --rater JUDGE, --human GROUP and --dimension D (see concord-cli "
                        "recalibrate --help)",
                        kExitUsage);
    const std::string format = str(parser.value(QStringLiteral("format")));
    if (format != "text" && format != "json")
        return failWith("unknown --format '" + format + "' (expected text or json)", kExitUsage);
    bool binsOk = false;
    const int bins = parser.value(QStringLiteral("bins")).toInt(&binsOk);
    if (!binsOk || bins < 1)
        return failWith("--bins takes a whole number of at least 1", kExitUsage);
    reports::RecalibrationRequest request;
    request.judge = str(parser.value(QStringLiteral("rater")));
    request.humanGroup = str(parser.value(QStringLiteral("human")));
    request.dimension = str(parser.value(QStringLiteral("dimension")));
    request.name = str(parser.value(QStringLiteral("name")).trimmed());
    request.bins = static_cast<std::size_t>(bins);

    auto study = openForWriting(str(parser.positionalArguments().at(0)));
    if (!study)
        return failWith(study.error().describe());
    const auto report = reports::recalibrateIsotonic(*study.value(), request);
    if (!report)
        return failWith(report.error().describe());
    const reports::RecalibrationReport &r = report.value();
    if (format == "json") {
        std::cout << reports::toJson(r).dump(2) << "\n";
        return 0;
    }
    std::cout << "isotonic recalibration of '" << r.request.judge << "' on " << r.request.dimension
              << " against group '" << r.request.humanGroup << "', fitted on dev (" << r.devDocuments << " documents, "
              << r.devPairs << " summaries with both scores):\n";
    io::Table knots;
    knots.header = {"judge score", "fitted " + r.request.humanGroup + " mean"};
    knots.numeric = {true, true};
    for (std::size_t i = 0; i < r.fit.x.size(); ++i)
        knots.rows.push_back({number(r.fit.x[i]), number(r.fit.y[i])});
    printTable(knots, "table");
    std::cout << "\n'" << r.request.name << "' (protocol isotonic) scores " << r.written
              << " summaries of the test split (" << r.testDocuments << " documents); on test:\n";
    io::Table test;
    test.header = {"judge", "pairs", "ece equal-width", "ece equal-mass", "brier"};
    test.numeric = {false, true, true, true, true};
    for (const reports::CalibrationReport *c : {&r.before, &r.after})
        for (const reports::DimensionCalibration &d : c->dimensions) {
            std::vector<std::string> row{c->request.judge, std::to_string(d.pairs), "", "", number(d.brier)};
            for (const stats::Reliability &rel : d.reliability)
                row[rel.binning == stats::Binning::EqualWidth ? 2 : 3] = number(rel.ece);
            test.rows.push_back(std::move(row));
        }
    printTable(test, "table");
    std::cout << "\nNothing of the test split entered the fit; compare the two judges on test with e.g. "
                 "concord-cli stats --split test.\n";
    return 0;
}

} // namespace

const Command recalibrateCommand{
    .name = "recalibrate",
    .summary = "a judge's isotonic recalibration, fitted on dev, kept as a judge on test",
    .description
    = "Maps the judge's score on a Likert dimension to the human group's mean score per summary by isotonic "
      "regression (pool-adjacent-violators; equal scores pooled first; linear between the fitted scores, flat "
      "beyond them), fitted on the summaries of the held-out split's dev documents only (concord-cli split), "
      "and applies it to the test documents' summaries, stored as a judge of its own (protocol isotonic, the "
      "fit in its settings) in one transaction. Prints the fit and both judges' calibration on test: the "
      "expected calibration error of equal-width and equal-mass bins and the Brier score, as concord-cli "
      "calibration computes them. Refused, changing nothing, without a split, with a name already taken, or "
      "with fewer than two dev summaries scored by both.",
    .run = run,
};

} // namespace concord::cli
