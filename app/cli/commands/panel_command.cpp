// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli panel: a judge whose scores combine several judges', kept in the study, and recomputed.
#include "cli_support.h"
#include "command_table.h"

#include "reports/judge_panel.h"
#include "store/study.h"

#include <QCommandLineParser>

#include <iostream>
#include <string>

namespace concord::cli {

namespace {

void printReport(const reports::PanelReport &r)
{
    std::cout << "panel '" << r.request.name << "' (" << stats::toString(r.request.combine) << " of";
    for (std::size_t m = 0; m < r.request.members.size(); ++m) {
        std::cout << (m == 0 ? " '" : ", '") << r.request.members[m] << "'";
        if (r.request.weights[m] != 1.0)
            std::cout << " weight " << r.request.weights[m];
    }
    std::cout << "):\n";
    io::Table table;
    table.header = {"dimension", "gives", "given", "left out: a member's missing", "left out: votes tied"};
    table.numeric = {false, false, true, true, true};
    for (const reports::PanelDimension &d : r.dimensions)
        table.rows.push_back(
            {d.dimension, d.gives, std::to_string(d.scored), std::to_string(d.incomplete), std::to_string(d.tied)});
    printTable(table, "table");
}

int run(const Arguments &arguments)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("STUDY"),
                                 QStringLiteral("The study file or a team study's database (as its lead)."));
    parser.addOptions({
        {QStringLiteral("name"), QStringLiteral("The panel's name, a judge's name of its own."),
         QStringLiteral("NAME")},
        {QStringLiteral("member"), QStringLiteral("A judge of the panel (two or more; repeat)."),
         QStringLiteral("JUDGE")},
        {QStringLiteral("weight"),
         QStringLiteral("A member's weight, above 0 (one per member, in the members' order; default 1 each)."),
         QStringLiteral("W")},
        {QStringLiteral("combine"), QStringLiteral("mean, median or majority (default mean)."), QStringLiteral("C"),
         QStringLiteral("mean")},
        {QStringLiteral("refresh"),
         QStringLiteral("Recompute every panel of the study from its members' scores as they are now.")},
        {QStringLiteral("format"), QStringLiteral("text or json (default text)."), QStringLiteral("F"),
         QStringLiteral("text")},
    });
    int code = 0;
    if (!parseCommandLine(parser, arguments, code))
        return code;
    const bool refresh = parser.isSet(QStringLiteral("refresh"));
    if (parser.positionalArguments().size() != 1 || refresh == parser.isSet(QStringLiteral("name"))
        || (refresh && (parser.isSet(QStringLiteral("member")) || parser.isSet(QStringLiteral("weight")))))
        return failWith("panel takes a STUDY and either --name NAME with --member JUDGE twice or more, or --refresh "
                        "(see concord-cli panel --help)",
                        kExitUsage);
    const std::string format = str(parser.value(QStringLiteral("format")));
    if (format != "text" && format != "json")
        return failWith("unknown --format '" + format + "' (expected text or json)", kExitUsage);
    reports::PanelRequest request;
    if (!refresh) {
        request.name = str(parser.value(QStringLiteral("name")).trimmed());
        for (const QString &member : parser.values(QStringLiteral("member")))
            request.members.push_back(str(member));
        for (const QString &text : parser.values(QStringLiteral("weight"))) {
            bool ok = false;
            const double weight = text.toDouble(&ok);
            if (!ok || !(weight > 0) || !std::isfinite(weight))
                return failWith("--weight takes a number above 0, not '" + str(text) + "'", kExitUsage);
            request.weights.push_back(weight);
        }
        if (!request.weights.empty() && request.weights.size() != request.members.size())
            return failWith("give one --weight per --member (" + std::to_string(request.members.size()) + "), or none",
                            kExitUsage);
        const auto combine = stats::panelCombineFromString(str(parser.value(QStringLiteral("combine"))));
        if (!combine)
            return failWith("unknown --combine '" + str(parser.value(QStringLiteral("combine")))
                                + "' (expected mean, median or majority)",
                            kExitUsage);
        request.combine = *combine;
    }

    auto study = openForWriting(str(parser.positionalArguments().at(0)));
    if (!study)
        return failWith(study.error().describe());
    std::vector<reports::PanelReport> reports;
    if (refresh) {
        auto refreshed = reports::refreshPanels(*study.value());
        if (!refreshed)
            return failWith(refreshed.error().describe());
        reports = std::move(refreshed.value());
    } else {
        auto formed = reports::formPanel(*study.value(), request);
        if (!formed)
            return failWith(formed.error().describe());
        reports.push_back(std::move(formed.value()));
    }
    if (format == "json") {
        nlohmann::json out = nlohmann::json::array();
        for (const auto &r : reports)
            out.push_back(reports::toJson(r));
        std::cout << (refresh ? out : out.front()).dump(2) << "\n";
        return 0;
    }
    if (reports.empty())
        std::cout << "the study has no panel\n";
    for (const auto &r : reports)
        printReport(r);
    return 0;
}

} // namespace

const Command panelCommand{
    .name = "panel",
    .summary = "a judge whose scores combine several judges' (a panel), kept in the study",
    .description
    = "Forms a panel of judges (Verga et al. 2024): a judge of its own whose score of a summary on each Likert or "
      "binary dimension is the mean, the median or the majority of its members' scores, each member weighted "
      "(weighted mean; weighted median, the mean of the two values either side of exactly half the weight; the "
      "value with the most weight, none on a tie); on a rank dimension a document's ranking by the members' "
      "weighted mean rank (equal means share a rank); a pair's verdict the one the members' weighted votes favour "
      "(a member's tie half for each; equal support a tie). Only what every member judged is judged; the rest is "
      "counted. Kept as judgements of a rater with protocol panel, its members, weights and combination in its "
      "settings, written in one transaction, so every table reads it like any judge. concord-cli judge and "
      "import-judgements recompute the panels a run changes; --refresh recomputes every panel.",
    .run = run,
};

} // namespace concord::cli
