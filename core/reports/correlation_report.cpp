// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reports/correlation_report.h"

#include "reports/number_text.h"
#include "reports/rating_matrices.h"
#include "reports/study_scores.h"
#include "stats/level_bootstrap.h"
#include "store/name_hints.h"
#include "store/study.h"

#include <algorithm>
#include <cmath>
#include <iterator>

namespace concord::reports {

using model::Id;
using nlohmann::json;

namespace {

bool wants(const CorrelationRequest &r, Level level)
{
    return std::find(r.levels.begin(), r.levels.end(), level) != r.levels.end();
}

bool wantsInterval(const CorrelationRequest &request, Level level)
{
    const auto &only = request.bootstrapLevels;
    return request.bootstrap > 0 && (only.empty() || std::find(only.begin(), only.end(), level) != only.end());
}

// Fills in the intervals of one level's entries (by method) whose coefficient is defined, all from one
// pass of resamples: intervals(methods) returns one interval per method, in order.
template <typename Intervals>
void addIntervals(std::map<stats::CorrelationMethod, ReportEntry> &entries, Intervals &&intervals)
{
    std::vector<stats::CorrelationMethod> methods;
    for (const auto &[method, entry] : entries)
        if (entry.correlation.defined() && stats::hasBootstrapInterval(method))
            methods.push_back(method);
    if (methods.empty())
        return;
    const std::vector<stats::ConfidenceInterval> cis = intervals(methods);
    for (std::size_t m = 0; m < methods.size(); ++m)
        entries[methods[m]].ci = cis[m];
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
    if (!std::isnan(e.correlation.tieThreshold))
        j["tie_threshold"] = e.correlation.tieThreshold;
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
    auto scores = capture([&] { return StudyScores::read(study, request.dimensions); });
    if (!scores)
        return scores.error();
    return computeCorrelationReport(scores.value(), request);
}

Result<CorrelationReport> computeCorrelationReport(const StudyScores &scores, const CorrelationRequest &request)
{
    return capture([&]() -> CorrelationReport {
        CorrelationReport report;
        report.request = request;
        const auto &raters = scores.raters;
        const auto rater
            = std::find_if(raters.begin(), raters.end(), [&](const auto &r) { return r.name == request.rater; });
        if (rater == raters.end())
            fail("no rater named '" + request.rater + "' in the study" + store::raterNamesHint(raters), "rater");
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
            fail("no human rater in group '" + request.humanGroup + "'" + store::humanGroupsHint(raters)
                     + (rater->group == request.humanGroup ? " besides '" + request.rater + "'" : std::string()),
                 "human");

        std::vector<model::Dimension> dimensions;
        for (const auto &d : scores.dimensions) {
            const bool named
                = std::find(request.dimensions.begin(), request.dimensions.end(), d.name) != request.dimensions.end();
            const bool scored = d.kind == model::DimensionKind::Likert || d.kind == model::DimensionKind::Rank;
            if (request.dimensions.empty() ? scored : named)
                dimensions.push_back(d);
        }
        for (const auto &name : request.dimensions)
            if (std::none_of(dimensions.begin(), dimensions.end(), [&](const auto &d) { return d.name == name; }))
                fail("no dimension named '" + name + "' in the study" + store::dimensionNamesHint(scores.dimensions),
                     "dimension");

        for (const auto &dim : dimensions) {
            if (dim.kind != model::DimensionKind::Likert && dim.kind != model::DimensionKind::Rank)
                fail("dimension '" + dim.name + "' holds " + std::string(toString(dim.kind))
                         + " judgements, which are not correlated; choose a likert or rank dimension",
                     "dimension");
            // Rankings are compared as scores (N − #{candidates ranked better}), so higher is better on both.
            const RatingMatrices matrices(scores.valuesOn(dim, RatingMatrices::RankValue::Score));
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
            for (const auto id : matrices.systems()) {
                const auto name = scores.systemNames.find(id);
                d.systemNames.push_back(name == scores.systemNames.end() ? std::string() : name->second);
            }

            // Point estimates per coefficient; then each level's intervals for every coefficient at once,
            // from one set of resamples (each coefficient's interval is the one it would get alone).
            stats::BootstrapOptions options = request.bootstrapOptions;
            options.resamples = request.bootstrap;
            for (const auto method : request.methods) {
                if (wants(request, Level::Dataset))
                    d.dataset[method].correlation = stats::datasetLevel(*x, z, method);
                if (wants(request, Level::System))
                    d.system[method].correlation = stats::systemLevel(*x, z, method);
                if (wants(request, Level::Summary)) {
                    const stats::SummaryLevel s = stats::summaryLevel(*x, z, method);
                    d.summary[method].correlation = s.mean;
                    d.summary[method].documentsUsed = s.documentsUsed;
                }
                if (wants(request, Level::PerSystem)) {
                    const auto per = stats::perSystem(*x, z, method);
                    for (std::size_t s = 0; s < per.size(); ++s)
                        d.perSystem[d.systemNames[s]][method].correlation = per[s];
                }
                if (wants(request, Level::Meta)) {
                    stats::MetaCorrelation meta = stats::metaCorrelation(*x, z, method);
                    d.meta[method].correlation = meta.m;
                    d.metaDetail[method] = std::move(meta);
                }
            }
            if (wantsInterval(request, Level::Dataset))
                addIntervals(d.dataset, [&](const auto &methods) {
                    return stats::bootstrapDatasetLevel(*x, z, methods, options);
                });
            if (wantsInterval(request, Level::System))
                addIntervals(d.system,
                             [&](const auto &methods) { return stats::bootstrapSystemLevel(*x, z, methods, options); });
            if (wantsInterval(request, Level::Summary))
                addIntervals(d.summary, [&](const auto &methods) {
                    return stats::bootstrapSummaryLevel(*x, z, methods, options);
                });
            if (wantsInterval(request, Level::PerSystem) && !d.perSystem.empty()) {
                // A system's correlation is over its documents, so only documents are resampled. One pass
                // serves every system; each keeps the intervals of its defined coefficients.
                std::vector<stats::CorrelationMethod> resampled;
                std::copy_if(request.methods.begin(), request.methods.end(), std::back_inserter(resampled),
                             stats::hasBootstrapInterval);
                const auto cis = resampled.empty()
                                     ? std::vector<std::vector<stats::ConfidenceInterval>>(d.systemNames.size())
                                     : stats::bootstrapPerSystem(*x, z, resampled, options);
                for (std::size_t s = 0; s < d.systemNames.size(); ++s) {
                    auto &entries = d.perSystem[d.systemNames[s]];
                    for (std::size_t m = 0; m < resampled.size(); ++m)
                        if (auto &e = entries[resampled[m]]; e.correlation.defined())
                            e.ci = cis[s][m];
                }
            }
            // M relates systems to each other, so systems are what is resampled.
            if (wantsInterval(request, Level::Meta))
                addIntervals(d.meta, [&](const auto &methods) {
                    return stats::bootstrapMetaCorrelation(*x, z, methods, options);
                });
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
        if (!report.request.split.empty())
            j["split"] = report.request.split;
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
    // What the numbers were computed from, on every row: a CSV has no caption.
    t.header = {"rater", "human_group", "dimension", "level", "system", "correlation", "value", "p", "n"};
    if (withCi) {
        t.header.push_back("ci_low");
        t.header.push_back("ci_high");
    }
    t.header.push_back("documents_used");
    t.numeric = {false, false, false, false, false, false, true, true, true};
    if (withCi) {
        t.numeric.push_back(true);
        t.numeric.push_back(true);
    }
    t.numeric.push_back(true);
    // The ε of tie calibration, only when acc_eq was asked for (other tables keep their columns).
    const auto &methods = report.request.methods;
    const bool withEpsilon
        = std::find(methods.begin(), methods.end(), stats::CorrelationMethod::AccEq) != methods.end();
    if (withEpsilon) {
        t.header.push_back("tie_threshold");
        t.numeric.push_back(true);
    }
    // The split the documents came from, on every row, only when restricted to one.
    const std::string &split = report.request.split;
    if (!split.empty()) {
        t.header.push_back("split");
        t.numeric.push_back(false);
    }
    t.caption = "Correlation of " + report.request.rater + " with the mean of group " + report.request.humanGroup;
    if (!split.empty())
        t.caption.append(", ").append(split).append(" documents only");
    for (const auto &r : toRows(report)) {
        std::vector<std::string> cells{report.request.rater,
                                       report.request.humanGroup,
                                       r.dimension,
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
        if (withEpsilon)
            cells.push_back(std::isnan(r.entry.correlation.tieThreshold)
                                ? std::string()
                                : tableNumber(r.entry.correlation.tieThreshold, fullPrecision, false));
        if (!split.empty())
            cells.push_back(split);
        t.rows.push_back(std::move(cells));
    }
    return t;
}

} // namespace concord::reports
