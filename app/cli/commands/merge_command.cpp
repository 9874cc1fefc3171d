// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli merge (annotation): another study's human judgements, all or nothing.
#include "cli_support.h"
#include "command_table.h"

#include "io/annotation_merger.h"
#include "store/study.h"

#include <QCommandLineParser>

#include <iostream>
#include <string>

namespace concord::cli {

namespace {

int run(const Arguments &arguments)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("STUDY"), QStringLiteral("The study to merge into."));
    parser.addPositionalArgument(QStringLiteral("OTHER"),
                                 QStringLiteral("The study (an annotator's package) whose human judgements come in."));
    parser.addOption(
        {QStringLiteral("rater"), QStringLiteral("Only this annotator's judgements."), QStringLiteral("NAME")});
    int code = 0;
    if (!parseCommandLine(parser, arguments, code))
        return code;
    const QStringList pos = parser.positionalArguments();
    if (pos.size() != 2)
        return failWith("merge takes a STUDY and an OTHER study (see concord-cli merge --help)", kExitUsage);
    auto study = openForWriting(str(pos.at(0)));
    if (!study)
        return failWith(study.error().describe());
    io::MergeOptions options;
    if (parser.isSet(QStringLiteral("rater")))
        options.rater = str(parser.value(QStringLiteral("rater")));
    auto report = io::AnnotationMerger::mergeFile(*study.value(), str(pos.at(1)), options);
    if (!report) {
        // The conflict report is a list: it goes to standard output, the error stays one line.
        const std::string message = report.error().describe();
        const auto newline = message.find('\n');
        if (newline == std::string::npos)
            return failWith(message);
        std::cout << message.substr(newline + 1) << '\n';
        return failWith(message.substr(0, newline) + " (listed on standard output)");
    }
    std::cout << io::AnnotationMerger::describe(report.value()) << '\n';
    return 0;
}

} // namespace

const Command mergeCommand{
    .name = "merge",
    .summary = "merge another study's human judgements (all or nothing)",
    .description = "Merges another study's human judgements (documents matched by id, summaries by system; an "
                   "annotator package's summaries, which name no system, by document and text). "
                   "Any conflict refuses the whole merge and lists every conflict.",
    .run = run,
};

} // namespace concord::cli
