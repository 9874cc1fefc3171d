// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli pull: a consistent snapshot of a study on PostgreSQL into a new study file.
#include "cli_support.h"
#include "command_table.h"
#include "progress_line.h"

#include "store/study_publisher.h"

#include <QCommandLineParser>

#include <iostream>
#include <string>

namespace concord::cli {

namespace {

int run(const Arguments &arguments)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(
        QStringLiteral("URI"),
        QStringLiteral("The database holding the study: a libpq URI or keyword string, without a password."));
    parser.addPositionalArgument(QStringLiteral("OUT"), QStringLiteral("The study file to write."));
    parser.addOption({QStringLiteral("force"), QStringLiteral("Replace OUT when it exists.")});
    parser.addOption({QStringLiteral("progress"),
                      QStringLiteral("Show the progress line even when stderr is not a terminal (on a terminal it "
                                     "is shown anyway).")});
    int code = 0;
    if (!parseCommandLine(parser, arguments, code))
        return code;
    const QStringList pos = parser.positionalArguments();
    if (pos.size() != 2)
        return failWith("pull takes a database URI and an OUT file (see concord-cli pull --help)", kExitUsage);
    const std::string connection = str(pos.at(0));
    const std::string out = str(pos.at(1));
    if (!requireConnection(connection, "pull: the database URI", code))
        return code;
    const bool force = parser.isSet(QStringLiteral("force"));
    ProgressLine progress(parser.isSet(QStringLiteral("progress")));
    const auto report = store::StudyPublisher::pull(connection, out, force, progress.rowCallback("pulling"));
    progress.clear();
    if (!report) {
        std::string message = report.error().describe();
        if (!force && message.find("already exists") != std::string::npos)
            message += " (--force replaces it)";
        return failWith(message);
    }
    std::cout << "pulled " << report.value().rows << " rows of " << report.value().tables << " tables into " << out
              << '\n';
    return 0;
}

} // namespace

const Command pullCommand{
    .name = "pull",
    .summary = "write a study on PostgreSQL to a study file (one consistent snapshot)",
    .description = "Writes the study a PostgreSQL database holds to a new study file, as one consistent snapshot; "
                   "the file appears only when complete.",
    .run = run,
};

} // namespace concord::cli
