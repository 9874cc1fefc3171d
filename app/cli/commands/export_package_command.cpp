// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli export-package (annotation): an annotator's own copy of a study.
#include "cli_support.h"
#include "command_table.h"

#include "io/annotation_merger.h"
#include "io/annotator_package.h"
#include "store/study.h"

#include <QCommandLineParser>

#include <iostream>

namespace concord::cli {

namespace {

int run(const Arguments &arguments)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("STUDY"), QStringLiteral("The study."));
    parser.addPositionalArgument(QStringLiteral("OUT"), QStringLiteral("The package to write (a new *.concord file)."));
    parser.addOption({QStringLiteral("rater"), QStringLiteral("The annotator the package is for (required)."),
                      QStringLiteral("NAME")});
    int code = 0;
    if (!parseCommandLine(parser, arguments, code))
        return code;
    const QStringList pos = parser.positionalArguments();
    if (pos.size() != 2 || !parser.isSet(QStringLiteral("rater")))
        return failWith(
            "export-package takes a STUDY, an OUT file and --rater NAME (see concord-cli export-package --help)",
            kExitUsage);
    auto study = openForReading(str(pos.at(0)));
    if (!study)
        return failWith(study.error().describe());
    auto report
        = io::AnnotatorPackage::write(*study.value(), str(parser.value(QStringLiteral("rater"))), str(pos.at(1)));
    if (!report)
        return failWith(report.error().describe());
    std::cout << "wrote " << str(pos.at(1)) << ": " << io::AnnotationMerger::describe(report.value()) << '\n';
    return 0;
}

} // namespace

const Command exportPackageCommand{
    .name = "export-package",
    .summary = "write an annotator's own copy of a study (--rater NAME)",
    .description = "Writes an annotator's own copy of a study: every item, what is asked, and their judgements so far. "
                   "It is blind: each summary is stored under a system name of its own drawn at random.",
    .run = run,
};

} // namespace concord::cli
