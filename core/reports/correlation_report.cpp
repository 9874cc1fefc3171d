// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reports/correlation_report.h"

#include "reports/number_text.h"
#include "reports/rating_matrices.h"
#include "store/name_hints.h"
#include "store/study.h"

#include <algorithm>
#include <cmath>

namespace concord::reports {

using model::Id;
using nlohmann::json;

namespace {

bool wants(const CorrelationRequest &r, Level level)
{
    return std::find(r.levels.begin(), r.levels.end(), level) != r.levels.end();
}

ReportEntry entryFor(const stats::Correlation &c, const stats::ScoreMatrix &x, const stats::ScoreMatrix &z,
                     const CorrelationRequest &request, const stats::MatrixStatistic &statistic,
                     stats::ResampleUnit unit, Level level)
{
    ReportEntry e;
    e.correlation = c;
    const auto &only = request.bootstrapLevels;
    const bool wanted = only.empty() || std::find(only.begin(), only.end(), level) != only.end();
    if (request.bootstrap > 0 && wanted && c.defined()) {
        stats::BootstrapOptions options = request.bootstrapOptions;
        options.resamples = request.bootstrap;
        options.unit = unit;
        e.ci = bootstrap(x, z, statistic, options);
    }
    return e;
}

stats::ScoreMatrix rowOf(const stats::ScoreMatrix &m, std::size_t s)
{
    return stats::ScoreMatrix(1, m.documents(), m.row(s));
}

json entryJson(const ReportEntry &e, bool summary)
{
    json j;
    j["value"] = jsonNumber(e.correlation.value);
    j["p"] = jsonNumber(e.correlation.p);
    j["n"] = e.correlation.n;
    j["ci_low"] = jsonNumber(e.ci.low);
    j["ci_high"] = jsonNumber(e.ci.high);
    if (e.ci.resamples > 0) {
        j["ci_level"] = e.ci.confidence;
        j["resamples"] = e.ci.resamples;
        j["undefined_resamples"] = e.ci.undefinedResamples;
    }
    if (summary)
        j["documents_used"] = e.documentsUsed;
    if (!e.correlation.defined())
        j["undefined_reason"] = e.correlation.undefinedReason;
    return j;
}

json methodsJson(const std::map<stats::CorrelationMethod, ReportEntry> &entries, bool summary = false)
{
    json j = json::object();
    for (const auto &[method, entry] : entries)
        j[std::string(toString(method))] = entryJson(entry, summary);
    return j;
}

} // namespace

std::string_view toString(Level level)
{
    switch (level) {
    case Level::Dataset:
        return "dataset";
    case Level::System:
        return "system";
    case Level::Summary:
        return "summary";
    case Level::PerSystem:
        return "per-system";
    case Level::Meta:
        return "meta";
    }
    return "dataset";
}

std::optional<Level> levelFromString(std::string_view text)
{
    for (auto l : {Level::Dataset, Level::System, Level::Summary, Level::PerSystem, Level::Meta})
        if (toString(l) == text)
            return l;
    if (text == "per_system")
        return Level::PerSystem;
    if (text == "sample" || text == "input")
        return Level::Summary;
    return std::nullopt;
}

Result<CorrelationReport> computeCorrelationReport(store::Study &study, const CorrelationRequest &request)
{
    return capture([&]() -> CorrelationReport {
        CorrelationReport report;
        report.request = request;
        const auto raters = study.raters();
        const auto rater
            = std::find_if(raters.begin(), raters.end(), [&](const auto &r) { return r.name == request.rater; });
        if (rater == raters.end())
            fail("no rater named '" + request.rater + "' in the study" + store::raterNamesHint(study), "rater");
        std::vector<Id> humans;
        for (const auto &r : raters) {
            if (r.kind != model::RaterKind::Human || r.group != request.humanGroup)
                continue;
            if (r.id == rater->id && !request.includeSelf)
                continue;
            humans.push_back(r.id);
            report.humanRaters.push_back(r.name);
        }
        if (humans.empty())
            fail("no human rater in group '" + request.humanGroup + "'" + store::humanGroupsHint(study)
                     + (rater->group == request.humanGroup ? " besides '" + request.rater + "'" : std::string()),
                 "human");

        std::map<Id, std::string> systemNames;
        for (const auto &s : study.systems())
            systemNames[s.id] = s.name;

        std::vector<model::Dimension> dimensions;
        for (const auto &d : study.dimensions()) {
            const bool named
                = std::find(request.dimensions.begin(), request.dimensions.end(), d.name) != request.dimensions.end();
            const bool scored = d.kind == model::DimensionKind::Likert || d.kind == model::DimensionKind::Rank;
            if (request.dimensions.empty() ? scored : named)
                dimensions.push_back(d);
        }
        for (const auto &name : request.dimensions)
            if (std::none_of(dimensions.begin(), dimensions.end(), [&](const auto &d) { return d.name == name; }))
                fail("no dimension named '" + name + "' in the study" + store::dimensionNamesHint(study), "dimension");

        for (const auto &dim : dimensions) {
            if (dim.kind != model::DimensionKind::Likert && dim.kind != model::DimensionKind::Rank)
                fail("dimension '" + dim.name + "' holds " + std::string(toString(dim.kind))
                         + " judgements, which are not correlated; choose a likert or rank dimension",
                     "dimension");
            // Rankings are compared as scores (N − #{candidates ranked better}), so higher is better on both.
            const RatingMatrices matrices(dim.kind == model::DimensionKind::Rank ? RatingMatrices::fromRankings(
                                              study.rankingsOn(dim.id), RatingMatrices::RankValue::Score)
                                                                                 : study.ratingsOn(dim.id));
            const stats::ScoreMatrix *x = matrices.of(rater->id);
            if (!x) {
                if (!request.dimensions.empty())
                    fail("rater '" + request.rater + "' has no rating on dimension '" + dim.name + "'", "dimension");
                continue; // not every judge rates every dimension
            }
            const stats::ScoreMatrix z = matrices.mean(humans);
            DimensionReport d;
            d.dimension = dim.name;
            d.documentsTotal = x->documents();
            for (const auto id : matrices.systems())
                d.systemNames.push_back(systemNames[id]);

            for (const auto method : request.methods) {
                if (wants(request, Level::Dataset)) {
                    auto stat = [method](const stats::ScoreMatrix &a, const stats::ScoreMatrix &b) {
                        return stats::datasetLevel(a, b, method, false).value;
                    };
                    d.dataset[method] = entryFor(stats::datasetLevel(*x, z, method), *x, z, request, stat,
                                                 request.bootstrapOptions.unit, Level::Dataset);
                }
                if (wants(request, Level::System)) {
                    auto stat = [method](const stats::ScoreMatrix &a, const stats::ScoreMatrix &b) {
                        return stats::systemLevel(a, b, method, false).value;
                    };
                    d.system[method] = entryFor(stats::systemLevel(*x, z, method), *x, z, request, stat,
                                                request.bootstrapOptions.unit, Level::System);
                }
                if (wants(request, Level::Summary)) {
                    const stats::SummaryLevel s = stats::summaryLevel(*x, z, method);
                    auto stat = [method](const stats::ScoreMatrix &a, const stats::ScoreMatrix &b) {
                        return stats::summaryLevelMean(a, b, method);
                    };
                    ReportEntry e
                        = entryFor(s.mean, *x, z, request, stat, request.bootstrapOptions.unit, Level::Summary);
                    e.documentsUsed = s.documentsUsed;
                    d.summary[method] = std::move(e);
                }
                if (wants(request, Level::PerSystem)) {
                    const auto per = stats::perSystem(*x, z, method);
                    // A system's correlation is over its documents, so only documents are resampled.
                    auto stat = [method](const stats::ScoreMatrix &a, const stats::ScoreMatrix &b) {
                        return stats::correlate(a.cells(), b.cells(), method, false).value;
                    };
                    for (std::size_t s = 0; s < per.size(); ++s)
                        d.perSystem[d.systemNames[s]][method]
                            = entryFor(per[s], rowOf(*x, s), rowOf(z, s), request, stat, stats::ResampleUnit::Documents,
                                       Level::PerSystem);
                }
                if (wants(request, Level::Meta)) {
                    stats::MetaCorrelation meta = stats::metaCorrelation(*x, z, method);
                    // M relates systems to each other, so systems are what is resampled.
                    auto stat = [method](const stats::ScoreMatrix &a, const stats::ScoreMatrix &b) {
                        return stats::metaCorrelation(a, b, method, false).m.value;
                    };
                    d.meta[method] = entryFor(meta.m, *x, z, request, stat, stats::ResampleUnit::Systems, Level::Meta);
                    d.metaDetail[method] = std::move(meta);
                }
            }
            report.dimensions.push_back(std::move(d));
        }
        if (report.dimensions.empty())
            fail("rater '" + request.rater + "' has no rating on any dimension asked for", "rater");
        return report;
    });
}

json toJson(const CorrelationReport &report)
{
    json out = json::object();
    for (const auto &d : report.dimensions) {
        json j = json::object();
        const auto &levels = report.request.levels;
        auto has = [&](Level l) { return std::find(levels.begin(), levels.end(), l) != levels.end(); };
        if (has(Level::Dataset))
            j["dataset"] = methodsJson(d.dataset);
        if (has(Level::System))
            j["system"] = methodsJson(d.system);
        if (has(Level::Summary)) {
            j["summary"] = methodsJson(d.summary, true);
            j["summary"]["documents_used"] = d.summary.empty() ? 0 : d.summary.begin()->second.documentsUsed;
            j["summary"]["documents_total"] = d.documentsTotal;
        }
        if (has(Level::PerSystem)) {
            j["per_system"] = json::object();
            for (const auto &[system, entries] : d.perSystem)
                j["per_system"][system] = methodsJson(entries);
        }
        if (has(Level::Meta)) {
            j["meta"] = methodsJson(d.meta);
            for (const auto &[method, detail] : d.metaDetail) {
                json q = json::object(), p = json::object();
                for (std::size_t s = 0; s < d.systemNames.size(); ++s) {
                    q[d.systemNames[s]] = jsonNumber(detail.q[s]);
                    p[d.systemNames[s]] = jsonNumber(detail.p[s]);
                }
                j["meta"][std::string(toString(method))]["q"] = q;
                j["meta"][std::string(toString(method))]["p_i"] = p;
            }
        }
        out[d.dimension] = j;
    }
    return out;
}

std::vector<ReportRow> toRows(const CorrelationReport &report)
{
    std::vector<ReportRow> rows;
    for (const auto &d : report.dimensions) {
        auto add = [&](std::string_view level, const std::string &system,
                       const std::map<stats::CorrelationMethod, ReportEntry> &entries) {
            for (const auto &[method, entry] : entries)
                rows.push_back({d.dimension, std::string(level), system, std::string(toString(method)), entry});
        };
        add("dataset", {}, d.dataset);
        add("system", {}, d.system);
        add("summary", {}, d.summary);
        for (const auto &name : d.systemNames)
            if (auto it = d.perSystem.find(name); it != d.perSystem.end())
                add("per-system", name, it->second);
        add("meta", {}, d.meta);
    }
    return rows;
}

io::Table toTable(const CorrelationReport &report, bool fullPrecision)
{
    io::Table t;
    const bool withCi = report.request.bootstrap > 0;
    t.header = {"dimension", "level", "system", "correlation", "value", "p", "n"};
    if (withCi) {
        t.header.push_back("ci_low");
        t.header.push_back("ci_high");
    }
    t.header.push_back("documents_used");
    t.numeric = {false, false, false, false, true, true, true};
    if (withCi) {
        t.numeric.push_back(true);
        t.numeric.push_back(true);
    }
    t.numeric.push_back(true);
    t.caption
        = "stats::Correlation of " + report.request.rater + " with the mean of group " + report.request.humanGroup;
    for (const auto &r : toRows(report)) {
        std::vector<std::string> cells{r.dimension,
                                       r.level,
                                       r.system,
                                       r.correlation,
                                       tableNumber(r.entry.correlation.value, fullPrecision, false),
                                       tableNumber(r.entry.correlation.p, fullPrecision, true),
                                       std::to_string(r.entry.correlation.n)};
        if (withCi) {
            cells.push_back(tableNumber(r.entry.ci.low, fullPrecision, false));
            cells.push_back(tableNumber(r.entry.ci.high, fullPrecision, false));
        }
        cells.push_back(r.level == "summary" ? std::to_string(r.entry.documentsUsed) : std::string());
        t.rows.push_back(std::move(cells));
    }
    return t;
}

} // namespace concord::reports
