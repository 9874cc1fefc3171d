// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

namespace concord::cli {

struct Command;

// One invocation: the command the user named and its arguments, "concord-cli NAME" first (so the
// command's parser names it in errors and help).
struct Arguments {
    const Command &command;
    QStringList list;
};

// A subcommand of concord-cli. Each lives in commands/ and is listed in command_table.cpp, so a
// new command is one more file and one more line there.
struct Command {
    const char *name;                       // as typed: concord-cli NAME
    const char *summary;                    // its line in concord-cli --help
    const char *description;                // the first line of concord-cli NAME --help
    int (*run)(const Arguments &arguments); // the exit code
};

} // namespace concord::cli
