// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli agreement: Krippendorff's alpha of a rater group on one dimension.
#include "cli_support.h"
#include "command_table.h"

#include "model/json_text.h"
#include "reports/agreement_report.h"
#include "store/study.h"

#include <QCommandLineParser>

#include <cstdio>
#include <iostream>

namespace concord::cli {

namespace {

int run(const Arguments &arguments)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("STUDY"), QStringLiteral("The study file."));
    parser.addOptions({
        {QStringLiteral("group"), QStringLiteral("The human rater group (e.g. expert)."), QStringLiteral("G")},
        {QStringLiteral("dimension"), QStringLiteral("The likert or rank dimension."), QStringLiteral("D")},
        {QStringLiteral("level"),
         QStringLiteral("nominal, ordinal, interval or ratio (default: the dimension's own level, ordinal for likert "
                        "and rank, as in the GUI)."),
         QStringLiteral("L")},
        {QStringLiteral("with"),
         QStringLiteral("Another rater (e.g. a judge) to count as one more coder (repeatable)."), QStringLiteral("R")},
        {QStringLiteral("bootstrap"),
         QStringLiteral("Bootstrap resamples over units for a confidence interval (default 0: none)."),
         QStringLiteral("N"), QStringLiteral("0")},
        {QStringLiteral("seed"), QStringLiteral("Seed of the bootstrap (default 20240601)."), QStringLiteral("S"),
         QStringLiteral("20240601")},
        {QStringLiteral("split"),
         QStringLiteral("Only the documents of this held-out split: dev or test (see concord-cli split)."),
         QStringLiteral("SPLIT")},
        {QStringLiteral("json"), QStringLiteral("Print one JSON object.")},
    });
    int code = 0;
    if (!parseCommandLine(parser, arguments, code))
        return code;
    if (parser.positionalArguments().size() != 1)
        return failWith("agreement takes exactly one STUDY (see concord-cli agreement --help)", kExitUsage);
    if (!parser.isSet(QStringLiteral("group")) || !parser.isSet(QStringLiteral("dimension")))
        return failWith("agreement needs --group G and --dimension D (see concord-cli agreement --help)", kExitUsage);
    reports::AgreementRequest request;
    request.group = str(parser.value(QStringLiteral("group")));
    request.dimension = str(parser.value(QStringLiteral("dimension")));
    if (parser.isSet(QStringLiteral("level"))) {
        const auto level = stats::measurementLevelFromString(str(parser.value(QStringLiteral("level"))));
        if (!level)
            return failWith("--level takes nominal, ordinal, interval or ratio", kExitUsage);
        request.level = *level;
    }
    for (const QString &r : parser.values(QStringLiteral("with")))
        request.extraRaters.push_back(str(r));
    request.split = str(parser.value(QStringLiteral("split")));
    if (parser.isSet(QStringLiteral("split")) && request.split != "dev" && request.split != "test")
        return failWith("--split takes dev or test", kExitUsage);
    bool ok = false;
    const long long resamples = parser.value(QStringLiteral("bootstrap")).toLongLong(&ok);
    if (!ok || resamples < 0 || resamples > 1000000)
        return failWith("--bootstrap takes a whole number from 0 to 1000000", kExitUsage);
    request.bootstrap = static_cast<std::size_t>(resamples);
    request.options.seed = parser.value(QStringLiteral("seed")).toULongLong(&ok);
    if (!ok)
        return failWith("--seed takes a whole number", kExitUsage);

    auto study = openForReading(str(parser.positionalArguments().at(0)));
    if (!study)
        return failWith(study.error().describe());
    const auto report = reports::computeAgreement(*study.value(), request);
    if (!report)
        return failWith(report.error().describe());
    const auto j = reports::toJson(report.value());
    if (parser.isSet(QStringLiteral("json"))) {
        std::cout << model::JsonText::dump(j, 2) << '\n';
        return 0;
    }
    const auto &r = report.value();
    // The level used: the one asked for, or the dimension's default.
    std::cout << "Krippendorff's alpha (" << stats::toString(r.alpha.level) << ") of " << r.raters.size()
              << " raters of group '" << request.group << "' on " << request.dimension
              << (request.split.empty() ? std::string() : ", " + request.split + " documents only") << ": ";
    if (r.alpha.defined())
        std::printf("%.4f", *r.alpha.alpha);
    else
        std::cout << "undefined (" << r.alpha.undefinedReason << ")";
    if (r.interval.defined())
        std::printf(", %.0f%% CI [%.4f, %.4f]", r.interval.confidence * 100, *r.interval.low, *r.interval.high);
    std::cout << "\n" << r.alpha.units << " pairable units, " << r.alpha.pairableValues << " pairable values\n";
    return 0;
}

} // namespace

const Command agreementCommand{
    .name = "agreement",
    .summary = "Krippendorff's alpha of a rater group on a dimension",
    .description = "Krippendorff's alpha of a rater group on one dimension (units: the candidates).",
    .run = run,
};

} // namespace concord::cli
