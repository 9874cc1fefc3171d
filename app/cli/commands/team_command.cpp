// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli team add / team list: the people of a team study on PostgreSQL, their login roles and progress.
#include "cli_support.h"
#include "command_table.h"

#include "store/pg_connection.h"
#include "store/pg_team.h"

#include <QCommandLineParser>

#include <iostream>
#include <string>

namespace concord::cli {

namespace {

// Each subcommand parses as a command of its own, so its --help and errors name "concord-cli team add".
const Command teamAddCommand{
    .name = "team add",
    .summary = "",
    .description = "Adds a person to a team study on PostgreSQL: a login role without a password, granted "
                   "concord_annotator (or concord_lead with --lead), and the human rater of the same name.",
    .run = nullptr,
};

const Command teamListCommand{
    .name = "team list",
    .summary = "",
    .description = "Lists the human raters of a team study on PostgreSQL: group, login role, role and progress "
                   "(documents finished, answers given of those asked).",
    .run = nullptr,
};

// A study file where a database was meant is named as such; anything else libpq reads itself.
bool checkConnection(const QString &uri, int &code)
{
    return requireConnection(str(uri), "team works on a study on PostgreSQL: the URI", code);
}

int add(const QStringList &list)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("URI"),
                                 QStringLiteral("The study's database (libpq connection string)."));
    parser.addPositionalArgument(QStringLiteral("NAME"), QStringLiteral("The person's login role and rater name."));
    parser.addOptions({
        {QStringLiteral("group"), QStringLiteral("The rater's group, e.g. expert or crowd."), QStringLiteral("G")},
        {QStringLiteral("lead"), QStringLiteral("A lead (sees and changes everything) instead of an annotator.")},
    });
    int code = 0;
    if (!parseCommandLine(parser, {teamAddCommand, list}, code))
        return code;
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 2)
        return failWith("team add takes a URI and a NAME (see concord-cli team add --help)", kExitUsage);
    if (!checkConnection(positional.at(0), code))
        return code;
    const bool lead = parser.isSet(QStringLiteral("lead"));
    store::PgConnection connection(str(positional.at(0)));
    store::PgTeam::addMember(connection, str(positional.at(1)), str(parser.value(QStringLiteral("group"))),
                             lead ? store::TeamRole::Lead : store::TeamRole::Annotator);
    const std::string name = str(positional.at(1).trimmed());
    std::cout << "added " << (lead ? "lead" : "annotator") << " '" << name << "' to " << connection.display()
              << ": login role and human rater\n"
              << "no password is set: the database's administrator gives one (psql: \\password; or ALTER ROLE ... "
                 "PASSWORD), or the cluster lets '"
              << name << "' in by certificate or peer authentication\n";
    return 0;
}

int list(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("URI"),
                                 QStringLiteral("The study's database (libpq connection string)."));
    parser.addOption(tableFormatOption());
    int code = 0;
    if (!parseCommandLine(parser, {teamListCommand, arguments}, code))
        return code;
    if (parser.positionalArguments().size() != 1)
        return failWith("team list takes a URI (see concord-cli team list --help)", kExitUsage);
    const auto format = tableFormat(parser, code);
    if (!format)
        return code;
    if (!checkConnection(parser.positionalArguments().at(0), code))
        return code;
    store::PgConnection connection(str(parser.positionalArguments().at(0)));
    io::Table table;
    table.header = {"rater", "group", "login", "role", "documents", "finished", "started", "answered", "asked"};
    table.numeric = {false, false, false, false, true, true, true, true, true};
    bool groupsHidden = false;
    for (const store::TeamMember &m : store::PgTeam::list(connection)) {
        // An empty cell would read as "no group": say that the server keeps it from this login.
        groupsHidden = groupsHidden || !m.groupKnown;
        table.rows.push_back({m.name, m.groupKnown ? m.group : std::string("(lead only)"), m.login ? "yes" : "no",
                              m.role, std::to_string(m.documents), std::to_string(m.finished),
                              std::to_string(m.started), std::to_string(m.answered), std::to_string(m.asked)});
    }
    printTable(table, *format);
    if (groupsHidden)
        std::cerr << "note: an annotator's login may not read the raters' groups; a lead's team list shows them\n";
    return 0;
}

int run(const Arguments &arguments)
{
    const QStringList &args = arguments.list;
    const QString sub = args.size() > 1 ? args.at(1) : QString();
    if (sub == QLatin1String("add") || sub == QLatin1String("list")) {
        QStringList rest = args;
        rest.removeAt(1);
        rest[0] = QStringLiteral("concord-cli team ") + sub;
        return sub == QLatin1String("add") ? add(rest) : list(rest);
    }
    if (sub == QLatin1String("--help") || sub == QLatin1String("-h")) {
        std::cout << "Usage: concord-cli team add URI NAME [--group G] [--lead]\n"
                     "       concord-cli team list URI [--format table|json|csv|markdown|latex]\n\n"
                  << arguments.command.description
                  << "\n\nRun 'concord-cli team add --help' or 'concord-cli team "
                     "list --help' for their options.\n";
        return 0;
    }
    return failWith(sub.isEmpty() ? "team needs a subcommand: add or list (see concord-cli team --help)"
                                  : "unknown team subcommand '" + str(sub) + "': expected add or list",
                    kExitUsage);
}

} // namespace

const Command teamCommand{
    .name = "team",
    .summary = "people of a team study on PostgreSQL: add a login role and rater, list progress",
    .description = "Adds team members to a study on PostgreSQL (login role and rater) and lists their progress.",
    .run = run,
};

} // namespace concord::cli
