#include "reports/dashboard_report.h"

#include "reports/rating_matrices.h"
#include "store/study.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <mutex>
#include <random>
#include <set>
#include <thread>

namespace concord::reports {

using model::Id;

namespace {

std::unique_ptr<store::Study> openReadOnly(const std::string &path)
{
    store::OpenOptions options;
    options.readOnly = true;
    auto study = store::Study::open(path, options);
    if (!study)
        throw Failure(study.error());
    return std::move(study.value());
}

std::size_t wordCount(const std::string &text)
{
    std::size_t words = 0;
    bool inWord = false;
    for (const unsigned char c : text) {
        const bool space = c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
        if (!space && !inWord)
            ++words;
        inWord = !space;
    }
    return words;
}

// Read-only look-up: the maps are shared by the worker threads, so never operator[].
std::string nameOf(const std::map<Id, std::string> &names, Id id)
{
    const auto it = names.find(id);
    return it == names.end() ? std::to_string(id) : it->second;
}

// What one dimension's ratings say, read once on the setting-up connection and then shared read-only.
struct DimensionData {
    model::Dimension dimension;
    std::vector<store::RatingRow> rows;     // ratings, or rank scores for rank dimensions
    std::set<Id> raters;
};

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

const ReportEntry *entryAt(const DimensionReport &dimension, Level level, stats::CorrelationMethod method)
{
    const std::map<stats::CorrelationMethod, ReportEntry> *entries = nullptr;
    switch (level) {
    case Level::Dataset: entries = &dimension.dataset; break;
    case Level::System: entries = &dimension.system; break;
    case Level::Summary: entries = &dimension.summary; break;
    case Level::Meta: entries = &dimension.meta; break;
    case Level::PerSystem: return nullptr;
    }
    const auto it = entries->find(method);
    return it == entries->end() ? nullptr : &it->second;
}

Result<DashboardReport> computeDashboard(const std::string &studyPath, const DashboardOptions &options)
{
    return capture([&]() -> DashboardReport {
        DashboardReport report;
        report.options = options;
        if (options.level != Level::Dataset && options.level != Level::System && options.level != Level::Summary)
            fail("the dashboard's correlation level is dataset, system or summary", "level");
        const auto study = openReadOnly(studyPath);

        // ---- what the study holds ----
        const auto raters = study->raters();
        std::map<std::string, Id> raterIds;
        std::map<std::string, std::vector<Id>> groupMembers;
        std::vector<std::string> humansOfGroup;
        for (const auto &r : raters) {
            raterIds[r.name] = r.id;
            if (r.kind == model::RaterKind::Human) {
                if (std::find(report.groups.begin(), report.groups.end(), r.group) == report.groups.end())
                    report.groups.push_back(r.group);
                groupMembers[r.group].push_back(r.id);
            } else if (r.kind == model::RaterKind::Judge) {
                report.allJudges.push_back(r.name);
            }
        }
        if (report.groups.empty())
            fail("the study has no human raters to compare with", "human");
        report.humanGroup = options.humanGroup.empty() ? report.groups.front() : options.humanGroup;
        if (!groupMembers.count(report.humanGroup))
            fail("no human rater in group '" + report.humanGroup + "'", "human");
        for (const auto &r : raters)
            if (r.kind == model::RaterKind::Human && r.group == report.humanGroup)
                humansOfGroup.push_back(r.name);
        report.judges = options.judges.empty() ? report.allJudges : options.judges;
        for (const auto &j : report.judges)
            if (std::find(report.allJudges.begin(), report.allJudges.end(), j) == report.allJudges.end())
                fail("no judge named '" + j + "' in the study", "rater");
        const std::vector<Id> &humanIds = groupMembers[report.humanGroup];

        std::map<Id, std::string> systemNames, documentNames, dimensionNames;
        for (const auto &s : study->systems())
            systemNames[s.id] = s.name;
        for (const auto &d : study->documentSummaries())
            documentNames[d.id] = d.externalId;
        std::map<std::pair<Id, Id>, double> lengths;   // (document, system) -> words
        for (const auto &c : study->candidates())
            lengths[{c.documentId, c.systemId}] = static_cast<double>(wordCount(c.text));

        std::vector<DimensionData> scored;
        std::vector<model::Dimension> allDimensions = study->dimensions();
        for (const auto &d : allDimensions) {
            dimensionNames[d.id] = d.name;
            if (d.kind != model::DimensionKind::Likert && d.kind != model::DimensionKind::Rank)
                continue;
            DimensionData data{d, d.kind == model::DimensionKind::Rank
                                      ? RatingMatrices::fromRankings(study->rankingsOn(d.id), RatingMatrices::RankValue::Score)
                                      : study->ratingsOn(d.id),
                               {}};
            for (const auto &row : data.rows)
                data.raters.insert(row.rater);
            report.dimensions.push_back(d.name);
            scored.push_back(std::move(data));
        }
        auto rated = [&](const DimensionData &d, const std::string &rater) { return d.raters.count(raterIds.at(rater)) > 0; };

        // ---- the jobs, heaviest first, shared out over the worker threads ----
        std::vector<std::function<void(store::Study &)>> jobs;
        std::vector<std::string> jobErrors;
        std::mutex errorMutex;
        auto note = [&](std::string message) {
            const std::lock_guard lock(errorMutex);
            jobErrors.push_back(std::move(message));
        };

        // Correlations: each judge against the group's mean, each human against the others.
        std::vector<std::pair<std::string, bool>> correlated;
        for (const auto &j : report.judges)
            correlated.push_back({j, false});
        for (const auto &h : humansOfGroup)
            correlated.push_back({h, true});
        report.correlations.resize(correlated.size());
        std::vector<char> correlationOk(correlated.size(), 0);   // char, not bool: written from several threads
        for (std::size_t i = 0; i < correlated.size(); ++i) {
            jobs.push_back([&, i](store::Study &s) {
                CorrelationRequest request;
                request.humanGroup = report.humanGroup;
                request.rater = correlated[i].first;
                request.methods = {options.method};
                // Intervals where the chart draws them: each judge at the chosen level. The humans give
                // the ceiling's values alone, and the other levels are shown without intervals.
                request.bootstrap = options.bootstrap && !correlated[i].second ? options.resamples : 0;
                request.bootstrapLevels = {options.level};
                request.bootstrapOptions.seed = options.correlationSeed;
                report.correlations[i].rater = correlated[i].first;
                report.correlations[i].human = correlated[i].second;
                auto r = computeCorrelationReport(s, request);
                if (!r) {
                    note(correlated[i].first + ": " + r.error().describe());
                    return;
                }
                report.correlations[i].report = std::move(r.value());
                correlationOk[i] = 1;
            });
        }

        // Krippendorff's alpha: every group alone, then the chosen group with each judge as one more coder.
        struct AlphaJob {
            std::string group, dimension, judge;
        };
        std::vector<AlphaJob> alphaJobs;
        for (const auto &g : report.groups)
            for (const auto &d : scored)
                alphaJobs.push_back({g, d.dimension.name, {}});
        for (const auto &j : report.judges)
            for (const auto &d : scored)
                if (rated(d, j))
                    alphaJobs.push_back({report.humanGroup, d.dimension.name, j});
        report.alpha.resize(alphaJobs.size());
        std::vector<char> alphaOk(alphaJobs.size(), 0);
        for (std::size_t i = 0; i < alphaJobs.size(); ++i) {
            jobs.push_back([&, i](store::Study &s) {
                AgreementRequest request;
                request.group = alphaJobs[i].group;
                request.dimension = alphaJobs[i].dimension;
                request.level = options.alphaLevel;
                if (!alphaJobs[i].judge.empty())
                    request.extraRaters = {alphaJobs[i].judge};
                request.bootstrap = options.bootstrap ? options.resamples : 0;
                request.options.seed = options.agreementSeed;
                auto r = computeAgreement(s, request);
                if (!r) {
                    note("alpha of " + request.group + " on " + request.dimension + ": " + r.error().describe());
                    return;
                }
                report.alpha[i] = {alphaJobs[i].group, alphaJobs[i].dimension, alphaJobs[i].judge, std::move(r.value())};
                alphaOk[i] = 1;
            });
        }

        // Pairwise verdicts of each judge on each dimension that has any.
        std::vector<std::vector<PairwiseSummary>> pairwiseByDimension(allDimensions.size());
        for (std::size_t di = 0; di < allDimensions.size(); ++di) {
            jobs.push_back([&, di](store::Study &s) {
                const auto &dim = allDimensions[di];
                const auto rows = s.pairwiseOn(dim.id);
                if (rows.empty())
                    return;
                std::vector<Id> systems;
                for (const auto &[id, name] : systemNames)
                    systems.push_back(id);
                std::vector<Id> documents;
                for (const auto &[id, name] : documentNames)
                    documents.push_back(id);
                auto indexOf = [](const std::vector<Id> &ids, Id id) {
                    return static_cast<std::size_t>(std::lower_bound(ids.begin(), ids.end(), id) - ids.begin());
                };
                // The humans' mean per (system, document) on this dimension, when it is a scored one.
                stats::ScoreMatrix humans(systems.size(), documents.size());
                const auto scoredDim = std::find_if(scored.begin(), scored.end(), [&](const auto &d) { return d.dimension.id == dim.id; });
                bool haveHumans = false;
                if (scoredDim != scored.end()) {
                    const RatingMatrices matrices(scoredDim->rows);
                    const stats::ScoreMatrix mean = matrices.mean(humanIds);
                    for (std::size_t a = 0; a < matrices.systems().size(); ++a)
                        for (std::size_t b = 0; b < matrices.documents().size(); ++b)
                            if (!std::isnan(mean.at(a, b))) {
                                humans.at(indexOf(systems, matrices.systems()[a]), indexOf(documents, matrices.documents()[b])) = mean.at(a, b);
                                haveHumans = true;
                            }
                }
                for (const auto &judge : report.judges) {
                    const Id judgeId = raterIds.at(judge);
                    std::vector<stats::PairVerdict> verdicts;
                    for (const auto &row : rows) {
                        if (row.rater != judgeId)
                            continue;
                        stats::PairVerdict v;
                        v.document = indexOf(documents, row.document);
                        v.systemA = indexOf(systems, row.systemA);
                        v.systemB = indexOf(systems, row.systemB);
                        v.winner = row.winner == model::PairwiseWinner::A   ? stats::PairVerdict::Winner::A
                                   : row.winner == model::PairwiseWinner::B ? stats::PairVerdict::Winner::B
                                                                            : stats::PairVerdict::Winner::Tie;
                        v.aShownFirst = row.aShownFirst;
                        verdicts.push_back(v);
                    }
                    if (verdicts.empty())
                        continue;
                    PairwiseSummary p;
                    p.judge = judge;
                    p.dimension = dim.name;
                    p.verdicts = verdicts.size();
                    for (const Id id : systems)
                        p.systems.push_back(systemNames.at(id));
                    const auto table = stats::winTieLoss(verdicts, systems.size());
                    p.perSystem.assign(systems.size(), {});
                    for (std::size_t a = 0; a < systems.size(); ++a)
                        for (std::size_t b = a + 1; b < systems.size(); ++b) {
                            const stats::WinTieLoss &w = table[a][b];
                            p.perSystem[a].wins += w.wins;
                            p.perSystem[a].ties += w.ties;
                            p.perSystem[a].losses += w.losses;
                            p.perSystem[b].wins += w.losses;
                            p.perSystem[b].ties += w.ties;
                            p.perSystem[b].losses += w.wins;
                        }
                    p.points = stats::comparePoints(verdicts, systems.size());
                    p.ranks = stats::ranksFromPoints(p.points);
                    p.position = stats::positionBias(verdicts);
                    p.humanMeans.assign(systems.size(), std::numeric_limits<double>::quiet_NaN());
                    if (haveHumans) {
                        p.h2hAll = stats::headToHeadSuccess(verdicts, humans, stats::PairSelection::All);
                        p.h2hConsecutive = stats::headToHeadSuccess(verdicts, humans, stats::PairSelection::Consecutive);
                        for (std::size_t a = 0; a < systems.size(); ++a) {
                            double sum = 0;
                            std::size_t n = 0;
                            for (std::size_t b = 0; b < documents.size(); ++b)
                                if (!std::isnan(humans.at(a, b))) {
                                    sum += humans.at(a, b);
                                    ++n;
                                }
                            if (n > 0)
                                p.humanMeans[a] = sum / static_cast<double>(n);
                        }
                        p.pointsWithHumans = stats::kendallTauB(p.points, p.humanMeans);
                    } else {
                        p.pointsWithHumans = stats::Correlation::undefined(0, "no human ratings on this dimension");
                    }
                    pairwiseByDimension[di].push_back(std::move(p));
                }
            });
        }

        // Invalid answers per judge, protocol and dimension.
        std::vector<std::vector<InvalidRateRow>> invalidByJudge(report.judges.size());
        for (std::size_t ji = 0; ji < report.judges.size(); ++ji) {
            jobs.push_back([&, ji](store::Study &s) {
                const auto &judge = report.judges[ji];
                const auto r = std::find_if(raters.begin(), raters.end(), [&](const auto &x) { return x.name == judge; });
                std::map<std::optional<Id>, InvalidRateRow> byDimension;
                for (const auto &call : s.callsOfRater(r->id, false)) {
                    InvalidRateRow &row = byDimension[call.dimensionId];
                    row.judge = judge;
                    row.protocol = r->protocol;
                    row.dimension = call.dimensionId ? nameOf(dimensionNames, *call.dimensionId) : std::string();
                    ++row.calls;
                    if (!call.valid)
                        ++row.invalid;
                }
                for (auto &[dimension, row] : byDimension) {
                    row.rate = static_cast<double>(row.invalid) / static_cast<double>(row.calls);
                    invalidByJudge[ji].push_back(row);
                }
            });
        }

        // Scatter and length bias: from the ratings already read; no connection needed.
        std::vector<std::vector<ScatterSeries>> scatterByDimension(scored.size());
        std::vector<std::vector<LengthBiasRow>> lengthByDimension(scored.size());
        for (std::size_t di = 0; di < scored.size(); ++di) {
            jobs.push_back([&, di](store::Study &) {
                const DimensionData &d = scored[di];
                if (d.dimension.kind != model::DimensionKind::Likert)
                    return;
                const RatingMatrices matrices(d.rows);
                const stats::ScoreMatrix humans = matrices.mean(humanIds);
                stats::ScoreMatrix words(matrices.systems().size(), matrices.documents().size());
                for (std::size_t a = 0; a < matrices.systems().size(); ++a)
                    for (std::size_t b = 0; b < matrices.documents().size(); ++b)
                        if (const auto it = lengths.find({matrices.documents()[b], matrices.systems()[a]}); it != lengths.end())
                            words.at(a, b) = it->second;
                for (const auto &judge : report.judges) {
                    const stats::ScoreMatrix *x = matrices.of(raterIds.at(judge));
                    if (!x)
                        continue;
                    ScatterSeries series;
                    series.judge = judge;
                    series.dimension = d.dimension.name;
                    series.scaleMin = d.dimension.scaleMin;
                    series.scaleMax = d.dimension.scaleMax;
                    // Jitter only separates overlapping points; seeded so a refresh draws the same picture.
                    const double spread = 0.08 * (d.dimension.scaleMax - d.dimension.scaleMin) / 4.0;
                    std::mt19937_64 rng(0x5ca77e5ULL + di);
                    std::uniform_real_distribution<double> jitter(-spread, spread);
                    std::vector<double> xs, ys;
                    for (std::size_t a = 0; a < matrices.systems().size(); ++a)
                        for (std::size_t b = 0; b < matrices.documents().size(); ++b) {
                            const double h = humans.at(a, b), j = x->at(a, b);
                            if (std::isnan(h) || std::isnan(j))
                                continue;
                            const double jh = jitter(rng);
                            const double jj = jitter(rng);
                            series.points.push_back({h, j, h + jh, j + jj, nameOf(documentNames, matrices.documents()[b]),
                                                     nameOf(systemNames, matrices.systems()[a])});
                            xs.push_back(h);
                            ys.push_back(j);
                        }
                    series.pearson = stats::pearson(xs, ys);
                    const LineFit fit = leastSquares(xs, ys);
                    series.slope = fit.slope;
                    series.intercept = fit.intercept;
                    scatterByDimension[di].push_back(std::move(series));
                    lengthByDimension[di].push_back({judge, d.dimension.name, stats::lengthBias(*x, humans, words)});
                }
            });
        }

        // ---- run ----
        std::atomic<std::size_t> next{0};
        std::atomic<bool> cancelled{false};
        auto work = [&](store::Study &s) {
            for (std::size_t i = next++; i < jobs.size(); i = next++) {
                if (options.cancel && options.cancel->load()) {
                    cancelled = true;
                    return;
                }
                try {
                    jobs[i](s);
                } catch (const Failure &f) {
                    note(f.error().describe());
                } catch (const std::exception &e) {
                    note(e.what());
                }
            }
        };
        const unsigned threads = std::max(1U, options.threads);
        std::vector<std::thread> pool;
        for (unsigned t = 1; t < threads; ++t)
            pool.emplace_back([&] {
                try {
                    auto own = openReadOnly(studyPath);
                    work(*own);
                } catch (const Failure &f) {
                    note(f.error().describe());
                }
            });
        work(*study);     // this thread works too, on the connection it already has
        for (auto &t : pool)
            t.join();
        if (cancelled)
            fail("the dashboard's computation was cancelled");

        // ---- gather, in a fixed order ----
        std::vector<RaterCorrelations> correlations;
        for (std::size_t i = 0; i < correlated.size(); ++i)
            if (correlationOk[i])
                correlations.push_back(std::move(report.correlations[i]));
        report.correlations = std::move(correlations);
        std::vector<AlphaRow> alphas;
        for (std::size_t i = 0; i < alphaJobs.size(); ++i)
            if (alphaOk[i])
                alphas.push_back(std::move(report.alpha[i]));
        report.alpha = std::move(alphas);
        for (auto &v : pairwiseByDimension)
            for (auto &p : v)
                report.pairwise.push_back(std::move(p));
        for (auto &v : scatterByDimension)
            for (auto &s : v)
                report.scatter.push_back(std::move(s));
        for (auto &v : lengthByDimension)
            for (auto &l : v)
                report.lengthBias.push_back(std::move(l));
        for (auto &v : invalidByJudge)
            for (auto &r : v)
                report.invalidRates.push_back(std::move(r));
        std::sort(jobErrors.begin(), jobErrors.end());
        report.warnings = std::move(jobErrors);

        for (const auto &dimension : report.dimensions) {
            HumanCeiling c;
            c.dimension = dimension;
            double sum = 0;
            for (const auto &rc : report.correlations) {
                if (!rc.human)
                    continue;
                for (const auto &dr : rc.report.dimensions) {
                    if (dr.dimension != dimension)
                        continue;
                    const ReportEntry *e = entryAt(dr, options.level, options.method);
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
            report.ceiling.push_back(c);
        }
        return report;
    });
}

} // namespace concord::reports
