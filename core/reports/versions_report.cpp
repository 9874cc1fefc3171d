// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reports/versions_report.h"

#include "model/json_text.h"
#include "reports/dashboard_report.h"
#include "reports/number_text.h"
#include "reports/split_report.h"
#include "reports/study_scores.h"
#include "store/run_templates.h"
#include "store/study.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace concord::reports {

using nlohmann::json;

namespace {

// What makes runs one family: the provider, the model and the protocol they ran.
struct Family {
    std::string provider;
    std::string model;
    std::string protocol;
    bool operator==(const Family &) const = default;
};

Family familyOf(const store::JudgeRunRow &run)
{
    Family f;
    f.protocol = run.protocol;
    const json settings = json::parse(run.settings, nullptr, false);
    if (settings.is_object()) {
        if (const auto p = settings.find("provider"); p != settings.end() && p->is_string())
            f.provider = p->get<std::string>();
        if (const auto m = settings.find("model"); m != settings.end() && m->is_string())
            f.model = m->get<std::string>();
    }
    return f;
}

} // namespace

std::string verdictOf(const JudgeComparisonEntry &entry, const std::string &later)
{
    if (!entry.significant || entry.better.empty())
        return "same";
    return entry.better == later ? "better" : "worse";
}

Result<VersionsReport> compareVersions(store::Study &study, const VersionsRequest &request)
{
    return capture([&]() -> VersionsReport {
        for (const auto level : request.levels)
            if (level != Level::Dataset && level != Level::System && level != Level::Summary)
                fail("versions are compared at dataset, system and summary level, not " + std::string(toString(level)),
                     "level");
        if (request.levels.empty())
            fail("comparing versions needs at least one level", "level");
        if (!request.split.empty() && request.split != "dev" && request.split != "test")
            fail("the split is dev or test, not '" + request.split + "'", "split");

        const auto raterId = study.raterId(request.judge);
        if (!raterId)
            fail("no rater named '" + request.judge + "' in the study", "judge");
        const std::vector<store::JudgeRunRow> runs = study.judgeRuns();
        std::map<long long, const store::JudgeRunRow *> runById;
        for (const auto &run : runs)
            runById.emplace(run.id, &run);
        // Each rater's templates, from its runs in order.
        std::map<model::Id, std::vector<store::RunTemplate>> templatesOf;
        for (auto &t : store::runTemplates(study))
            templatesOf[t.rater].push_back(std::move(t));
        const auto own = templatesOf.find(*raterId);
        if (own == templatesOf.end())
            fail("judge '" + request.judge
                     + "' has no run with a recorded template (imported answers have none): its versions cannot be "
                       "told apart",
                 "judge");
        const Family family = familyOf(*runById.at(own->second.back().run));

        VersionsReport out;
        out.request = request;
        out.provider = family.provider;
        out.model = family.model;
        out.protocol = family.protocol;
        for (const auto &[rater, templates] : templatesOf) {
            const store::JudgeRunRow &latest = *runById.at(templates.back().run);
            if (!(familyOf(latest) == family))
                continue;
            JudgeVersion v;
            v.rater = latest.raterName;
            v.templateName = templates.back().name;
            v.templateVersion = templates.back().version;
            v.firstRun = templates.front().run;
            std::set<std::pair<std::string, int>> used;
            for (const auto &t : templates)
                used.emplace(t.name, t.version);
            v.mixedTemplates = used.size() > 1;
            out.versions.push_back(std::move(v));
        }
        std::sort(out.versions.begin(), out.versions.end(),
                  [](const JudgeVersion &a, const JudgeVersion &b) { return a.firstRun < b.firstRun; });

        // Each version's agreement, over the split's documents only.
        StudyScores scores = StudyScores::read(study, request.dimensions);
        if (const Status kept = keepSplitOnly(study, scores, request.split); !kept)
            fail(kept.error().message, "split");
        for (const auto &v : out.versions) {
            if (request.cancel && request.cancel->load())
                fail("the comparison of the versions was cancelled");
            CorrelationRequest c;
            c.humanGroup = request.humanGroup;
            c.rater = v.rater;
            c.dimensions = request.dimensions;
            c.levels = request.levels;
            c.methods = {request.method};
            c.bootstrap = request.bootstrap;
            c.bootstrapOptions.resamples = request.bootstrap;
            c.bootstrapOptions.seed = request.seed;
            c.split = request.split;
            const auto report = computeCorrelationReport(scores, c);
            if (!report)
                throw Failure(report.error());
            for (const auto &d : report.value().dimensions)
                for (const auto level : request.levels)
                    if (const ReportEntry *entry = entryAt(d, level, request.method))
                        out.agreement.push_back({v.rater, d.dimension, level, *entry});
        }

        // Each version against the one before it, on the same split.
        for (std::size_t k = 1; k < out.versions.size(); ++k) {
            JudgeComparisonRequest c;
            c.humanGroup = request.humanGroup;
            c.raterA = out.versions[k].rater;
            c.raterB = out.versions[k - 1].rater;
            c.dimensions = request.dimensions;
            c.levels = request.levels;
            c.methods = {request.method};
            c.test = request.test;
            c.resamples = request.resamples;
            c.seed = request.seed;
            c.alpha = request.alpha;
            c.split = request.split;
            c.cancel = request.cancel;
            const auto comparison = compareJudges(study, c);
            if (!comparison)
                throw Failure(comparison.error());
            for (const auto &e : comparison.value().entries)
                out.steps.push_back({c.raterB, c.raterA, e, verdictOf(e, c.raterA)});
        }
        return out;
    });
}

io::Table versionsTable(const VersionsReport &report, bool fullPrecision)
{
    io::Table t;
    t.header = {"version", "template", "template_version", "dimension", "level", "correlation",
                "n",       "r",        "ci_low",           "ci_high"};
    t.numeric = {false, false, true, false, false, false, true, true, true, true};
    const auto &r = report.request;
    t.caption = "Each version of " + report.provider + " " + report.model + " (" + report.protocol
                + ") against the mean of group " + r.humanGroup + ", "
                + (r.split.empty() ? std::string("every document") : r.split + " documents only") + "; "
                + std::to_string(r.bootstrap) + " bootstrap resamples of documents and systems, seed "
                + std::to_string(r.seed);
    std::map<std::string, const JudgeVersion *> byRater;
    for (const auto &v : report.versions)
        byRater.emplace(v.rater, &v);
    for (const auto &a : report.agreement) {
        const JudgeVersion &v = *byRater.at(a.rater);
        t.rows.push_back(
            {a.rater, v.templateName + (v.mixedTemplates ? " (mixed)" : ""), std::to_string(v.templateVersion),
             a.dimension, std::string(toString(a.level)), std::string(toString(r.method)),
             std::to_string(a.entry.correlation.n), tableNumber(a.entry.correlation.value, fullPrecision, false),
             tableNumber(a.entry.ci.low, fullPrecision, false), tableNumber(a.entry.ci.high, fullPrecision, false)});
    }
    return t;
}

io::Table versionStepsTable(const VersionsReport &report, bool fullPrecision)
{
    io::Table t;
    t.header = {"from", "to",         "dimension",  "level",         "n",      "r_from",
                "r_to", "difference", "williams_p", "permutation_p", "verdict"};
    t.numeric = {false, false, false, false, true, true, true, true, true, true, false};
    const auto &r = report.request;
    t.caption = "Each version against the one before it on the items both rated: better or worse when every test "
                "that applies has p < "
                + tableNumber(r.alpha, true, false) + " (Williams' test, a permutation test with "
                + std::to_string(r.resamples) + " resamples), else the same; "
                + (r.split.empty() ? std::string("every document") : r.split + " documents only");
    for (const auto &s : report.steps) {
        const auto &e = s.comparison;
        t.rows.push_back({s.from, s.to, e.dimension, std::string(toString(e.level)), std::to_string(e.a.n),
                          tableNumber(e.b.value, fullPrecision, false), tableNumber(e.a.value, fullPrecision, false),
                          tableNumber(e.difference, fullPrecision, false),
                          tableNumber(e.williams.pTwoSided, fullPrecision, true),
                          tableNumber(e.permutation.p, fullPrecision, true), s.verdict});
    }
    return t;
}

std::string versionsJson(const VersionsReport &report)
{
    const auto &r = report.request;
    json versions = json::array();
    for (const auto &v : report.versions) {
        json agreement = json::object();
        for (const auto &a : report.agreement)
            if (a.rater == v.rater)
                agreement[a.dimension][std::string(toString(a.level))]
                    = {{"value", jsonNumber(a.entry.correlation.value)},
                       {"p", jsonNumber(a.entry.correlation.p)},
                       {"n", a.entry.correlation.n},
                       {"ci_low", jsonNumber(a.entry.ci.low)},
                       {"ci_high", jsonNumber(a.entry.ci.high)}};
        versions.push_back({{"rater", v.rater},
                            {"template", v.templateName},
                            {"template_version", v.templateVersion},
                            {"mixed_templates", v.mixedTemplates},
                            {"agreement", agreement}});
    }
    json steps = json::array();
    for (const auto &s : report.steps) {
        if (steps.empty() || steps.back()["to"] != s.to)
            steps.push_back({{"from", s.from}, {"to", s.to}, {"dimensions", json::object()}});
        const auto &e = s.comparison;
        steps.back()["dimensions"][e.dimension][std::string(toString(e.level))]
            = {{"n", e.a.n},
               {"r_from", jsonNumber(e.b.value)},
               {"r_to", jsonNumber(e.a.value)},
               {"difference", jsonNumber(e.difference)},
               {"williams_p", jsonNumber(e.williams.pTwoSided)},
               {"permutation_p", jsonNumber(e.permutation.p)},
               {"verdict", s.verdict}};
    }
    const json out{{"judge", r.judge},
                   {"provider", report.provider},
                   {"model", report.model},
                   {"protocol", report.protocol},
                   {"human_group", r.humanGroup},
                   {"split", r.split.empty() ? json(nullptr) : json(r.split)},
                   {"correlation", std::string(stats::toString(r.method))},
                   {"test", std::string(toString(r.test))},
                   {"alpha", r.alpha},
                   {"bootstrap", r.bootstrap},
                   {"seed", r.seed},
                   {"versions", versions},
                   {"steps", steps}};
    return model::JsonText::dump(out, 2);
}

} // namespace concord::reports
