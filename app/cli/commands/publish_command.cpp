// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli publish: a file study into an empty PostgreSQL database, all or nothing, for a team.
#include "cli_support.h"
#include "command_table.h"
#include "progress_line.h"

#include "store/connection_uri.h"
#include "store/study_publisher.h"

#include <QCommandLineParser>

#include <iostream>
#include <string>

namespace concord::cli {

namespace {

int run(const Arguments &arguments)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("STUDY"), QStringLiteral("The study file to publish (only read)."));
    parser.addPositionalArgument(
        QStringLiteral("URI"),
        QStringLiteral("The empty database: a libpq URI (postgresql://user@host/db?sslmode=require) or keyword "
                       "string. Give no password in it: libpq reads ~/.pgpass, PGPASSWORD or a service file."));
    parser.addOption({QStringLiteral("progress"),
                      QStringLiteral("Show the progress line even when stderr is not a terminal (on a terminal it "
                                     "is shown anyway).")});
    int code = 0;
    if (!parseCommandLine(parser, arguments, code))
        return code;
    const QStringList pos = parser.positionalArguments();
    if (pos.size() != 2)
        return failWith("publish takes a STUDY and a database URI (see concord-cli publish --help)", kExitUsage);
    const std::string study = str(pos.at(0));
    const std::string connection = str(pos.at(1));
    if (!requireConnection(connection, "publish: the database URI", code))
        return code;
    ProgressLine progress(parser.isSet(QStringLiteral("progress")));
    const auto report = store::StudyPublisher::publish(study, connection, progress.rowCallback("publishing"));
    progress.clear();
    if (!report)
        return failWith(report.error().describe() + " (nothing was published)");
    std::cout << "published " << report.value().rows << " rows of " << report.value().tables << " tables to "
              << store::withoutPassword(connection) << '\n';
    return 0;
}

} // namespace

const Command publishCommand{
    .name = "publish",
    .summary = "copy a study file into an empty PostgreSQL database for a team",
    .description = "Copies a study file into an empty PostgreSQL database, all or nothing: every table with its ids, "
                   "and the team's access rules (roles concord_lead and concord_annotator).",
    .run = run,
};

} // namespace concord::cli
