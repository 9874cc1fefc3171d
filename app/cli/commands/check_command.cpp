// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli check: SQLite's integrity and foreign key checks and the schema check of a study.
#include "cli_support.h"
#include "command_table.h"

#include "store/study_check.h"

#include <QCommandLineParser>

#include <iostream>
#include <string>

namespace concord::cli {

namespace {

int run(const Arguments &arguments)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("STUDY"), QStringLiteral("The study file."));
    int code = 0;
    if (!parseCommandLine(parser, arguments, code))
        return code;
    if (parser.positionalArguments().size() != 1)
        return failWith("check takes exactly one STUDY (see concord-cli check --help)", kExitUsage);
    const std::string path = str(parser.positionalArguments().at(0));
    auto report = store::StudyCheck::run(path);
    if (!report)
        return failWith(report.error().describe());
    const auto &problems = report.value().problems;
    if (problems.empty()) {
        std::cout << path << ": no damage found (integrity, foreign keys and schema checked)\n";
        return 0;
    }
    // Each problem goes to standard output; the error stays one line.
    for (const auto &problem : problems)
        std::cout << problem << '\n';
    return failWith(path + " is damaged: " + std::to_string(problems.size()) + " problem"
                        + (problems.size() == 1 ? "" : "s") + " (listed on standard output)",
                    kExitDamaged);
}

} // namespace

const Command checkCommand{
    .name = "check",
    .summary = "check a study file for damage (integrity, foreign keys, schema)",
    .description = "Checks a study file without changing it: SQLite's integrity and foreign key checks, then "
                   "every table, column and index of the study format. Exit 0 if no damage is found, 3 if "
                   "the study is damaged (each problem on standard output).",
    .run = run,
};

} // namespace concord::cli
