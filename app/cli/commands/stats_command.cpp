// concord-cli stats: a rater's correlation with a human group's mean at every level.
#include "cli_support.h"
#include "command_table.h"

#include "reports/correlation_report.h"
#include "store/study.h"

#include <QCommandLineParser>

#include <iostream>
#include <map>
#include <string>
#include <vector>

namespace concord::cli {

namespace {

// "a,b,c" -> each item converted by parse; an unknown item is a usage error naming it.
template <typename T, typename Parse>
bool parseList(const QString &text, Parse parse, std::vector<T> &out, const char *what, std::string &error)
{
    out.clear();
    for (const QString &item : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const auto value = parse(str(item.trimmed()));
        if (!value) {
            error = "unknown " + std::string(what) + " '" + str(item.trimmed()) + "'";
            return false;
        }
        out.push_back(*value);
    }
    if (out.empty()) {
        error = std::string("no ") + what + " given";
        return false;
    }
    return true;
}

int run(const Arguments &arguments)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("STUDY"), QStringLiteral("The study file."));
    parser.addOptions({
        {QStringLiteral("human"), QStringLiteral("The human group whose mean rating is the reference (e.g. expert)."), QStringLiteral("GROUP")},
        {QStringLiteral("rater"), QStringLiteral("The rater to compare: a judge, or one human (then compared with the others of the group)."), QStringLiteral("R")},
        {QStringLiteral("dimension"), QStringLiteral("A dimension to report (repeatable; default: every Likert dimension the rater rated)."), QStringLiteral("D")},
        {QStringLiteral("levels"), QStringLiteral("Comma-separated: dataset, system, summary, per-system, meta (default: all)."), QStringLiteral("LIST")},
        {QStringLiteral("correlation"), QStringLiteral("Comma-separated: pearson, spearman, kendall_b, kendall_c (default: pearson,spearman,kendall_b)."), QStringLiteral("LIST")},
        {QStringLiteral("include-self"), QStringLiteral("When the rater is in the group, compare with the mean of the whole group including the rater (default: without).")},
        {QStringLiteral("bootstrap"), QStringLiteral("Bootstrap resamples for confidence intervals (default 0: none)."), QStringLiteral("N"), QStringLiteral("0")},
        {QStringLiteral("resample"), QStringLiteral("What the bootstrap resamples at dataset, system and summary level: systems, documents or both (default both). "
                                                     "Per-system intervals resample documents, the meta-correlation's resample systems."), QStringLiteral("UNIT"), QStringLiteral("both")},
        {QStringLiteral("seed"), QStringLiteral("Seed of the bootstrap (default 24301)."), QStringLiteral("S"), QStringLiteral("24301")},
        {QStringLiteral("format"), QStringLiteral("table, json, csv, markdown or latex (default table)."), QStringLiteral("F"), QStringLiteral("table")},
    });
    int code = 0;
    if (!parseCommandLine(parser, arguments, code))
        return code;
    if (parser.positionalArguments().size() != 1)
        return failWith("stats takes exactly one STUDY (see concord-cli stats --help)", kExitUsage);
    if (!parser.isSet(QStringLiteral("human")) || !parser.isSet(QStringLiteral("rater")))
        return failWith("stats needs --human GROUP and --rater R (see concord-cli stats --help)", kExitUsage);

    reports::CorrelationRequest request;
    request.humanGroup = str(parser.value(QStringLiteral("human")));
    request.rater = str(parser.value(QStringLiteral("rater")));
    for (const QString &d : parser.values(QStringLiteral("dimension")))
        request.dimensions.push_back(str(d));
    request.includeSelf = parser.isSet(QStringLiteral("include-self"));
    std::string error;
    if (parser.isSet(QStringLiteral("levels"))
        && !parseList(parser.value(QStringLiteral("levels")), reports::levelFromString, request.levels, "level", error))
        return failWith(error + " (expected dataset, system, summary, per-system, meta)", kExitUsage);
    if (parser.isSet(QStringLiteral("correlation"))
        && !parseList(parser.value(QStringLiteral("correlation")), stats::correlationMethodFromString, request.methods, "correlation", error))
        return failWith(error + " (expected pearson, spearman, kendall_b, kendall_c)", kExitUsage);
    bool ok = false;
    const long long resamples = parser.value(QStringLiteral("bootstrap")).toLongLong(&ok);
    if (!ok || resamples < 0 || resamples > 1000000)
        return failWith("--bootstrap takes a whole number from 0 to 1000000", kExitUsage);
    request.bootstrap = static_cast<std::size_t>(resamples);
    const auto unit = stats::resampleUnitFromString(str(parser.value(QStringLiteral("resample"))));
    if (!unit)
        return failWith("--resample takes systems, documents or both", kExitUsage);
    request.bootstrapOptions.unit = *unit;
    request.bootstrapOptions.seed = parser.value(QStringLiteral("seed")).toULongLong(&ok);
    if (!ok)
        return failWith("--seed takes a whole number", kExitUsage);
    const std::string format = str(parser.value(QStringLiteral("format")));
    const std::map<std::string, io::TableStyle> styles{{"table", io::TableStyle::Text}, {"csv", io::TableStyle::Csv},
                                                       {"markdown", io::TableStyle::Markdown}, {"latex", io::TableStyle::Latex}};
    if (format != "json" && !styles.count(format))
        return failWith("unknown --format '" + format + "' (expected table, json, csv, markdown or latex)", kExitUsage);

    auto study = openForReading(str(parser.positionalArguments().at(0)));
    if (!study)
        return failWith(study.error().describe());
    const auto report = reports::computeCorrelationReport(*study.value(), request);
    if (!report)
        return failWith(report.error().describe());
    if (format == "json") {
        std::cout << reports::toJson(report.value()).dump(2) << '\n';
        return 0;
    }
    const auto style = styles.at(format);
    std::cout << io::render(reports::toTable(report.value(), style == io::TableStyle::Csv), style);
    return 0;
}

} // namespace

const Command statsCommand{
    .name = "stats",
    .summary = "correlate a rater with a human group at every level",
    .description = "Correlates a rater's scores with a human group's mean at dataset, system and summary level, "
                   "per system, and as a meta-correlation.",
    .run = run,
};

} // namespace concord::cli
