// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli check: SQLite's integrity and foreign key checks, the schema check and the data rules of a
// study file; the format, the server's rules and the data rules of a team study.
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
    parser.addPositionalArgument(QStringLiteral("STUDY"),
                                 QStringLiteral("The study file, or a team study's postgresql:// URI."));
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
    // A team study is named without its password.
    const std::string name = report.value().name.empty() ? path : report.value().name;
    if (problems.empty()) {
        std::cout << name
                  << (report.value().shared
                          ? ": no problem found (format, the server's data rules and every row checked)\n"
                          : ": no damage found (integrity, foreign keys, schema and data rules checked)\n");
        return 0;
    }
    // Each problem goes to standard output; the error stays one line.
    for (const auto &problem : problems)
        std::cout << problem << '\n';
    return failWith(name + " is damaged: " + std::to_string(problems.size()) + " problem"
                        + (problems.size() == 1 ? "" : "s") + " (listed on standard output)",
                    kExitDamaged);
}

} // namespace

const Command checkCommand{
    .name = "check",
    .summary = "check a study for damage (integrity, foreign keys, schema, data rules)",
    .description = "Checks a study without changing it. A study file: SQLite's integrity and foreign key checks, "
                   "every table, column, index and trigger of the study format, then every stored judgement "
                   "against the data rules (a rating inside its scale and, a person's, on a labelled point; "
                   "ranks from 1 to the number of the document's summaries; an error span inside its summary "
                   "quoting it; a content unit of the document; a pairwise verdict within one document; an "
                   "explanation's dimension). A team study (postgresql:// URI): its format, that the server keeps "
                   "the data rules, and every row against them. Exit 0 if no damage is found, 3 if the study is "
                   "damaged (each problem on standard output, by table and row).",
    .run = run,
};

} // namespace concord::cli
