// concord-cli: everything Concord does, headless. Wiring only: parse arguments, call core, print.
// Exit 0 on success; on failure one clear line on stderr and a non-zero exit.
#include "demo_study.h"
#include "io/annotation_merger.h"
#include "io/annotator_package.h"
#include "io/study_exporter.h"
#include "io/import_request.h"
#include "judge/recorded_import.h"
#include "judge/runner.h"
#include "reports/agreement_report.h"
#include "reports/correlation_report.h"
#include "store/study.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <csignal>
#include <fstream>
#include <functional>
#include <sstream>
#include <unistd.h>
#include <iostream>
#include <map>

using namespace concord;

namespace {

constexpr int kExitUsage = 2;
constexpr int kExitFailure = 1;

int failWith(const std::string &message, int code = kExitFailure)
{
    std::cerr << "concord-cli: " << message << '\n';
    return code;
}

std::string str(const QString &s)
{
    return s.toStdString();
}

// Parses ARGS for one subcommand; on --help prints it and returns false with code 0, on a
// usage error prints one line and returns false with code 2.
bool parseSubcommand(QCommandLineParser &parser, const QStringList &args, const QString &name,
                     const QString &description, int &exitCode)
{
    parser.setApplicationDescription(description);
    parser.addHelpOption();
    if (!parser.parse(args)) {
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

int cmdNew(const QStringList &args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("STUDY"), QStringLiteral("The study file to create (*.concord)."));
    int code = 0;
    if (!parseSubcommand(parser, args, QStringLiteral("new"), QStringLiteral("Creates an empty study file."), code))
        return code;
    if (parser.positionalArguments().size() != 1)
        return failWith("new takes exactly one STUDY (see concord-cli new --help)", kExitUsage);
    const std::string path = str(parser.positionalArguments().at(0));
    auto study = store::Study::create(path);
    if (!study)
        return failWith(study.error().describe());
    std::cout << "created " << path << '\n';
    return 0;
}

nlohmann::json infoJson(store::Study &study)
{
    const auto c = study.counts();
    nlohmann::json j;
    j["documents"] = c.documents;
    j["systems"] = c.systems;
    j["candidates"] = c.candidates;
    j["dimensions"] = c.dimensions;
    j["raters"] = c.raters;
    j["ratings"] = c.ratings;
    j["rankings"] = c.rankings;
    j["error_spans"] = c.errorSpans;
    j["pairwise_outcomes"] = c.pairwiseOutcomes;
    j["explanations"] = c.explanations;
    j["judge_calls"] = c.judgeCalls;
    j["raters_by_group"] = nlohmann::json::object();
    for (const auto &[group, count] : study.ratersByGroup())
        j["raters_by_group"][group] = count;
    j["schema_version"] = study.schemaVersion();
    return j;
}

int cmdInfo(const QStringList &args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("STUDY"), QStringLiteral("The study file."));
    parser.addOption({QStringLiteral("json"), QStringLiteral("Print one JSON object instead of a table.")});
    int code = 0;
    if (!parseSubcommand(parser, args, QStringLiteral("info"), QStringLiteral("Shows what a study holds."), code))
        return code;
    if (parser.positionalArguments().size() != 1)
        return failWith("info takes exactly one STUDY (see concord-cli info --help)", kExitUsage);
    store::OpenOptions options;
    options.readOnly = true;
    auto study = store::Study::open(str(parser.positionalArguments().at(0)), options);
    if (!study)
        return failWith(study.error().describe());
    const auto j = infoJson(*study.value());
    if (parser.isSet(QStringLiteral("json"))) {
        std::cout << j.dump(2) << '\n';
        return 0;
    }
    for (const char *key : {"documents", "systems", "candidates", "dimensions", "raters", "ratings", "rankings",
                            "error_spans", "pairwise_outcomes", "explanations", "judge_calls"})
        std::printf("%-18s %lld\n", key, static_cast<long long>(j[key].get<std::int64_t>()));
    for (const auto &[group, count] : j["raters_by_group"].items())
        std::printf("  raters in %-8s %lld\n", group.c_str(), static_cast<long long>(count.get<std::int64_t>()));
    return 0;
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
    return out;
}

Result<std::unique_ptr<store::Study>> openForWriting(const std::string &path)
{
    auto study = store::Study::open(path);
    if (!study && !std::filesystem::exists(path))
        return Error{"no study file at " + path + " (create one with: concord-cli new " + path + ")", {}, 0, {}};
    return study;
}

int cmdImport(const QStringList &args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("STUDY"), QStringLiteral("The study file to import into."));
    parser.addPositionalArgument(QStringLiteral("FILE..."), QStringLiteral("The files to import (several for summeval)."));
    parser.addOption({QStringLiteral("format"), QStringLiteral("summeval, jsonl, csv or tsv."), QStringLiteral("FORMAT")});
    parser.addOption({QStringLiteral("map"),
                      QStringLiteral("For jsonl/csv/tsv: which column holds each field, as field=column,... Fields: doc_id, "
                                     "article, requirement, system, summary, rater, group, dimension, value, score.NAME. "
                                     "Default: columns named like the fields."),
                      QStringLiteral("MAPPING")});
    int code = 0;
    if (!parseSubcommand(parser, args, QStringLiteral("import"),
                         QStringLiteral("Imports documents, summaries and ratings into a study, all or nothing."), code))
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
        if (parser.isSet(QStringLiteral("map")))
            return failWith("--map is for jsonl, csv and tsv; summeval files have a fixed layout", kExitUsage);
    } else {
        if (files.size() != 1)
            return failWith("--format " + format + " imports one FILE at a time", kExitUsage);
        auto mapping = parser.isSet(QStringLiteral("map"))
            ? io::ColumnMapping::parse(str(parser.value(QStringLiteral("map"))))
            : Result<io::ColumnMapping>(io::ColumnMapping::identity());
        if (!mapping)
            return failWith("--map: " + mapping.error().describe(), kExitUsage);
        request->mapping = mapping.value();
    }
    const auto report = request->run(*study.value());
    if (!report)
        return failWith(report.error().describe() + " (nothing was imported)");
    std::cout << describeReport(report.value()) << '\n';
    return 0;
}

int cmdExport(const QStringList &args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("STUDY"), QStringLiteral("The study file."));
    parser.addPositionalArgument(QStringLiteral("OUT"), QStringLiteral("The file to write."));
    parser.addOption({QStringLiteral("format"), QStringLiteral("csv or jsonl (default: from OUT's extension)."), QStringLiteral("FORMAT")});
    int code = 0;
    if (!parseSubcommand(parser, args, QStringLiteral("export"),
                         QStringLiteral("Exports every judgement of a study in long format, one row per judgement."), code))
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
    store::OpenOptions options;
    options.readOnly = true;
    auto study = store::Study::open(str(pos.at(0)), options);
    if (!study)
        return failWith(study.error().describe());
    auto report = io::StudyExporter::exportTo(*study.value(), out, *exportFormat);
    if (!report)
        return failWith(report.error().describe());
    std::cout << "wrote " << report.value().rows << " rows to " << out << '\n';
    return 0;
}

int cmdDemo(const QStringList &args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("STUDY"), QStringLiteral("The study file to create."));
    int code = 0;
    if (!parseSubcommand(parser, args, QStringLiteral("demo"),
                         QStringLiteral("Creates a study holding Concord's demo: articles with requirements, four systems, "
                                        "ratings, rankings with ties, error spans and explanations."), code))
        return code;
    if (parser.positionalArguments().size() != 1)
        return failWith("demo takes exactly one STUDY (see concord-cli demo --help)", kExitUsage);
    const std::string path = str(parser.positionalArguments().at(0));
    auto report = resources::createDemoStudy(path);
    if (!report)
        return failWith(report.error().describe());
    std::cout << "created " << path << ": " << describeReport(report.value()) << '\n';
    return 0;
}

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

int cmdStats(const QStringList &args)
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
    if (!parseSubcommand(parser, args, QStringLiteral("stats"),
                         QStringLiteral("Correlates a rater's scores with a human group's mean at dataset, system and summary level, "
                                        "per system, and as a meta-correlation."), code))
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

    store::OpenOptions options;
    options.readOnly = true;
    auto study = store::Study::open(str(parser.positionalArguments().at(0)), options);
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

int cmdAgreement(const QStringList &args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("STUDY"), QStringLiteral("The study file."));
    parser.addOptions({
        {QStringLiteral("group"), QStringLiteral("The human rater group (e.g. expert)."), QStringLiteral("G")},
        {QStringLiteral("dimension"), QStringLiteral("The likert or rank dimension."), QStringLiteral("D")},
        {QStringLiteral("level"), QStringLiteral("nominal, ordinal, interval or ratio (default ordinal)."), QStringLiteral("L"), QStringLiteral("ordinal")},
        {QStringLiteral("with"), QStringLiteral("Another rater (e.g. a judge) to count as one more coder (repeatable)."), QStringLiteral("R")},
        {QStringLiteral("bootstrap"), QStringLiteral("Bootstrap resamples over units for a confidence interval (default 0: none)."), QStringLiteral("N"), QStringLiteral("0")},
        {QStringLiteral("seed"), QStringLiteral("Seed of the bootstrap (default 20240601)."), QStringLiteral("S"), QStringLiteral("20240601")},
        {QStringLiteral("json"), QStringLiteral("Print one JSON object.")},
    });
    int code = 0;
    if (!parseSubcommand(parser, args, QStringLiteral("agreement"),
                         QStringLiteral("Krippendorff's alpha of a rater group on one dimension (units: the candidates)."), code))
        return code;
    if (parser.positionalArguments().size() != 1)
        return failWith("agreement takes exactly one STUDY (see concord-cli agreement --help)", kExitUsage);
    if (!parser.isSet(QStringLiteral("group")) || !parser.isSet(QStringLiteral("dimension")))
        return failWith("agreement needs --group G and --dimension D (see concord-cli agreement --help)", kExitUsage);
    reports::AgreementRequest request;
    request.group = str(parser.value(QStringLiteral("group")));
    request.dimension = str(parser.value(QStringLiteral("dimension")));
    const auto level = stats::measurementLevelFromString(str(parser.value(QStringLiteral("level"))));
    if (!level)
        return failWith("--level takes nominal, ordinal, interval or ratio", kExitUsage);
    request.level = *level;
    for (const QString &r : parser.values(QStringLiteral("with")))
        request.extraRaters.push_back(str(r));
    bool ok = false;
    const long long resamples = parser.value(QStringLiteral("bootstrap")).toLongLong(&ok);
    if (!ok || resamples < 0 || resamples > 1000000)
        return failWith("--bootstrap takes a whole number from 0 to 1000000", kExitUsage);
    request.bootstrap = static_cast<std::size_t>(resamples);
    request.options.seed = parser.value(QStringLiteral("seed")).toULongLong(&ok);
    if (!ok)
        return failWith("--seed takes a whole number", kExitUsage);

    store::OpenOptions options;
    options.readOnly = true;
    auto study = store::Study::open(str(parser.positionalArguments().at(0)), options);
    if (!study)
        return failWith(study.error().describe());
    const auto report = reports::computeAgreement(*study.value(), request);
    if (!report)
        return failWith(report.error().describe());
    const auto j = reports::toJson(report.value());
    if (parser.isSet(QStringLiteral("json"))) {
        std::cout << j.dump(2) << '\n';
        return 0;
    }
    const auto &r = report.value();
    std::cout << "Krippendorff's alpha (" << stats::toString(request.level) << ") of " << r.raters.size() << " raters of group '"
              << request.group << "' on " << request.dimension << ": ";
    if (r.alpha.defined())
        std::printf("%.4f", *r.alpha.alpha);
    else
        std::cout << "undefined (" << r.alpha.undefinedReason << ")";
    if (r.interval.defined())
        std::printf(", %.0f%% CI [%.4f, %.4f]", r.interval.confidence * 100, *r.interval.low, *r.interval.high);
    std::cout << "\n" << r.alpha.units << " pairable units, " << r.alpha.pairableValues << " pairable values\n";
    return 0;
}

// The running judge, for Ctrl+C: the first press cancels cleanly (what was answered stays saved).
judge::Runner *g_runner = nullptr;

void onInterrupt(int)
{
    if (g_runner)
        g_runner->cancel();
}

std::string formatSeconds(double s)
{
    if (std::isnan(s))
        return "?";
    char buf[32];
    if (s >= 3600)
        std::snprintf(buf, sizeof buf, "%dh%02dm", static_cast<int>(s / 3600), static_cast<int>(std::fmod(s, 3600) / 60));
    else if (s >= 60)
        std::snprintf(buf, sizeof buf, "%dm%02ds", static_cast<int>(s / 60), static_cast<int>(std::fmod(s, 60)));
    else
        std::snprintf(buf, sizeof buf, "%.1fs", s);
    return buf;
}

bool parseNumber(const QCommandLineParser &parser, const QString &name, double &out, double min, double max, std::string &error)
{
    if (!parser.isSet(name))
        return true;
    bool ok = false;
    out = parser.value(name).toDouble(&ok);
    if (!ok || out < min || out > max) {
        error = "--" + str(name) + " takes a number from " + std::to_string(min).substr(0, 6) + " to " + std::to_string(max).substr(0, 10);
        return false;
    }
    return true;
}

int cmdJudge(const QStringList &args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("STUDY"), QStringLiteral("The study file."));
    parser.addOptions({
        {QStringLiteral("provider"), QStringLiteral("openai (any OpenAI-compatible server), anthropic or ollama."), QStringLiteral("P")},
        {QStringLiteral("base-url"), QStringLiteral("The API's base URL, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434."), QStringLiteral("URL")},
        {QStringLiteral("model"), QStringLiteral("The model name."), QStringLiteral("M")},
        {QStringLiteral("protocol"), QStringLiteral("rts, mcq, likert-multi, geval, llmscore, llmeval, h2h, pairwise, llmcompare, llmrank, pyramid or factuality."), QStringLiteral("P")},
        {QStringLiteral("dimension"), QStringLiteral("A dimension to judge (repeatable; default: every Likert dimension)."), QStringLiteral("D")},
        {QStringLiteral("concurrency"), QStringLiteral("Requests at once (default 8)."), QStringLiteral("N"), QStringLiteral("8")},
        {QStringLiteral("limit"), QStringLiteral("Judge only the first N documents (a trial run)."), QStringLiteral("N")},
        {QStringLiteral("api-key-env"), QStringLiteral("The environment variable that holds the API key (the key itself is never stored)."), QStringLiteral("VAR")},
        {QStringLiteral("rater"), QStringLiteral("The judge's name in the study (default: \"MODEL PROTOCOL\")."), QStringLiteral("NAME")},
        {QStringLiteral("estimate"), QStringLiteral("Only estimate the calls, tokens and cost; send nothing.")},
        {QStringLiteral("temperature"), QStringLiteral("Sampling temperature (default 0)."), QStringLiteral("T")},
        {QStringLiteral("top-p"), QStringLiteral("Nucleus sampling threshold."), QStringLiteral("P")},
        {QStringLiteral("max-tokens"), QStringLiteral("Longest answer in tokens (default 512)."), QStringLiteral("N")},
        {QStringLiteral("seed"), QStringLiteral("Seed of the shown order of shuffled protocols, and sent to the model where supported (default 20240601)."), QStringLiteral("S")},
        {QStringLiteral("samples"), QStringLiteral("G-Eval without token probabilities: samples per score (default 20)."), QStringLiteral("N")},
        {QStringLiteral("rpm"), QStringLiteral("At most this many requests per minute."), QStringLiteral("N")},
        {QStringLiteral("tpm"), QStringLiteral("At most this many tokens per minute (estimated prompt plus max tokens)."), QStringLiteral("N")},
        {QStringLiteral("attempts"), QStringLiteral("Tries per call, the first included (default 5)."), QStringLiteral("N")},
        {QStringLiteral("timeout"), QStringLiteral("Seconds a request may take (default 120)."), QStringLiteral("S")},
        {QStringLiteral("price-in"), QStringLiteral("Price per million input tokens, for the cost (default 0)."), QStringLiteral("X")},
        {QStringLiteral("price-out"), QStringLiteral("Price per million output tokens (default 0)."), QStringLiteral("X")},
        {QStringLiteral("template"), QStringLiteral("A prompt template file to use instead of the shipped one (stored in the study)."), QStringLiteral("FILE")},
    });
    int code = 0;
    if (!parseSubcommand(parser, args, QStringLiteral("judge"),
                         QStringLiteral("Runs an LLM judge over a study with one protocol. Answers are saved as they arrive; "
                                        "a rerun sends nothing already answered, so Ctrl+C and running again resumes."), code))
        return code;
    if (parser.positionalArguments().size() != 1)
        return failWith("judge takes exactly one STUDY (see concord-cli judge --help)", kExitUsage);
    for (const char *required : {"provider", "base-url", "model", "protocol"})
        if (!parser.isSet(QString::fromLatin1(required)))
            return failWith(std::string("judge needs --") + required + " (see concord-cli judge --help)", kExitUsage);
    judge::ProviderConfig provider;
    const auto kind = judge::providerKindFromString(str(parser.value(QStringLiteral("provider"))));
    if (!kind)
        return failWith("--provider takes openai, anthropic or ollama", kExitUsage);
    provider.kind = *kind;
    provider.baseUrl = str(parser.value(QStringLiteral("base-url")));
    provider.model = str(parser.value(QStringLiteral("model")));
    provider.apiKeyEnv = str(parser.value(QStringLiteral("api-key-env")));
    judge::RunOptions options;
    const auto protocol = judge::protocolFromString(str(parser.value(QStringLiteral("protocol"))));
    if (!protocol)
        return failWith("unknown --protocol '" + str(parser.value(QStringLiteral("protocol"))) + "' (see concord-cli judge --help)", kExitUsage);
    options.plan.protocol = *protocol;
    for (const QString &d : parser.values(QStringLiteral("dimension")))
        options.plan.dimensions.push_back(str(d));
    options.raterName = str(parser.value(QStringLiteral("rater")));
    std::string error;
    double concurrency = 8, limit = 0, temperature = 0, topP = 1, maxTokens = 512, seed = 20240601, samples = 20, rpm = 0, tpm = 0,
           attempts = 5, timeout = 120, priceIn = 0, priceOut = 0;
    if (!parseNumber(parser, QStringLiteral("concurrency"), concurrency, 1, 1024, error) || !parseNumber(parser, QStringLiteral("limit"), limit, 1, 1e9, error)
        || !parseNumber(parser, QStringLiteral("temperature"), temperature, 0, 2, error) || !parseNumber(parser, QStringLiteral("top-p"), topP, 0, 1, error)
        || !parseNumber(parser, QStringLiteral("max-tokens"), maxTokens, 1, 1e6, error) || !parseNumber(parser, QStringLiteral("seed"), seed, 0, 9e15, error)
        || !parseNumber(parser, QStringLiteral("samples"), samples, 1, 1000, error) || !parseNumber(parser, QStringLiteral("rpm"), rpm, 0, 1e9, error)
        || !parseNumber(parser, QStringLiteral("tpm"), tpm, 0, 1e12, error) || !parseNumber(parser, QStringLiteral("attempts"), attempts, 1, 100, error)
        || !parseNumber(parser, QStringLiteral("timeout"), timeout, 0.1, 86400, error) || !parseNumber(parser, QStringLiteral("price-in"), priceIn, 0, 1e6, error)
        || !parseNumber(parser, QStringLiteral("price-out"), priceOut, 0, 1e6, error))
        return failWith(error, kExitUsage);
    options.concurrency = static_cast<int>(concurrency);
    if (parser.isSet(QStringLiteral("limit")))
        options.plan.documentLimit = static_cast<std::size_t>(limit);
    options.sampling.temperature = temperature;
    if (parser.isSet(QStringLiteral("top-p")))
        options.sampling.topP = topP;
    options.sampling.maxTokens = static_cast<int>(maxTokens);
    options.plan.seed = static_cast<std::uint64_t>(seed);
    if (parser.isSet(QStringLiteral("seed")))
        options.sampling.seed = static_cast<long long>(seed);
    options.samples = static_cast<int>(samples);
    options.requestsPerMinute = rpm;
    options.tokensPerMinute = tpm;
    options.maxAttempts = static_cast<int>(attempts);
    options.requestTimeoutSeconds = timeout;
    options.price = {priceIn, priceOut};
    if (parser.isSet(QStringLiteral("template"))) {
        std::ifstream in(str(parser.value(QStringLiteral("template"))), std::ios::binary);
        if (!in)
            return failWith("cannot read the template " + str(parser.value(QStringLiteral("template"))));
        std::ostringstream text;
        text << in.rdbuf();
        options.templateText = text.str();
        options.templateName = std::filesystem::path(str(parser.value(QStringLiteral("template")))).filename().string();
    }

    judge::Runner runner(str(parser.positionalArguments().at(0)), provider, options);
    if (parser.isSet(QStringLiteral("estimate"))) {
        const auto e = runner.estimate();
        if (!e)
            return failWith(e.error().describe());
        const auto &v = e.value();
        std::printf("calls to send      %zu (%zu already answered)\n", v.calls, v.alreadyAnswered);
        std::printf("tokens in          ~%.0f\n", v.tokensIn);
        std::printf("tokens out         ~%.0f expected, at most %.0f\n", v.tokensOutExpected, v.tokensOutMax);
        std::printf("cost               ~%.4f expected, at most %.4f\n", v.cost, v.costMax);
        if (!v.fallback.empty())
            std::printf("note               %s\n", v.fallback.c_str());
        return 0;
    }
    const bool terminal = ::isatty(STDERR_FILENO) != 0;
    g_runner = &runner;
    std::signal(SIGINT, onInterrupt);
    const auto result = runner.run([terminal](const judge::RunProgress &p) {
        if (!terminal)
            return;
        std::fprintf(stderr, "\r%zu/%zu done (%zu cached), %zu failed, %zu invalid, %zu in flight, %lld+%lld tokens, cost %.4f, ETA %s   ",
                     p.done, p.total, p.cached, p.failed, p.invalid, p.inFlight, p.tokensIn, p.tokensOut, p.cost,
                     formatSeconds(p.etaSeconds).c_str());
    });
    g_runner = nullptr;
    std::signal(SIGINT, SIG_DFL);
    if (terminal)
        std::fprintf(stderr, "\n");
    if (!result)
        return failWith(result.error().describe());
    const auto &p = result.value();
    const double invalidRate = p.done ? 100.0 * static_cast<double>(p.invalid) / static_cast<double>(p.done) : 0;
    std::printf("%s: %zu calls, %zu sent, %zu cached, %zu failed, %zu retries, invalid %.1f%%, %lld tokens in, %lld out, cost %.4f, %s\n",
                p.cancelled ? "cancelled (run again to resume)" : "finished", p.total, p.sent, p.cached, p.failed, p.retries, invalidRate,
                p.tokensIn, p.tokensOut, p.cost, formatSeconds(p.elapsedSeconds).c_str());
    if (!p.fallback.empty())
        std::printf("note: %s\n", p.fallback.c_str());
    return p.cancelled ? 130 : p.failed > 0 ? 3 : 0;
}

int cmdImportJudgements(const QStringList &args)
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
    if (!parseSubcommand(parser, args, QStringLiteral("import-judgements"),
                         QStringLiteral("Imports recorded judge answers (e.g. published outputs), each parsed by the protocol's parser; "
                                        "unreadable answers are kept as invalid. All or nothing."), code))
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

int cmdCalls(const QStringList &args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("STUDY"), QStringLiteral("The study file."));
    parser.addOptions({
        {QStringLiteral("rater"), QStringLiteral("The judge whose calls to list."), QStringLiteral("NAME")},
        {QStringLiteral("invalid"), QStringLiteral("Only calls whose answer could not be used.")},
        {QStringLiteral("json"), QStringLiteral("One JSON object per line, with the prompt and raw answer.")},
    });
    int code = 0;
    if (!parseSubcommand(parser, args, QStringLiteral("calls"), QStringLiteral("Lists a judge's calls: parsed value, validity, tokens, cost, latency."), code))
        return code;
    if (parser.positionalArguments().size() != 1 || !parser.isSet(QStringLiteral("rater")))
        return failWith("calls takes a STUDY and --rater NAME (see concord-cli calls --help)", kExitUsage);
    store::OpenOptions options;
    options.readOnly = true;
    auto study = store::Study::open(str(parser.positionalArguments().at(0)), options);
    if (!study)
        return failWith(study.error().describe());
    const auto rater = study.value()->raterId(str(parser.value(QStringLiteral("rater"))));
    if (!rater)
        return failWith("no rater named '" + str(parser.value(QStringLiteral("rater"))) + "' in the study");
    const auto calls = study.value()->callsOfRater(*rater, parser.isSet(QStringLiteral("invalid")));
    if (parser.isSet(QStringLiteral("json"))) {
        for (const auto &c : calls) {
            nlohmann::json j;
            j["id"] = c.id;
            j["run"] = c.runId;
            j["request_hash"] = c.requestHash;
            j["sample"] = c.sampleIndex;
            j["unit"] = nlohmann::json::parse(c.unit, nullptr, false);
            j["prompt"] = c.prompt;
            j["raw_response"] = c.rawResponse;
            j["parsed_value"] = c.parsedValue ? nlohmann::json(*c.parsedValue) : nlohmann::json();
            j["parsed"] = nlohmann::json::parse(c.parsed, nullptr, false);
            j["valid"] = c.valid;
            j["invalid_reason"] = c.invalidReason;
            j["tokens_in"] = c.tokensIn;
            j["tokens_out"] = c.tokensOut;
            j["cost"] = c.cost;
            j["latency_ms"] = c.latencyMs;
            j["attempts"] = c.attempts;
            j["http_status"] = c.httpStatus;
            j["error"] = c.error;
            std::cout << j.dump() << '\n';
        }
        return 0;
    }
    std::printf("%8s  %-5s  %8s  %-40s  %6s  %6s  %8s\n", "call", "valid", "value", "reason", "in", "out", "ms");
    for (const auto &c : calls) {
        std::string reason = c.valid ? std::string() : (c.error.empty() ? c.invalidReason : c.error);
        if (reason.size() > 40)
            reason = reason.substr(0, 37) + "...";
        std::printf("%8lld  %-5s  %8s  %-40s  %6d  %6d  %8.0f\n", static_cast<long long>(c.id), c.valid ? "yes" : "no",
                    c.parsedValue ? std::to_string(*c.parsedValue).substr(0, 8).c_str() : "-", reason.c_str(), c.tokensIn, c.tokensOut,
                    c.latencyMs);
    }
    return 0;
}

// ---- annotation (issue 5) ----

int cmdMerge(const QStringList &args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("STUDY"), QStringLiteral("The study to merge into."));
    parser.addPositionalArgument(QStringLiteral("OTHER"), QStringLiteral("The study (an annotator's package) whose human judgements come in."));
    parser.addOption({QStringLiteral("rater"), QStringLiteral("Only this annotator's judgements."), QStringLiteral("NAME")});
    int code = 0;
    if (!parseSubcommand(parser, args, QStringLiteral("merge"),
                         QStringLiteral("Merges another study's human judgements (documents matched by id, summaries by system). "
                                        "Any conflict refuses the whole merge and lists every conflict."), code))
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

int cmdExportPackage(const QStringList &args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("STUDY"), QStringLiteral("The study."));
    parser.addPositionalArgument(QStringLiteral("OUT"), QStringLiteral("The package to write (a new *.concord file)."));
    parser.addOption({QStringLiteral("rater"), QStringLiteral("The annotator the package is for (required)."), QStringLiteral("NAME")});
    int code = 0;
    if (!parseSubcommand(parser, args, QStringLiteral("export-package"),
                         QStringLiteral("Writes an annotator's own copy of a study: every item, what is asked, and their judgements so far."), code))
        return code;
    const QStringList pos = parser.positionalArguments();
    if (pos.size() != 2 || !parser.isSet(QStringLiteral("rater")))
        return failWith("export-package takes a STUDY, an OUT file and --rater NAME (see concord-cli export-package --help)", kExitUsage);
    store::OpenOptions options;
    options.readOnly = true;
    auto study = store::Study::open(str(pos.at(0)), options);
    if (!study)
        return failWith(study.error().describe());
    auto report = io::AnnotatorPackage::write(*study.value(), str(parser.value(QStringLiteral("rater"))), str(pos.at(1)));
    if (!report)
        return failWith(report.error().describe());
    std::cout << "wrote " << str(pos.at(1)) << ": " << io::AnnotationMerger::describe(report.value()) << '\n';
    return 0;
}

struct Command {
    const char *summary;
    std::function<int(const QStringList &)> run;
};

const std::map<QString, Command> &commands()
{
    static const std::map<QString, Command> table{
        {QStringLiteral("new"), {"create an empty study", cmdNew}},
        {QStringLiteral("info"), {"show what a study holds (--json for a machine-readable object)", cmdInfo}},
        {QStringLiteral("import"), {"import SummEval JSONL, or JSONL/CSV/TSV with a column mapping", cmdImport}},
        {QStringLiteral("export"), {"export every judgement as long-format CSV or JSONL", cmdExport}},
        {QStringLiteral("demo"), {"create the demo study", cmdDemo}},
        {QStringLiteral("stats"), {"correlate a rater with a human group at every level", cmdStats}},
        {QStringLiteral("agreement"), {"Krippendorff's alpha of a rater group on a dimension", cmdAgreement}},
        {QStringLiteral("judge"), {"run an LLM judge over a study (--estimate for the cost first)", cmdJudge}},
        {QStringLiteral("import-judgements"), {"import recorded judge answers, parsed by a protocol's parser", cmdImportJudgements}},
        {QStringLiteral("calls"), {"list a judge's calls: prompts, raw answers, parsed values", cmdCalls}},
        {QStringLiteral("merge"), {"merge another study's human judgements (all or nothing)", cmdMerge}},
        {QStringLiteral("export-package"), {"write an annotator's own copy of a study (--rater NAME)", cmdExportPackage}},
    };
    return table;
}

void printUsage()
{
    std::cout << "Usage: concord-cli COMMAND [OPTIONS]\n\n"
                 "Concord without a window: studies, imports, exports, statistics and judges.\n\nCommands:\n";
    for (const auto &[name, command] : commands())
        std::printf("  %-20s %s\n", name.toUtf8().constData(), command.summary);
    std::cout << "\nRun 'concord-cli COMMAND --help' for the options of one command.\n";
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("concord-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(CONCORD_VERSION));
    QStringList args = QCoreApplication::arguments();
    if (args.size() < 2 || args.at(1) == QLatin1String("--help") || args.at(1) == QLatin1String("-h")) {
        printUsage();
        return args.size() < 2 ? kExitUsage : 0;
    }
    if (args.at(1) == QLatin1String("--version")) {
        std::cout << "concord-cli " << CONCORD_VERSION << '\n';
        return 0;
    }
    const QString name = args.at(1);
    const auto it = commands().find(name);
    if (it == commands().end())
        return failWith("unknown command '" + str(name) + "' (see concord-cli --help)", kExitUsage);
    // The subcommand's parser sees "concord-cli NAME ARGS...", so its help names it.
    args.removeAt(1);
    args[0] = QStringLiteral("concord-cli ") + name;
    return it->second.run(args);
}
