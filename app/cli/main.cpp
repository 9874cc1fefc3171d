// concord-cli: everything Concord does, headless. Wiring only: parse arguments, call core, print.
// Exit 0 on success; on failure one clear line on stderr and a non-zero exit.
#include "store/study.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <nlohmann/json.hpp>

#include <cstdio>
#include <functional>
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
        std::cout << str(parser.helpText());
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

struct Command {
    const char *summary;
    std::function<int(const QStringList &)> run;
};

const std::map<QString, Command> &commands()
{
    static const std::map<QString, Command> table{
        {QStringLiteral("new"), {"create an empty study", cmdNew}},
        {QStringLiteral("info"), {"show what a study holds (--json for a machine-readable object)", cmdInfo}},
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
