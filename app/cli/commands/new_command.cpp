// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli new: an empty study file.
#include "cli_support.h"
#include "command_table.h"

#include "store/study.h"

#include <QCommandLineParser>

#include <iostream>

namespace concord::cli {

namespace {

int run(const Arguments &arguments)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("STUDY"), QStringLiteral("The study file to create (*.concord)."));
    int code = 0;
    if (!parseCommandLine(parser, arguments, code))
        return code;
    if (parser.positionalArguments().size() != 1)
        return failWith("new takes exactly one STUDY (see concord-cli new --help)", kExitUsage);
    const std::string path = str(parser.positionalArguments().at(0));
    auto study = store::Study::create(path);
    if (!study)
        return failWith(study.error().describe());
    std::cout << "created " << path << '\n';
    return 0;
}

} // namespace

const Command newCommand{
    .name = "new",
    .summary = "create an empty study",
    .description = "Creates an empty study file.",
    .run = run,
};

} // namespace concord::cli
