// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli review queue / accept / reject / adjudicate / log: the review of the annotators' work, by the lead or,
// on a team study, by a reviewer's login.
#include "cli_support.h"
#include "command_table.h"

#include "reports/review_report.h"
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

const Command reviewSubcommand{
    .name = "review",
    .summary = "",
    .description = "Reviews the annotators' work. queue lists the documents people worked on, the most disputed "
                   "first (the mean, over summaries rated by two or more, of the ratings' range over the scale's); "
                   "accept or reject (with a comment, sent back to the annotator or --send-to another, whose "
                   "assignment gains the document) one annotator's work on a document; adjudicate stores the "
                   "final labels as the rater 'adjudicated' (group adjudicated: --human adjudicated in every "
                   "analysis); log lists every decision with who made it and when. On a team study a reviewer's "
                   "login (team add --role reviewer) may do all of it but adjudicate --value, which needs the "
                   "systems.",
    .run = nullptr,
};

// Who decides: a team study's login (its server records that whatever is given), else --reviewer.
std::optional<std::string> reviewerOf(const QCommandLineParser &parser, const std::string &study, int &code)
{
    if (parser.isSet(QStringLiteral("reviewer")))
        return str(parser.value(QStringLiteral("reviewer")).trimmed());
    if (store::isConnectionString(study)) {
        store::PgConnection connection(study);
        return store::PgTeam::login(connection).name;
    }
    code = failWith("a decision on a study file names its reviewer: --reviewer NAME", kExitUsage);
    return std::nullopt;
}

int queue(QCommandLineParser &parser, const std::string &target)
{
    int code = 0;
    const auto format = tableFormat(parser, code);
    if (!format)
        return code;
    reports::ReviewQueueRequest request;
    const QString by = parser.value(QStringLiteral("by"));
    if (by == QLatin1String("random"))
        request.order = reports::ReviewQueueRequest::Order::Random;
    else if (by == QLatin1String("annotator"))
        request.order = reports::ReviewQueueRequest::Order::Annotator;
    else if (!by.isEmpty() && by != QLatin1String("disagreement"))
        return failWith("--by takes disagreement, random or annotator, not '" + str(by) + "'", kExitUsage);
    if (parser.isSet(QStringLiteral("annotator")))
        request.annotator = str(parser.value(QStringLiteral("annotator")));
    if (parser.isSet(QStringLiteral("dimension")))
        request.dimension = str(parser.value(QStringLiteral("dimension")));
    const auto seed = numberOption(parser, QStringLiteral("seed"), code);
    if (code != 0)
        return code;
    if (seed)
        request.seed = static_cast<std::uint64_t>(*seed);
    request.decided = parser.isSet(QStringLiteral("all"));
    auto study = openForReading(target);
    if (!study)
        return failWith(study.error().message);
    const auto items = reports::reviewQueue(*study.value(), request);
    if (!items)
        return failWith(items.error().message);
    if (*format == "json") {
        std::cout << reports::toJson(items.value()).dump(2) << "\n";
        return 0;
    }
    io::Table table;
    table.header = {"document", "annotators", "disagreement", "cells", "status"};
    table.numeric = {false, false, true, true, false};
    for (const auto &item : items.value()) {
        std::string annotators;
        for (const auto &a : item.annotators)
            annotators.append(annotators.empty() ? "" : ", ").append(a);
        char number[32] = "";
        if (item.disagreement)
            std::snprintf(number, sizeof number, "%.3f", *item.disagreement);
        table.rows.push_back({item.externalId, annotators, number, std::to_string(item.cells), item.status});
    }
    printTable(table, *format);
    return 0;
}

int decide(QCommandLineParser &parser, const std::string &sub, const std::string &target, const QStringList &rest)
{
    int code = 0;
    if (rest.size() != 1)
        return failWith("review " + sub + " takes a STUDY and a DOCUMENT", kExitUsage);
    if (!parser.isSet(QStringLiteral("annotator")))
        return failWith("review " + sub + " needs --annotator NAME: whose work on the document", kExitUsage);
    const auto reviewer = reviewerOf(parser, target, code);
    if (!reviewer)
        return code;
    reports::ReviewDecision decision;
    decision.document = str(rest.at(0));
    decision.annotator = str(parser.value(QStringLiteral("annotator")));
    decision.decision = sub == "accept" ? "accepted" : "rejected";
    decision.comment = str(parser.value(QStringLiteral("comment")));
    if (parser.isSet(QStringLiteral("send-to")))
        decision.sendTo = str(parser.value(QStringLiteral("send-to")));
    decision.reviewer = *reviewer;
    auto study = openForWriting(target);
    if (!study)
        return failWith(study.error().message);
    const auto id = reports::recordDecision(*study.value(), decision);
    if (!id)
        return failWith(id.error().message);
    std::cout << decision.decision << " " << decision.annotator << "'s work on " << decision.document;
    if (decision.sendTo)
        std::cout << ", sent to " << *decision.sendTo;
    else if (decision.decision == "rejected")
        std::cout << ", sent back to " << decision.annotator;
    std::cout << "\n";
    return 0;
}

int adjudicate(QCommandLineParser &parser, const std::string &target, const QStringList &rest)
{
    int code = 0;
    if (rest.size() != 1)
        return failWith("review adjudicate takes a STUDY and a DOCUMENT", kExitUsage);
    if (!parser.isSet(QStringLiteral("dimension")))
        return failWith("review adjudicate needs --dimension D", kExitUsage);
    const auto reviewer = reviewerOf(parser, target, code);
    if (!reviewer)
        return code;
    reports::Adjudication a;
    a.document = str(rest.at(0));
    a.dimension = str(parser.value(QStringLiteral("dimension")));
    a.comment = str(parser.value(QStringLiteral("comment")));
    a.reviewer = *reviewer;
    if (parser.isSet(QStringLiteral("take")))
        a.take = str(parser.value(QStringLiteral("take")));
    for (const QString &value : parser.values(QStringLiteral("value"))) {
        const qsizetype equals = value.lastIndexOf(QLatin1Char('='));
        bool ok = false;
        const double number = equals > 0 ? value.mid(equals + 1).toDouble(&ok) : 0;
        if (!ok)
            return failWith("--value takes SYSTEM=LABEL, not '" + str(value) + "'", kExitUsage);
        a.values[str(value.left(equals))] = number;
    }
    auto study = openForWriting(target);
    if (!study)
        return failWith(study.error().message);
    const auto stored = reports::adjudicate(*study.value(), a);
    if (!stored)
        return failWith(stored.error().message);
    std::cout << "adjudicated " << stored.value() << " " << a.dimension << " labels of " << a.document
              << " (rater and group " << reports::kAdjudicated << ")\n";
    return 0;
}

int log(QCommandLineParser &parser, const std::string &target)
{
    int code = 0;
    const auto format = tableFormat(parser, code);
    if (!format)
        return code;
    auto study = openForReading(target);
    if (!study)
        return failWith(study.error().message);
    auto rows = capture([&] { return study.value()->reviews(); });
    if (!rows)
        return failWith(rows.error().message);
    std::map<model::Id, std::string> raters, documents;
    for (const auto &r : study.value()->raters())
        raters[r.id] = r.name;
    for (const auto &d : study.value()->documentSummariesWithoutJudgements())
        documents[d.id] = d.externalId;
    io::Table table;
    table.header = {"decided_at", "reviewer", "document", "annotator", "decision", "sent_to", "comment"};
    table.numeric = {false, false, false, false, false, false, false};
    for (const auto &r : rows.value())
        table.rows.push_back({r.decidedAt, r.reviewer, documents[r.document], raters[r.annotator], r.decision,
                              r.returnedTo ? raters[*r.returnedTo] : std::string(), r.comment});
    printTable(table, *format);
    return 0;
}

int run(const Arguments &arguments)
{
    const QStringList &args = arguments.list;
    const QString sub = args.size() > 1 ? args.at(1) : QString();
    static const QStringList subs{QStringLiteral("queue"), QStringLiteral("accept"), QStringLiteral("reject"),
                                  QStringLiteral("adjudicate"), QStringLiteral("log")};
    if (!subs.contains(sub)) {
        if (sub == QLatin1String("--help") || sub == QLatin1String("-h")) {
            std::cout << "Usage: concord-cli review queue STUDY [--by disagreement|random|annotator] "
                         "[--annotator A] [--dimension D] [--seed S] [--all] [--format ...]\n"
                         "       concord-cli review accept STUDY DOCUMENT --annotator A [--comment C]\n"
                         "       concord-cli review reject STUDY DOCUMENT --annotator A --comment C [--send-to B]\n"
                         "       concord-cli review adjudicate STUDY DOCUMENT --dimension D (--take A | --value "
                         "SYSTEM=LABEL ...) [--comment C]\n"
                         "       concord-cli review log STUDY [--format ...]\n\n"
                      << reviewSubcommand.description << "\n";
            return 0;
        }
        return failWith(sub.isEmpty() ? "review needs a subcommand: queue, accept, reject, adjudicate or log"
                                      : "unknown review subcommand '" + str(sub)
                                            + "': expected queue, accept, reject, adjudicate or log",
                        kExitUsage);
    }
    QStringList rest = args;
    rest.removeAt(1);
    rest[0] = QStringLiteral("concord-cli review ") + sub;
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("STUDY"), QStringLiteral("A study file or a team study's URI."));
    parser.addOptions({
        {QStringLiteral("by"), QStringLiteral("queue: disagreement (default), random or annotator."),
         QStringLiteral("ORDER")},
        {QStringLiteral("annotator"), QStringLiteral("Whose work."), QStringLiteral("NAME")},
        {QStringLiteral("dimension"), QStringLiteral("A Likert dimension."), QStringLiteral("D")},
        {QStringLiteral("seed"), QStringLiteral("queue --by random: the seed (default 1)."), QStringLiteral("S")},
        {QStringLiteral("all"), QStringLiteral("queue: also documents accepted or adjudicated.")},
        {QStringLiteral("comment"), QStringLiteral("What the reviewer says."), QStringLiteral("TEXT")},
        {QStringLiteral("send-to"), QStringLiteral("reject: send the document to this person instead."),
         QStringLiteral("NAME")},
        {QStringLiteral("take"), QStringLiteral("adjudicate: take this annotator's labels."), QStringLiteral("NAME")},
        {QStringLiteral("value"), QStringLiteral("adjudicate: a system's label (repeat)."),
         QStringLiteral("SYSTEM=LABEL")},
        {QStringLiteral("reviewer"), QStringLiteral("Who decides (a study file; a team study records the login)."),
         QStringLiteral("NAME")},
    });
    parser.addOption(tableFormatOption());
    int code = 0;
    Command command = reviewSubcommand;
    if (!parseCommandLine(parser, {command, rest}, code))
        return code;
    QStringList positional = parser.positionalArguments();
    if (positional.isEmpty())
        return failWith("review " + str(sub) + " takes a STUDY (see concord-cli review --help)", kExitUsage);
    const std::string target = str(positional.takeFirst());
    if (sub == QLatin1String("queue") || sub == QLatin1String("log")) {
        if (!positional.isEmpty())
            return failWith("review " + str(sub) + " takes only a STUDY", kExitUsage);
        return sub == QLatin1String("queue") ? queue(parser, target) : log(parser, target);
    }
    if (sub == QLatin1String("adjudicate"))
        return adjudicate(parser, target, positional);
    return decide(parser, str(sub), target, positional);
}

} // namespace

const Command reviewCommand{
    .name = "review",
    .summary = "review the annotators' work: a queue by disagreement, accept, reject and send back, adjudicate",
    .description = "Reviews the annotators' work (see concord-cli review --help).",
    .run = run,
};

} // namespace concord::cli
