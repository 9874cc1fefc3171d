// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli demo: a study holding Concord's demo, compiled into the program.
#include "cli_support.h"
#include "command_table.h"

#include "demo_study.h"

#include <QCommandLineParser>

#include <iostream>

namespace concord::cli {

namespace {

int run(const Arguments &arguments)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("STUDY"), QStringLiteral("The study file to create."));
    int code = 0;
    if (!parseCommandLine(parser, arguments, code))
        return code;
    if (parser.positionalArguments().size() != 1)
        return failWith("demo takes exactly one STUDY (see concord-cli demo --help)", kExitUsage);
    const std::string path = str(parser.positionalArguments().at(0));
    auto report = resources::createDemoStudy(path);
    if (!report)
        return failWith(report.error().describe());
    std::cout << "created " << path << ": " << describeReport(report.value()) << '\n';
    return 0;
}

} // namespace

const Command demoCommand{
    .name = "demo",
    .summary = "create the demo study",
    .description = "Creates a study holding Concord's demo: articles with requirements, four systems, "
                   "ratings, rankings with ties, error spans and explanations.",
    .run = run,
};

} // namespace concord::cli
