// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reports/dashboard_report.h"

#include "reports/dashboard_inputs.h"
#include "reports/dashboard_jobs.h"
#include "reports/dashboard_pairwise.h"
#include "reports/dashboard_scatter.h"
#include "store/study.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

namespace concord::reports {

using model::Id;

namespace {

// Results the worker threads write by index; a slot stays unfilled when its job failed.
template <typename T> class Slots {
public:
    explicit Slots(std::size_t count)
        : m_values(count)
        , m_filled(count, 0)
    { }

    void fill(std::size_t i, T value)
    {
        m_values[i] = std::move(value);
        m_filled[i] = 1;
    }
    // The filled slots, in index order.
    std::vector<T> takeFilled()
    {
        std::vector<T> out;
        for (std::size_t i = 0; i < m_values.size(); ++i)
            if (m_filled[i])
                out.push_back(std::move(m_values[i]));
        return out;
    }

private:
    std::vector<T> m_values;
    std::vector<char> m_filled; // char, not bool: written from several threads
};

// Results the worker threads write per dimension or judge, joined in that order.
template <typename T> std::vector<T> joined(std::vector<std::vector<T>> parts)
{
    std::vector<T> out;
    for (auto &part : parts)
        for (auto &item : part)
            out.push_back(std::move(item));
    return out;
}

// A rater whose correlations the dashboard shows: a judge against the group's mean, or a human
// against the others of the group.
struct CorrelatedRater {
    std::string name;
    bool human = false;
};

std::vector<CorrelatedRater> correlatedRaters(const DashboardInputs &inputs)
{
    std::vector<CorrelatedRater> raters;
    for (const auto &j : inputs.judges)
        raters.push_back({j, false});
    for (const auto &h : inputs.humansOfGroup)
        raters.push_back({h, true});
    return raters;
}

void addCorrelationJobs(DashboardJobs &jobs, const DashboardInputs &inputs, const DashboardOptions &options,
                        const std::vector<CorrelatedRater> &raters, Slots<RaterCorrelations> &out)
{
    for (std::size_t i = 0; i < raters.size(); ++i) {
        jobs.add([&, i] {
            CorrelationRequest request;
            request.humanGroup = inputs.humanGroup;
            request.rater = raters[i].name;
            request.methods = {options.method};
            // Intervals where the chart draws them: each judge at the chosen level. The humans give
            // the ceiling's values alone, and the other levels are shown without intervals.
            request.bootstrap = options.bootstrap && !raters[i].human ? options.resamples : 0;
            request.bootstrapLevels = {options.level};
            request.bootstrapOptions.seed = options.correlationSeed;
            auto r = computeCorrelationReport(inputs.scores, request);
            if (!r) {
                jobs.note(raters[i].name + ": " + r.error().describe());
                return;
            }
            out.fill(i, {raters[i].name, raters[i].human, std::move(r.value())});
        });
    }
}

// One Krippendorff's alpha: a group on a dimension, alone (no judge) or with a judge as one more coder.
struct AlphaTarget {
    std::string group, dimension, judge;
};

// Every group alone, then the chosen group with each judge (on the dimensions the judge rated).
std::vector<AlphaTarget> alphaTargets(const DashboardInputs &inputs)
{
    std::vector<AlphaTarget> targets;
    for (const auto &g : inputs.groups)
        for (const auto &d : inputs.scored)
            targets.push_back({g, d.dimension.name, {}});
    for (const auto &j : inputs.judges)
        for (const auto &d : inputs.scored)
            if (inputs.rated(d, j))
                targets.push_back({inputs.humanGroup, d.dimension.name, j});
    return targets;
}

void addAlphaJobs(DashboardJobs &jobs, const DashboardInputs &inputs, const DashboardOptions &options,
                  const std::vector<AlphaTarget> &targets, Slots<AlphaRow> &out)
{
    for (std::size_t i = 0; i < targets.size(); ++i) {
        jobs.add([&, i] {
            AgreementRequest request;
            request.group = targets[i].group;
            request.dimension = targets[i].dimension;
            request.level = options.alphaLevel;
            if (!targets[i].judge.empty())
                request.extraRaters = {targets[i].judge};
            request.bootstrap = options.bootstrap ? options.resamples : 0;
            request.options.seed = options.agreementSeed;
            auto r = computeAgreement(inputs.scores, request);
            if (!r) {
                jobs.note("alpha of " + request.group + " on " + request.dimension + ": " + r.error().describe());
                return;
            }
            out.fill(i, {targets[i].group, targets[i].dimension, targets[i].judge, std::move(r.value())});
        });
    }
}

// Each judge's calls and invalid answers per dimension (and for calls about no single dimension), from
// the counts the study made of them.
std::vector<InvalidRateRow> invalidRates(const DashboardInputs &inputs, const std::vector<store::CallCountRow> &counts)
{
    std::vector<InvalidRateRow> out;
    for (const auto &judge : inputs.judges) {
        const auto r
            = std::find_if(inputs.raters.begin(), inputs.raters.end(), [&](const auto &x) { return x.name == judge; });
        std::map<std::optional<Id>, InvalidRateRow> byDimension;
        for (const auto &count : counts) {
            if (count.rater != r->id)
                continue;
            InvalidRateRow &row = byDimension[count.dimension];
            row.judge = judge;
            row.protocol = r->protocol;
            row.dimension
                = count.dimension ? DashboardInputs::nameOf(inputs.dimensionNames, *count.dimension) : std::string();
            row.calls += static_cast<std::size_t>(count.calls);
            row.invalid += static_cast<std::size_t>(count.invalid);
        }
        for (auto &[dimension, row] : byDimension) {
            row.rate = static_cast<double>(row.invalid) / static_cast<double>(row.calls);
            out.push_back(row);
        }
    }
    return out;
}

// Per dimension, the humans' correlations with the others of their group at the chosen level and
// method: mean, lowest and highest over the humans whose correlation is defined.
std::vector<HumanCeiling> humanCeiling(const std::vector<std::string> &dimensions,
                                       const std::vector<RaterCorrelations> &correlations, Level level,
                                       stats::CorrelationMethod method)
{
    std::vector<HumanCeiling> ceiling;
    for (const auto &dimension : dimensions) {
        HumanCeiling c;
        c.dimension = dimension;
        double sum = 0;
        for (const auto &rc : correlations) {
            if (!rc.human)
                continue;
            for (const auto &dr : rc.report.dimensions) {
                if (dr.dimension != dimension)
                    continue;
                const ReportEntry *e = entryAt(dr, level, method);
                if (!e || !e->correlation.defined())
                    continue;
                const double v = e->correlation.value;
                c.min = c.raters == 0 ? v : std::min(c.min, v);
                c.max = c.raters == 0 ? v : std::max(c.max, v);
                sum += v;
                ++c.raters;
            }
        }
        if (c.raters > 0)
            c.mean = sum / static_cast<double>(c.raters);
        ceiling.push_back(c);
    }
    return ceiling;
}

} // namespace

LineFit leastSquares(const std::vector<double> &x, const std::vector<double> &y)
{
    double mx = 0, my = 0;
    std::size_t n = 0;
    for (std::size_t i = 0; i < x.size() && i < y.size(); ++i)
        if (!std::isnan(x[i]) && !std::isnan(y[i])) {
            mx += x[i];
            my += y[i];
            ++n;
        }
    LineFit fit;
    if (n < 2)
        return fit;
    mx /= static_cast<double>(n);
    my /= static_cast<double>(n);
    double sxx = 0, sxy = 0;
    for (std::size_t i = 0; i < x.size() && i < y.size(); ++i)
        if (!std::isnan(x[i]) && !std::isnan(y[i])) {
            sxx += (x[i] - mx) * (x[i] - mx);
            sxy += (x[i] - mx) * (y[i] - my);
        }
    if (sxx <= 0)
        return fit;
    fit.slope = sxy / sxx;
    fit.intercept = my - fit.slope * mx;
    return fit;
}

std::vector<HumanCeiling> humanCeiling(const DashboardReport &report, Level level)
{
    return humanCeiling(report.dimensions, report.correlations, level, report.options.method);
}

const ReportEntry *entryAt(const DimensionReport &dimension, Level level, stats::CorrelationMethod method)
{
    const std::map<stats::CorrelationMethod, ReportEntry> *entries = nullptr;
    switch (level) {
    case Level::Dataset:
        entries = &dimension.dataset;
        break;
    case Level::System:
        entries = &dimension.system;
        break;
    case Level::Summary:
        entries = &dimension.summary;
        break;
    case Level::Meta:
        entries = &dimension.meta;
        break;
    case Level::PerSystem:
        return nullptr;
    }
    const auto it = entries->find(method);
    return it == entries->end() ? nullptr : &it->second;
}

Result<DashboardReport> computeDashboard(const std::string &studyPath, const DashboardOptions &options)
{
    return capture([&]() -> DashboardReport {
        if (options.level != Level::Dataset && options.level != Level::System && options.level != Level::Summary)
            fail("the dashboard's correlation level is dataset, system or summary", "level");
        // Everything is read here, on one connection, before the jobs start: they compute from it alone, so
        // a team study is read once per refresh rather than once per report. A part that cannot be read is
        // left out with a note, as one whose computation fails.
        const auto study = DashboardJobs::openReadOnly(studyPath);
        const DashboardInputs inputs = DashboardInputs::read(*study, options);
        DashboardJobs jobs;
        const auto readOrNote = [&](const auto &read) {
            try {
                read();
            } catch (const Failure &f) {
                jobs.note(f.error().describe());
            }
        };
        std::vector<std::vector<store::PairwiseRow>> verdicts(inputs.allDimensions.size());
        for (std::size_t di = 0; di < inputs.allDimensions.size(); ++di)
            readOrNote([&] {
                verdicts[di] = study->pairwiseOn(inputs.allDimensions[di].id);
                inputs.keepSplitOnly(verdicts[di]);
            });
        std::vector<InvalidRateRow> invalid;
        if (!inputs.judges.empty())
            readOrNote([&] { invalid = invalidRates(inputs, study->callCounts()); });

        // The jobs, heaviest first, each writing its own slot of the results.
        const std::vector<CorrelatedRater> correlated = correlatedRaters(inputs);
        Slots<RaterCorrelations> correlations(correlated.size());
        addCorrelationJobs(jobs, inputs, options, correlated, correlations);
        const std::vector<AlphaTarget> alphas = alphaTargets(inputs);
        Slots<AlphaRow> alpha(alphas.size());
        addAlphaJobs(jobs, inputs, options, alphas, alpha);
        std::vector<std::vector<PairwiseSummary>> pairwiseByDimension(inputs.allDimensions.size());
        addPairwiseJobs(jobs, inputs, verdicts, options.pairwiseRule, pairwiseByDimension);
        std::vector<std::vector<ScatterSeries>> scatterByDimension(inputs.scored.size());
        std::vector<std::vector<LengthBiasRow>> lengthByDimension(inputs.scored.size());
        addScatterJobs(jobs, inputs, scatterByDimension, lengthByDimension);

        if (!jobs.run(options.threads, options.cancel))
            fail("the dashboard's computation was cancelled");

        // Gathered in a fixed order, whichever thread did what.
        DashboardReport report;
        report.options = options;
        report.humanGroup = inputs.humanGroup;
        report.groups = inputs.groups;
        report.judges = inputs.judges;
        report.allJudges = inputs.allJudges;
        for (const auto &d : inputs.scored)
            report.dimensions.push_back(d.dimension.name);
        report.correlations = correlations.takeFilled();
        report.alpha = alpha.takeFilled();
        report.pairwise = joined(std::move(pairwiseByDimension));
        report.scatter = joined(std::move(scatterByDimension));
        report.lengthBias = joined(std::move(lengthByDimension));
        report.invalidRates = std::move(invalid);
        report.warnings = jobs.takeNotes();
        report.ceiling = humanCeiling(report.dimensions, report.correlations, options.level, options.method);
        return report;
    });
}

} // namespace concord::reports
