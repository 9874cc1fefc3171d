// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli upgrade: brings a study written by an older Concord to today's study format, the way
// opening it for writing does (a backup first, then the migrations in one transaction), so that the
// commands that only read may read it.
#include "cli_support.h"
#include "command_table.h"

#include "store/database.h"
#include "store/study.h"

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
        return failWith("upgrade takes exactly one STUDY (see concord-cli upgrade --help)", kExitUsage);
    const std::string path = str(parser.positionalArguments().at(0));
    // The format before, read first: opening for writing upgrades it (a newer or foreign file is refused there).
    int before = 0;
    try {
        store::Database peek(path, store::Database::Mode::ReadOnly);
        before = static_cast<int>(peek.pragmaInt("user_version"));
    } catch (const Failure &) {
        // Opening for writing below says what is wrong with the file.
    }
    auto study = openForWriting(path);
    if (!study)
        return failWith(study.error().describe());
    const int now = study.value()->schemaVersion();
    // A team study was brought up to date, if it needed it, on the server by opening it.
    if (study.value()->isShared()) {
        std::cout << study.value()->displayName() << " is in study format " << now << '\n';
        return 0;
    }
    if (before == 0 || before == now) {
        // A team study is named without its password.
        std::cout << study.value()->displayName() << " is already in study format " << now << '\n';
        return 0;
    }
    std::cout << "upgraded " << path << " from study format " << before << " to " << now
              << " (the file as it was is kept as " << path << ".v" << before << ".bak)\n";
    return 0;
}

} // namespace

const Command upgradeCommand{
    .name = "upgrade",
    .summary = "bring a study written by an older Concord to today's study format",
    .description = "Upgrades a study file to the study format of this Concord, as opening it for writing does: a "
                   "copy of the file as it was is kept beside it as STUDY.vN.bak, then the format's changes run in "
                   "one transaction. The commands that only read a study need it in today's format.",
    .run = run,
};

} // namespace concord::cli
