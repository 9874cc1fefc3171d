// concord-cli import-judgements: recorded judge answers, read by a protocol's parser.
#include "cli_support.h"
#include "command_table.h"

#include "judge/recorded_import.h"
#include "store/study.h"

#include <QCommandLineParser>

#include <cstdio>

namespace concord::cli {

namespace {

int run(const Arguments &arguments)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("STUDY"), QStringLiteral("The study file."));
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("JSONL: doc_id, system (or system_a, system_b, order), dimension, response or value."));
    parser.addOptions({
        {QStringLiteral("protocol"), QStringLiteral("The protocol whose parser reads the responses."), QStringLiteral("P")},
        {QStringLiteral("rater"), QStringLiteral("The judge's name in the study."), QStringLiteral("NAME")},
        {QStringLiteral("model"), QStringLiteral("The model that wrote the answers (recorded with the rater)."), QStringLiteral("M")},
    });
    int code = 0;
    if (!parseCommandLine(parser, arguments, code))
        return code;
    const QStringList pos = parser.positionalArguments();
    if (pos.size() != 2)
        return failWith("import-judgements takes a STUDY and a FILE (see concord-cli import-judgements --help)", kExitUsage);
    if (!parser.isSet(QStringLiteral("protocol")) || !parser.isSet(QStringLiteral("rater")))
        return failWith("import-judgements needs --protocol P and --rater NAME", kExitUsage);
    const auto protocol = judge::protocolFromString(str(parser.value(QStringLiteral("protocol"))));
    if (!protocol)
        return failWith("unknown --protocol '" + str(parser.value(QStringLiteral("protocol"))) + "'", kExitUsage);
    auto study = openForWriting(str(pos.at(0)));
    if (!study)
        return failWith(study.error().describe());
    const auto report = judge::importRecordedJudgements(
        *study.value(), {*protocol, str(parser.value(QStringLiteral("rater"))), str(parser.value(QStringLiteral("model"))), str(pos.at(1))});
    if (!report)
        return failWith(report.error().describe() + " (nothing was imported)");
    std::printf("imported %zu judgements: %zu valid, %zu invalid\n", report.value().lines, report.value().valid, report.value().invalid);
    return 0;
}

} // namespace

const Command importJudgementsCommand{
    .name = "import-judgements",
    .summary = "import recorded judge answers, parsed by a protocol's parser",
    .description = "Imports recorded judge answers (e.g. published outputs), each parsed by the protocol's parser; "
                   "unreadable answers are kept as invalid. All or nothing.",
    .run = run,
};

} // namespace concord::cli
