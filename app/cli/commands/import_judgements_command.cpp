// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli import-judgements: recorded judge answers, read by a protocol's parser.
#include "cli_support.h"
#include "command_table.h"
#include "progress_line.h"

#include "judge/recorded_import.h"
#include "model/json_text.h"
#include "store/study.h"

#include <QCommandLineParser>

#include <nlohmann/json.hpp>

#include <cstdio>

namespace concord::cli {

namespace {

int run(const Arguments &arguments)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("STUDY"), QStringLiteral("The study file."));
    parser.addPositionalArgument(
        QStringLiteral("FILE"),
        QStringLiteral("JSONL: doc_id, system (or system_a, system_b, order), dimension, response or value."));
    parser.addOptions({
        {QStringLiteral("protocol"), QStringLiteral("The protocol whose parser reads the responses."),
         QStringLiteral("P")},
        {QStringLiteral("rater"), QStringLiteral("The judge's name in the study."), QStringLiteral("NAME")},
        {QStringLiteral("model"), QStringLiteral("The model that wrote the answers (recorded with the rater)."),
         QStringLiteral("M")},
        {QStringLiteral("format"), QStringLiteral("text or json (default text)."), QStringLiteral("F"),
         QStringLiteral("text")},
        {QStringLiteral("progress"),
         QStringLiteral("Show the progress line even when stderr is not a terminal (on a terminal it is shown "
                        "anyway).")},
    });
    int code = 0;
    if (!parseCommandLine(parser, arguments, code))
        return code;
    const QStringList pos = parser.positionalArguments();
    if (pos.size() != 2)
        return failWith("import-judgements takes a STUDY and a FILE (see concord-cli import-judgements --help)",
                        kExitUsage);
    if (!parser.isSet(QStringLiteral("protocol")) || !parser.isSet(QStringLiteral("rater")))
        return failWith("import-judgements needs --protocol P and --rater NAME", kExitUsage);
    const QString format = parser.value(QStringLiteral("format"));
    if (format != QLatin1String("text") && format != QLatin1String("json"))
        return failWith("unknown --format '" + str(format) + "' (text or json)", kExitUsage);
    const auto protocol = judge::protocolFromString(str(parser.value(QStringLiteral("protocol"))));
    if (!protocol)
        return failWith("unknown --protocol '" + str(parser.value(QStringLiteral("protocol"))) + "'", kExitUsage);
    auto study = openForWriting(str(pos.at(0)));
    if (!study)
        return failWith(study.error().describe());
    const std::string path = str(pos.at(1));
    ProgressLine progress(parser.isSet(QStringLiteral("progress")));
    const auto report = judge::importRecordedJudgements(
        *study.value(),
        {*protocol, str(parser.value(QStringLiteral("rater"))), str(parser.value(QStringLiteral("model"))), path},
        io::ImportProgress(progress.callback(), {path}));
    progress.clear();
    if (!report)
        return failWith(report.error().describe() + " (nothing was imported)");
    const judge::RecordedImportReport &r = report.value();
    // The panels this judge is a member of follow the imported scores.
    const bool panelsFollow = refreshPanelsAfterWrite(*study.value());
    // A repeat is a line for a unit an earlier line answered: the later answer is the judgement.
    constexpr const char *kRepeatRule = "the later answer is the unit's judgement; earlier answers stay as calls";
    if (format == QLatin1String("json")) {
        nlohmann::json j{{"lines", r.lines},
                         {"valid", r.valid},
                         {"invalid", r.invalid},
                         {"repeats", r.repeats},
                         {"units", r.lines - r.repeats},
                         {"repeat_rule", kRepeatRule}};
        if (r.bySingle + r.bySamples + r.byValue > 0)
            j["by_method"] = {{"single", r.bySingle}, {"samples", r.bySamples}, {"value", r.byValue}};
        std::printf("%s\n", model::JsonText::dump(j, 2).c_str());
        return panelsFollow ? 0 : 1;
    }
    std::printf("imported %zu judgements: %zu valid, %zu invalid\n", r.lines, r.valid, r.invalid);
    if (r.repeats > 0)
        std::printf("%zu of them answer a unit answered earlier in the file, so %zu units are judged (%s)\n", r.repeats,
                    r.lines - r.repeats, kRepeatRule);
    // A recording holds no token probabilities: say what its scores are instead.
    if (r.bySingle + r.bySamples + r.byValue > 0)
        std::printf("scored by: %zu single answers, %zu means of sampled answers, %zu already-read values (no token "
                    "probabilities)\n",
                    r.bySingle, r.bySamples, r.byValue);
    return panelsFollow ? 0 : 1;
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
