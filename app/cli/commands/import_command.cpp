// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli import: documents, summaries and ratings from SummEval JSONL or a mapped JSONL/CSV/TSV
// table, through the same import request as the window, so both read a file the same way.
#include "cli_support.h"
#include "command_table.h"
#include "progress_line.h"

#include "io/import_request.h"
#include "store/study.h"

#include <QCommandLineParser>

#include <iostream>
#include <string>
#include <vector>

namespace concord::cli {

namespace {

int run(const Arguments &arguments)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("STUDY"), QStringLiteral("The study file to import into."));
    parser.addPositionalArgument(QStringLiteral("FILE..."),
                                 QStringLiteral("The files to import (several for summeval)."));
    parser.addOption(
        {QStringLiteral("format"), QStringLiteral("summeval, jsonl, csv or tsv."), QStringLiteral("FORMAT")});
    parser.addOption(
        {QStringLiteral("map"),
         QStringLiteral("For jsonl/csv/tsv: which column holds each field, as field=column,... Fields: doc_id, "
                        "article, requirement, system, summary, rater, group, dimension, value, score.NAME. "
                        "Default: columns named like the fields."),
         QStringLiteral("MAPPING")});
    parser.addOption({QStringLiteral("rater"),
                      QStringLiteral("For jsonl/csv/tsv without a rater column: the rater of every rating (a person, "
                                     "added when the study lacks one of that name)."),
                      QStringLiteral("NAME")});
    parser.addOption({QStringLiteral("group"),
                      QStringLiteral("With --rater: that rater's group, such as expert or crowd."),
                      QStringLiteral("GROUP")});
    parser.addOption({QStringLiteral("progress"),
                      QStringLiteral("Show the progress line even when stderr is not a terminal (on a terminal it "
                                     "is shown anyway).")});
    int code = 0;
    if (!parseCommandLine(parser, arguments, code))
        return code;
    const QStringList pos = parser.positionalArguments();
    if (pos.size() < 2)
        return failWith("import needs a STUDY and at least one FILE (see concord-cli import --help)", kExitUsage);
    if (!parser.isSet(QStringLiteral("format")))
        return failWith("import needs --format summeval|jsonl|csv|tsv (see concord-cli import --help)", kExitUsage);
    const std::string format = str(parser.value(QStringLiteral("format")));
    std::vector<std::string> files;
    for (qsizetype i = 1; i < pos.size(); ++i)
        files.push_back(str(pos.at(i)));

    auto study = openForWriting(str(pos.at(0)));
    if (!study)
        return failWith(study.error().describe());

    auto request = io::ImportRequest::forFormat(format);
    if (!request)
        return failWith("unknown --format '" + format + "' (expected summeval, jsonl, csv or tsv)", kExitUsage);
    request->paths = files;
    if (request->kind == io::ImportRequest::Kind::SummEval) {
        for (const char *option : {"map", "rater", "group"})
            if (parser.isSet(QString::fromLatin1(option)))
                return failWith(std::string("--").append(option).append(
                                    " is for jsonl, csv and tsv; summeval files have a fixed layout"),
                                kExitUsage);
    } else {
        if (files.size() != 1)
            return failWith("--format " + format + " imports one FILE at a time", kExitUsage);
        auto mapping = parser.isSet(QStringLiteral("map"))
                           ? io::ColumnMapping::parse(str(parser.value(QStringLiteral("map"))))
                           : Result<io::ColumnMapping>(io::ColumnMapping::identity());
        if (!mapping)
            return failWith("--map: " + mapping.error().describe(), kExitUsage);
        request->mapping = mapping.value();
        if (parser.isSet(QStringLiteral("rater"))) {
            const std::string name = str(parser.value(QStringLiteral("rater")).trimmed());
            if (name.empty())
                return failWith("--rater needs a name", kExitUsage);
            request->mapping.fixedRater
                = io::ColumnMapping::FixedRater{name, str(parser.value(QStringLiteral("group")).trimmed())};
        } else if (parser.isSet(QStringLiteral("group"))) {
            return failWith("--group is the group of --rater NAME; a group column is named with --map group=COLUMN",
                            kExitUsage);
        }
    }
    ProgressLine progress(parser.isSet(QStringLiteral("progress")));
    const auto report = request->run(*study.value(), progress.callback());
    progress.clear();
    if (!report)
        return failWith(report.error().describe() + " (nothing was imported)");
    std::cout << describeReport(report.value()) << '\n';
    return 0;
}

} // namespace

const Command importCommand{
    .name = "import",
    .summary = "import SummEval JSONL, or JSONL/CSV/TSV with a column mapping",
    .description
    = "Imports documents, summaries and ratings into a study, all or nothing. A file written by "
      "`concord-cli export` (CSV or JSONL) is recognised by its columns and read back with every kind of judgement.",
    .run = run,
};

} // namespace concord::cli
