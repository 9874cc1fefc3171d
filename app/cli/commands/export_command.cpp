// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli export: every judgement in long format, CSV or JSONL; with --items also what they are about.
#include "cli_support.h"
#include "command_table.h"

#include "io/study_exporter.h"
#include "store/study.h"

#include <QCommandLineParser>

#include <filesystem>
#include <iostream>
#include <string>

namespace concord::cli {

namespace {

int run(const Arguments &arguments)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("STUDY"), QStringLiteral("The study file."));
    parser.addPositionalArgument(QStringLiteral("OUT"), QStringLiteral("The file to write."));
    parser.addOption({QStringLiteral("format"), QStringLiteral("csv or jsonl (default: from OUT's extension)."),
                      QStringLiteral("FORMAT")});
    parser.addOption(
        {QStringLiteral("items"),
         QStringLiteral("Also write the items first (dimensions, raters, documents with requirement, references and "
                        "content units, systems, summaries), so that import rebuilds the judgements in a new study.")});
    int code = 0;
    if (!parseCommandLine(parser, arguments, code))
        return code;
    const QStringList pos = parser.positionalArguments();
    if (pos.size() != 2)
        return failWith("export takes a STUDY and an OUT file (see concord-cli export --help)", kExitUsage);
    const std::string out = str(pos.at(1));
    std::string format = str(parser.value(QStringLiteral("format")));
    if (format.empty()) {
        format = std::filesystem::path(out).extension().string();
        if (!format.empty())
            format.erase(0, 1); // the dot
    }
    const auto exportFormat = io::exportFormatFromName(format);
    if (!exportFormat)
        return failWith("unknown export format '" + format + "' (expected --format csv or jsonl)", kExitUsage);
    auto study = openForReading(str(pos.at(0)));
    if (!study)
        return failWith(study.error().describe());
    io::ExportOptions options;
    options.items = parser.isSet(QStringLiteral("items"));
    auto report = io::StudyExporter::exportTo(*study.value(), out, *exportFormat, options);
    if (!report)
        return failWith(report.error().describe());
    std::cout << "wrote " << report.value().rows << " rows to " << out << '\n';
    return 0;
}

} // namespace

const Command exportCommand{
    .name = "export",
    .summary = "export every judgement as long-format CSV or JSONL",
    .description
    = "Exports every judgement of a study in long format, one row per judgement; with --items also the "
      "documents, summaries, dimensions and raters, so that `concord-cli import` rebuilds them in a new study.",
    .run = run,
};

} // namespace concord::cli
