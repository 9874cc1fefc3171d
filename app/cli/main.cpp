// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli: everything Concord does, headless. Wiring only: parse arguments, call core, print.
// Exit 0 on success; on failure one clear line on stderr and a non-zero exit. Each command is a
// file in commands/, found through the table in command_table.cpp. Nothing a command throws escapes:
// a damaged study met deep inside a read is still one line and kExitFailure, never an abort.
#include "cli_support.h"
#include "command_table.h"

#include <QCoreApplication>

#include <cstdio>
#include <exception>
#include <iostream>

using namespace concord::cli;

namespace {

void printUsage()
{
    std::cout << "Usage: concord-cli COMMAND [OPTIONS]\n\n"
                 "Concord without a window: studies, imports, exports, statistics and judges.\n\nCommands:\n";
    for (const Command *command : commandTable())
        std::printf("  %-20s %s\n", command->name, command->summary);
    std::cout << "\nRun 'concord-cli COMMAND --help' for the options of one command.\n";
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("concord-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(CONCORD_VERSION));
    QStringList args = QCoreApplication::arguments();
    if (args.size() < 2 || args.at(1) == QLatin1String("--help") || args.at(1) == QLatin1String("-h")) {
        printUsage();
        return args.size() < 2 ? kExitUsage : 0;
    }
    if (args.at(1) == QLatin1String("--version")) {
        std::cout << "concord-cli " << CONCORD_VERSION << '\n';
        return 0;
    }
    const QString name = args.at(1);
    const Command *command = findCommand(str(name));
    if (!command)
        return failWith("unknown command '" + str(name) + "' (see concord-cli --help)", kExitUsage);
    // The command's parser sees "concord-cli NAME ARGS...", so its help names it.
    args.removeAt(1);
    args[0] = QStringLiteral("concord-cli ") + name;
    try {
        return command->run({*command, args});
    } catch (const concord::Failure &failure) {
        return failWith(failure.error().describe());
    } catch (const std::exception &e) {
        return failWith(e.what());
    } catch (...) {
        return failWith("an unexpected error stopped " + str(name));
    }
}
