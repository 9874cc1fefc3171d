// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli split: a seeded held-out split of the documents into dev and test, stored in the study.
#include "cli_support.h"
#include "command_table.h"

#include "reports/split_report.h"
#include "store/study.h"

#include <QCommandLineParser>

#include <iostream>
#include <string>

namespace concord::cli {

namespace {

void printSplit(const reports::SplitReport &report, const std::string &format)
{
    if (format == "json") {
        std::cout << reports::toJson(report).dump(2) << "\n";
        return;
    }
    io::Table table;
    table.header = {"split", "documents"};
    table.numeric = {false, true};
    table.rows.push_back({"dev", std::to_string(report.dev)});
    table.rows.push_back({"test", std::to_string(report.test)});
    printTable(table, format);
    if (report.settings && report.settings->is_object())
        std::cout << "\nmade with --dev " << report.settings->value("dev", 0.0) << " --seed "
                  << report.settings->value("seed", std::uint64_t(0)) << " at "
                  << report.settings->value("made_at", std::string()) << "\n";
    if (report.moved > 0)
        std::cout << report.moved << (report.moved == 1 ? " document" : " documents") << " moved to the other split, "
                  << report.movedWithWork << " of them with judgements on them\n";
}

int run(const Arguments &arguments)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("STUDY"),
                                 QStringLiteral("The study file or a team study's database (as its lead)."));
    parser.addOptions({
        {QStringLiteral("dev"), QStringLiteral("Share of the documents in dev, 0 to 1 (the rest are test)."),
         QStringLiteral("F")},
        {QStringLiteral("seed"), QStringLiteral("Seed of the random order (default 1)."), QStringLiteral("S")},
        {QStringLiteral("force"),
         QStringLiteral("Move documents with judgements on them to the other split (refused without it).")},
        {QStringLiteral("show"), QStringLiteral("Print the stored split and change nothing.")},
    });
    parser.addOption(tableFormatOption());
    int code = 0;
    if (!parseCommandLine(parser, arguments, code))
        return code;
    if (parser.positionalArguments().size() != 1)
        return failWith("split takes exactly one STUDY (see concord-cli split --help)", kExitUsage);
    const auto format = tableFormat(parser, code);
    if (!format)
        return code;
    const std::string target = str(parser.positionalArguments().at(0));
    if (parser.isSet(QStringLiteral("show"))) {
        for (const char *option : {"dev", "seed", "force"})
            if (parser.isSet(QLatin1String(option)))
                return failWith("--show changes nothing and takes no --" + std::string(option), kExitUsage);
        auto study = openForReading(target);
        if (!study)
            return failWith(study.error().message);
        auto report = reports::readSplit(*study.value());
        if (!report)
            return failWith(report.error().message);
        printSplit(report.value(), *format);
        return 0;
    }
    if (!parser.isSet(QStringLiteral("dev")))
        return failWith("split needs --dev F, the share of the documents in dev (see concord-cli split --help)",
                        kExitUsage);
    const auto dev = numberOption(parser, QStringLiteral("dev"), code);
    const auto seed = numberOption(parser, QStringLiteral("seed"), code);
    if (code != 0)
        return code;
    if (!dev || !(*dev >= 0 && *dev <= 1))
        return failWith("--dev takes a share from 0 to 1", kExitUsage);
    if (seed && (*seed < 0 || *seed != static_cast<double>(static_cast<long long>(*seed))))
        return failWith("--seed takes a whole number, 0 or more", kExitUsage);
    reports::SplitRequest request;
    request.dev = *dev;
    if (seed)
        request.seed = static_cast<std::uint64_t>(*seed);
    request.force = parser.isSet(QStringLiteral("force"));
    auto study = openForWriting(target);
    if (!study)
        return failWith(study.error().message);
    auto report = reports::splitDocuments(*study.value(), request);
    if (!report)
        return failWith(report.error().message);
    printSplit(report.value(), *format);
    return 0;
}

} // namespace

const Command splitCommand{
    .name = "split",
    .summary = "split the documents into dev and test, seeded, stored in the study",
    .description = "Splits the documents into dev and test: a share F of them, in a seeded random order, to dev, "
                   "the rest to test. The split replaces any before it, but a document with judgements on it "
                   "is moved to the other split only with --force; stats --split then reads one of them.",
    .run = run,
};

} // namespace concord::cli
