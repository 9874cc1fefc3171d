// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli_support.h"

#include "model/json_text.h"
#include "reports/judge_panel.h"
#include "store/connection_uri.h"
#include "store/study.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <iostream>

namespace concord::cli {

int failWith(const std::string &message, int code)
{
    // One line, whatever the message holds: scripts read the first line of stderr.
    std::string line = message;
    for (char &c : line)
        if (c == '\n' || c == '\r')
            c = ' ';
    std::cerr << "concord-cli: " << line << '\n';
    return code;
}

std::string str(const QString &s)
{
    return s.toStdString();
}

bool parseCommandLine(QCommandLineParser &parser, const Arguments &arguments, int &exitCode)
{
    const QString name = QString::fromUtf8(arguments.command.name);
    parser.setApplicationDescription(QString::fromUtf8(arguments.command.description));
    parser.addHelpOption();
    if (!parser.parse(arguments.list)) {
        exitCode = failWith(str(parser.errorText()) + " (see concord-cli " + str(name) + " --help)", kExitUsage);
        return false;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        // The parser names the executable's path; the user typed "concord-cli NAME".
        QString help = parser.helpText();
        help.replace(QCoreApplication::arguments().constFirst(), QStringLiteral("concord-cli ") + name);
        std::cout << str(help);
        exitCode = 0;
        return false;
    }
    return true;
}

Result<std::unique_ptr<store::Study>> openForWriting(const std::string &path)
{
    auto study = store::Study::open(path);
    // A team study's failure names the connection itself, without its password.
    if (!study && !store::isConnectionString(path) && !std::filesystem::exists(path))
        return Error{"no study file at " + path + " (create one with: concord-cli new " + path + ")", {}, 0, {}};
    return study;
}

Result<std::unique_ptr<store::Study>> openForReading(const std::string &path)
{
    store::OpenOptions options;
    options.readOnly = true;
    return store::Study::open(path, options);
}

std::string describeReport(const io::ImportReport &r)
{
    std::string out = "added " + std::to_string(r.documents) + " documents, " + std::to_string(r.systems) + " systems, "
                      + std::to_string(r.candidates) + " candidates, " + std::to_string(r.dimensions) + " dimensions, "
                      + std::to_string(r.raters) + " raters, " + std::to_string(r.ratings) + " ratings";
    if (r.rankings)
        out += ", " + std::to_string(r.rankings) + " ranks";
    if (r.errorSpans)
        out += ", " + std::to_string(r.errorSpans) + " error spans";
    if (r.explanations)
        out += ", " + std::to_string(r.explanations) + " explanations";
    if (r.pairwiseOutcomes)
        out += ", " + std::to_string(r.pairwiseOutcomes) + " pairwise outcomes";
    if (r.unitMarks)
        out += ", " + std::to_string(r.unitMarks) + " unit marks";
    if (r.presentationOrders)
        out += ", " + std::to_string(r.presentationOrders) + " presentation orders";
    return out;
}

std::optional<io::TableStyle> tableStyleFromName(const std::string &name)
{
    if (name == "table")
        return io::TableStyle::Text;
    if (name == "csv")
        return io::TableStyle::Csv;
    if (name == "markdown")
        return io::TableStyle::Markdown;
    if (name == "latex")
        return io::TableStyle::Latex;
    return std::nullopt;
}

QCommandLineOption tableFormatOption()
{
    return {QStringLiteral("format"), QStringLiteral("table, json, csv, markdown or latex (default table)."),
            QStringLiteral("F"), QStringLiteral("table")};
}

QCommandLineOption splitOption()
{
    return {QStringLiteral("split"),
            QStringLiteral("Only the documents of this held-out split: dev or test (see concord-cli split)."),
            QStringLiteral("SPLIT")};
}

std::optional<std::string> splitChoice(const QCommandLineParser &parser, int &exitCode)
{
    if (!parser.isSet(QStringLiteral("split")))
        return std::string();
    std::string split = str(parser.value(QStringLiteral("split")));
    if (split == "dev" || split == "test")
        return split;
    exitCode = failWith("--split takes dev or test", kExitUsage);
    return std::nullopt;
}

std::optional<std::string> tableFormat(const QCommandLineParser &parser, int &exitCode)
{
    std::string format = str(parser.value(QStringLiteral("format")));
    if (format == "json" || tableStyleFromName(format))
        return format;
    exitCode = failWith("unknown --format '" + format + "' (expected table, json, csv, markdown or latex)", kExitUsage);
    return std::nullopt;
}

void printTable(const io::Table &table, const std::string &format)
{
    if (format != "json") {
        std::cout << io::render(table, *tableStyleFromName(format));
        return;
    }
    nlohmann::json rows = nlohmann::json::array();
    for (const auto &row : table.rows) {
        nlohmann::json object = nlohmann::json::object();
        for (std::size_t i = 0; i < table.header.size() && i < row.size(); ++i) {
            const std::string &cell = row[i];
            char *end = nullptr;
            const double number = cell.empty() ? 0.0 : std::strtod(cell.c_str(), &end);
            if (cell.empty())
                object[table.header[i]] = nullptr;
            else if (i < table.numeric.size() && table.numeric[i] && end && *end == '\0')
                object[table.header[i]] = number;
            else
                object[table.header[i]] = cell;
        }
        rows.push_back(std::move(object));
    }
    std::cout << model::JsonText::dump(rows, 2) << '\n';
}

bool requireConnection(const std::string &connection, const std::string &named, int &code)
{
    if (store::isConnectionString(connection))
        return true;
    code = failWith(named
                        + " is not a PostgreSQL connection string (postgresql://... or host=... dbname=...); it is "
                          "not repeated here, as a mistyped one may hold a password",
                    kExitUsage);
    return false;
}

std::optional<double> numberOption(const QCommandLineParser &parser, const QString &name, int &exitCode)
{
    if (!parser.isSet(name))
        return std::nullopt;
    bool ok = false;
    const double value = parser.value(name).toDouble(&ok);
    if (!ok) {
        exitCode = failWith("--" + str(name) + " takes a number, not '" + str(parser.value(name)) + "'", kExitUsage);
        return std::nullopt;
    }
    return value;
}

bool refreshPanelsAfterWrite(store::Study &study)
{
    const auto refreshed = reports::refreshPanels(study);
    if (!refreshed) {
        std::cerr << "concord-cli: the judgements are stored, but the panels were not recomputed: "
                  << refreshed.error().describe() << " (run concord-cli panel STUDY --refresh)\n";
        return false;
    }
    for (const reports::PanelReport &panel : refreshed.value()) {
        std::size_t given = 0;
        for (const reports::PanelDimension &d : panel.dimensions)
            given += d.scored;
        std::cerr << "panel '" << panel.request.name << "' recomputed: " << given << " judgement(s)\n";
    }
    return true;
}

} // namespace concord::cli
