// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli team add / team list / team assign: the people of a team study on PostgreSQL, their login roles and
// progress, and which documents each annotates.
#include "cli_support.h"
#include "command_table.h"

#include "reports/assignment_report.h"
#include "reports/team_progress.h"
#include "store/connection_uri.h"
#include "store/pg_connection.h"
#include "store/pg_team.h"
#include "store/study.h"

#include <QCommandLineParser>

#include <cstdio>
#include <iostream>
#include <string>

namespace concord::cli {

namespace {

// Each subcommand parses as a command of its own, so its --help and errors name "concord-cli team add".
const Command teamAddCommand{
    .name = "team add",
    .summary = "",
    .description = "Adds a person to a team study on PostgreSQL: a login role without a password, granted "
                   "concord_annotator, concord_reviewer or concord_lead (--role; --lead is --role lead), and the "
                   "human rater of the same name. A reviewer reads everyone's work and records review decisions "
                   "and adjudicated labels, but annotates nothing and is given no documents.",
    .run = nullptr,
};

const Command teamListCommand{
    .name = "team list",
    .summary = "",
    .description = "Lists the human raters of a team study on PostgreSQL: group, login role, role and progress "
                   "(documents finished, answers given of those asked).",
    .run = nullptr,
};

const Command teamAssignCommand{
    .name = "team assign",
    .summary = "",
    .description = "Assigns the study's documents to its annotators: each document to K of them (the overlap "
                   "agreement is measured on), balanced, seeded, with an optional share every annotator gets (a "
                   "calibration set). Work done is kept: a document someone has judged stays theirs. The "
                   "annotators are the team's members with the annotator role (a study file: its people), or "
                   "those named. The assignment replaces any before it; each annotator's Next Unfinished "
                   "follows it.",
    .run = nullptr,
};

const Command teamProgressCommand{
    .name = "team progress",
    .summary = "",
    .description = "The study lead's view of the team: per person the documents assigned, those finished (every "
                   "answer the annotation plan asks given), the documents with work, review outcomes (each "
                   "document by its latest decision), and how they label a Likert dimension beside their group "
                   "(as concord-cli annotators: alpha without them, r with the others' mean, MACE competence). "
                   "Time per document and throughput come from the times of the edits the Annotate view saved: "
                   "each person's edits in time order, the time between two counted towards the later edit's "
                   "document, a pause longer than --idle-minutes a break that counts for nothing (the document "
                   "read after it has no known time; a break inside a document leaves it timed, the break left out); "
                   "the median is over documents with a known time. Throughput counts each document a person "
                   "finished once, in the hour (or day) of its last edit. "
                   "Reads everyone's work: a lead's or a study file's.",
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
        {QStringLiteral("role"),
         QStringLiteral("annotator (default), reviewer (reviews everyone's work) or lead (sees and changes "
                        "everything)."),
         QStringLiteral("ROLE")},
        {QStringLiteral("lead"), QStringLiteral("A lead: the same as --role lead.")},
    });
    int code = 0;
    if (!parseCommandLine(parser, {teamAddCommand, list}, code))
        return code;
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 2)
        return failWith("team add takes a URI and a NAME (see concord-cli team add --help)", kExitUsage);
    if (!checkConnection(positional.at(0), code))
        return code;
    std::string role = parser.isSet(QStringLiteral("role")) ? str(parser.value(QStringLiteral("role")).trimmed())
                                                            : std::string("annotator");
    if (parser.isSet(QStringLiteral("lead"))) {
        if (parser.isSet(QStringLiteral("role")) && role != "lead")
            return failWith("--lead and --role " + role + " name two roles: give one", kExitUsage);
        role = "lead";
    }
    if (role != "annotator" && role != "reviewer" && role != "lead")
        return failWith("--role takes annotator, reviewer or lead, not '" + role + "'", kExitUsage);
    const store::TeamRole teamRole = role == "lead"       ? store::TeamRole::Lead
                                     : role == "reviewer" ? store::TeamRole::Reviewer
                                                          : store::TeamRole::Annotator;
    store::PgConnection connection(str(positional.at(0)));
    store::PgTeam::addMember(connection, str(positional.at(1)), str(parser.value(QStringLiteral("group"))), teamRole);
    const std::string name = str(positional.at(1).trimmed());
    std::cout << "added " << role << " '" << name << "' to " << connection.display() << ": login role and human rater\n"
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

void printAssignment(const reports::AssignmentReport &report, const std::string &format)
{
    if (format == "json") {
        std::cout << reports::toJson(report).dump(2) << "\n";
        return;
    }
    io::Table table;
    table.header = {"annotator", "documents", "calibration", "kept"};
    table.numeric = {false, true, true, true};
    for (const auto &a : report.annotators)
        table.rows.push_back(
            {a.name, std::to_string(a.documents), std::to_string(a.calibration), std::to_string(a.kept)});
    printTable(table, format);
    std::cout << "\n" << report.documents << " documents";
    for (const auto &[annotators, documents] : report.documentsByOverlap)
        std::cout << (annotators == 0 ? "; " : ", ") << documents << " with " << annotators
                  << (annotators == 1 ? " annotator" : " annotators");
    std::cout << "; " << report.calibration << " in the calibration set\n";
}

int assign(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(
        QStringLiteral("STUDY"),
        QStringLiteral("The team study's database (libpq connection string) or a study file."));
    parser.addOptions({
        {QStringLiteral("per-document"), QStringLiteral("Annotators per document (default 2)."), QStringLiteral("K")},
        {QStringLiteral("everyone"), QStringLiteral("Share of the documents every annotator gets, 0 to 1 (default 0)."),
         QStringLiteral("F")},
        {QStringLiteral("seed"), QStringLiteral("Seed of the random order (default 1)."), QStringLiteral("S")},
        {QStringLiteral("annotator"), QStringLiteral("An annotator to assign to (repeat; default: all)."),
         QStringLiteral("NAME")},
        {QStringLiteral("group"), QStringLiteral("Only the people of this group."), QStringLiteral("G")},
        {QStringLiteral("show"), QStringLiteral("Print the stored assignment and change nothing.")},
    });
    parser.addOption(tableFormatOption());
    int code = 0;
    if (!parseCommandLine(parser, {teamAssignCommand, arguments}, code))
        return code;
    if (parser.positionalArguments().size() != 1)
        return failWith("team assign takes a STUDY (see concord-cli team assign --help)", kExitUsage);
    const auto format = tableFormat(parser, code);
    if (!format)
        return code;
    const std::string target = str(parser.positionalArguments().at(0));
    if (parser.isSet(QStringLiteral("show"))) {
        auto study = openForReading(target);
        if (!study)
            return failWith(study.error().message);
        auto report = reports::readAssignment(*study.value());
        if (!report)
            return failWith(report.error().message);
        printAssignment(report.value(), *format);
        return 0;
    }
    reports::AssignmentRequest request;
    const auto perDocument = numberOption(parser, QStringLiteral("per-document"), code);
    const auto everyone = numberOption(parser, QStringLiteral("everyone"), code);
    const auto seed = numberOption(parser, QStringLiteral("seed"), code);
    if (code != 0)
        return code;
    if (perDocument && (*perDocument < 1 || *perDocument != static_cast<double>(static_cast<long long>(*perDocument))))
        return failWith("--per-document takes a whole number of annotators, 1 or more", kExitUsage);
    if (seed && (*seed < 0 || *seed != static_cast<double>(static_cast<long long>(*seed))))
        return failWith("--seed takes a whole number, 0 or more", kExitUsage);
    if (perDocument)
        request.perDocument = static_cast<std::size_t>(*perDocument);
    if (everyone)
        request.everyone = *everyone;
    if (seed)
        request.seed = static_cast<std::uint64_t>(*seed);
    for (const QString &name : parser.values(QStringLiteral("annotator")))
        request.annotators.push_back(str(name.trimmed()));
    if (parser.isSet(QStringLiteral("group")))
        request.group = str(parser.value(QStringLiteral("group")).trimmed());
    // A team's annotators are its members with the annotator role: the lead is a person of the study too,
    // but leads the work rather than taking a share of it.
    if (request.annotators.empty() && store::isConnectionString(target)) {
        store::PgConnection connection(target);
        for (const store::TeamMember &m : store::PgTeam::list(connection))
            if (m.role == "annotator" && (!request.group || m.group == *request.group))
                request.annotators.push_back(m.name);
        if (request.annotators.empty())
            return failWith("the team has no annotators" + (request.group ? " in group '" + *request.group + "'" : "")
                            + " to assign documents to (add them with: concord-cli team add URI NAME)");
    }
    auto study = openForWriting(target);
    if (!study)
        return failWith(study.error().message);
    auto report = reports::assignDocuments(*study.value(), request);
    if (!report)
        return failWith(report.error().message);
    printAssignment(report.value(), *format);
    return 0;
}

std::string cell(const std::optional<double> &value)
{
    if (!value)
        return {};
    char text[32];
    std::snprintf(text, sizeof text, "%.3f", *value);
    return text;
}

// 95 -> "1:35": a time per document reads as minutes and seconds.
std::string minutesAndSeconds(double seconds)
{
    const auto whole = static_cast<long long>(seconds + 0.5);
    const long long rest = whole % 60;
    return std::to_string(whole / 60) + (rest < 10 ? ":0" : ":") + std::to_string(rest);
}

int progress(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(
        QStringLiteral("STUDY"),
        QStringLiteral("The team study's database (libpq connection string) or a study file."));
    parser.addOptions({
        {QStringLiteral("group"), QStringLiteral("The human group whose quality is shown (default: the first)."),
         QStringLiteral("G")},
        {QStringLiteral("dimension"), QStringLiteral("The Likert dimension it is shown on (default: the first)."),
         QStringLiteral("D")},
        {QStringLiteral("idle-minutes"),
         QStringLiteral("A pause between two edits longer than this is a break, not work (default 10)."),
         QStringLiteral("M"), QStringLiteral("10")},
        {QStringLiteral("per"), QStringLiteral("Throughput per hour or per day (default hour)."), QStringLiteral("P"),
         QStringLiteral("hour")},
        {QStringLiteral("format"), QStringLiteral("text or json (default text)."), QStringLiteral("F"),
         QStringLiteral("text")},
    });
    int code = 0;
    if (!parseCommandLine(parser, {teamProgressCommand, arguments}, code))
        return code;
    bool idleOk = false;
    const double idleMinutes = parser.value(QStringLiteral("idle-minutes")).toDouble(&idleOk);
    // Breaks are whole seconds: a limit that rounds to none would make every pause a break.
    if (!idleOk || !(idleMinutes * 60 >= 0.5) || idleMinutes > 24 * 60)
        return failWith("--idle-minutes must be a number of minutes of at least a second (0.01), up to a day",
                        kExitUsage);
    const QString per = parser.value(QStringLiteral("per"));
    if (per != QLatin1String("hour") && per != QLatin1String("day"))
        return failWith("unknown --per '" + str(per) + "' (expected hour or day)", kExitUsage);
    if (parser.positionalArguments().size() != 1)
        return failWith("team progress takes a STUDY (see concord-cli team progress --help)", kExitUsage);
    const std::string format = str(parser.value(QStringLiteral("format")));
    if (format != "text" && format != "json")
        return failWith("unknown --format '" + format + "' (expected text or json)", kExitUsage);
    reports::TeamProgressRequest request;
    request.group = str(parser.value(QStringLiteral("group")).trimmed());
    request.dimension = str(parser.value(QStringLiteral("dimension")).trimmed());
    request.times.idleSeconds = static_cast<std::int64_t>(idleMinutes * 60 + 0.5);
    request.times.bucketSeconds = per == QLatin1String("day") ? 86400 : 3600;
    auto study = openForReading(str(parser.positionalArguments().at(0)));
    if (!study)
        return failWith(study.error().describe());
    const auto report = reports::computeTeamProgress(*study.value(), request);
    if (!report)
        return failWith(report.error().describe());
    const reports::TeamProgress &r = report.value();
    if (format == "json") {
        std::cout << reports::toJson(r).dump(2) << "\n";
        return 0;
    }
    io::Table table;
    table.header = {"annotator", "group",       "assigned",      "done",          "progress",   "worked",  "accepted",
                    "rejected",  "adjudicated", "alpha without", "r with others", "competence", "time/doc"};
    table.numeric = {false, false, true, true, true, true, true, true, true, true, true, true, true};
    for (const reports::TeamMemberProgress &m : r.annotators) {
        const auto &q = m.quality;
        table.rows.push_back({m.name, m.group, std::to_string(m.assigned), std::to_string(m.assignedFinished),
                              m.progress() ? std::to_string(static_cast<int>(*m.progress() * 100 + 0.5)) + "%" : "",
                              std::to_string(m.worked), std::to_string(m.accepted), std::to_string(m.rejected),
                              std::to_string(m.adjudicated), cell(q ? q->alphaWithout : std::nullopt),
                              cell(q ? q->correlationWithOthers : std::nullopt), cell(q ? q->competence : std::nullopt),
                              m.time && m.time->medianSecondsPerDocument
                                  ? minutesAndSeconds(*m.time->medianSecondsPerDocument)
                                  : std::string()});
    }
    printTable(table, "table");
    std::cout << "\n"
              << r.documents << " documents; quality of group '" << r.request.group << "' on " << r.request.dimension;
    if (!r.qualityWhy.empty())
        std::cout << ": not computed (" << r.qualityWhy << ")";
    else if (r.groupAlpha)
        std::cout << ": the group's alpha "
                  << (r.groupAlpha->alpha ? cell(r.groupAlpha->alpha)
                                          : "undefined (" + r.groupAlpha->undefinedReason + ")");
    std::cout << "\ndone: assigned documents finished (every answer asked given); review: each document by its "
                 "latest decision\n";
    if (!r.maceWhy.empty())
        std::cout << "competence not estimated: " << r.maceWhy << "\n";
    std::cout << "time/doc: the median over documents with a known time (breaks over "
              << request.times.idleSeconds / 60.0 << " min left out)\n";
    if (!r.throughput.empty()) {
        std::cout << "documents finished per " << str(per) << " (the team, by each person's last edit):";
        for (const nlohmann::json &bucket : reports::toJson(r.throughput))
            std::cout << "\n  " << bucket.at("start").get<std::string>() << "  " << bucket.at("documents").get<int>();
        std::cout << "\n";
    }
    return 0;
}

int run(const Arguments &arguments)
{
    const QStringList &args = arguments.list;
    const QString sub = args.size() > 1 ? args.at(1) : QString();
    if (sub == QLatin1String("progress")) {
        QStringList rest = args;
        rest.removeAt(1);
        rest[0] = QStringLiteral("concord-cli team progress");
        return progress(rest);
    }
    if (sub == QLatin1String("add") || sub == QLatin1String("list") || sub == QLatin1String("assign")) {
        QStringList rest = args;
        rest.removeAt(1);
        rest[0] = QStringLiteral("concord-cli team ") + sub;
        return sub == QLatin1String("add") ? add(rest) : sub == QLatin1String("list") ? list(rest) : assign(rest);
    }
    if (sub == QLatin1String("--help") || sub == QLatin1String("-h")) {
        std::cout << "Usage: concord-cli team add URI NAME [--group G] [--role annotator|reviewer|lead] [--lead]\n"
                     "       concord-cli team list URI [--format table|json|csv|markdown|latex]\n"
                     "       concord-cli team assign STUDY [--per-document K] [--everyone F] [--seed S] "
                     "[--annotator NAME]... [--group G] [--show] [--format ...]\n"
                     "       concord-cli team progress STUDY [--group G] [--dimension D] [--idle-minutes M] [--per "
                     "hour|day]\n"
                     "                                 [--format text|json]\n\n"
                  << arguments.command.description
                  << "\n\nRun 'concord-cli team add --help', 'concord-cli team list --help', 'concord-cli team "
                     "assign --help' or 'concord-cli team progress --help' for their options.\n";
        return 0;
    }
    return failWith(sub.isEmpty()
                        ? "team needs a subcommand: add, list, assign or progress (see concord-cli team --help)"
                        : "unknown team subcommand '" + str(sub) + "': expected add, list, assign or progress",
                    kExitUsage);
}

} // namespace

const Command teamCommand{
    .name = "team",
    .summary = "people of a team study on PostgreSQL: add a login role and rater, list progress, assign documents, "
               "the lead's progress and quality per person",
    .description = "Adds team members to a study on PostgreSQL (login role and rater), lists their progress, and "
                   "assigns the documents to the annotators.",
    .run = run,
};

} // namespace concord::cli
