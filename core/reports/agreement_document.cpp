// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reports/agreement_document.h"

#include "reports/dashboard_jobs.h"
#include "reports/number_text.h"
#include "reports/pairwise_report.h"
#include "store/study.h"

#include <charconv>
#include <cstdio>
#include <limits>
#include <optional>

namespace concord::reports {

using nlohmann::json;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::string count(std::size_t n)
{
    return std::to_string(n);
}

double orNaN(const std::optional<double> &value)
{
    return value.value_or(kNaN);
}

// The view's "Correlations" table: every correlated rater (judges, then each human against the others).
io::Table correlationTable(const DashboardReport &r, bool full)
{
    io::Table t;
    t.header = {"rater", "role",   "dimension", "level", "system", "correlation",
                "value", "ci_low", "ci_high",   "p",     "n",      "documents_used"};
    t.numeric = {false, false, false, false, false, false, true, true, true, true, true, true};
    t.caption = "Correlation with the mean of group " + r.humanGroup + " (" + std::string(toString(r.options.method))
                + "); intervals for the judges at " + std::string(toString(r.options.level)) + " level";
    for (const auto &rc : r.correlations)
        for (const auto &row : toRows(rc.report)) {
            const auto &e = row.entry;
            t.rows.push_back({rc.rater, rc.human ? "human vs others" : "judge", row.dimension, row.level, row.system,
                              row.correlation, tableNumber(e.correlation.value, full, false),
                              tableNumber(e.ci.low, full, false), tableNumber(e.ci.high, full, false),
                              tableNumber(e.correlation.p, full, true), count(e.correlation.n),
                              row.level == "summary" ? count(e.documentsUsed) : std::string()});
        }
    return t;
}

// What a judge can be expected to reach at best: each human against the others, per dimension.
io::Table ceilingTable(const DashboardReport &r, bool full)
{
    io::Table t;
    t.header = {"dimension", "mean", "min", "max", "humans"};
    t.numeric = {false, true, true, true, true};
    t.caption = "Human ceiling: each human of " + r.humanGroup + " against the others ("
                + std::string(toString(r.options.method)) + ", " + std::string(toString(r.options.level)) + " level)";
    for (const auto &c : r.ceiling)
        t.rows.push_back({c.dimension, tableNumber(c.mean, full, false), tableNumber(c.min, full, false),
                          tableNumber(c.max, full, false), count(c.raters)});
    return t;
}

// The "Human vs judge" table: Pearson r and the least squares line of judge on human mean.
io::Table scatterTable(const DashboardReport &r, bool full)
{
    io::Table t;
    t.header = {"judge", "dimension", "points", "pearson_r", "p", "slope", "intercept"};
    t.numeric = {false, false, true, true, true, true, true};
    t.caption = "Human mean against judge, one point per candidate";
    for (const auto &s : r.scatter)
        t.rows.push_back({s.judge, s.dimension, count(s.points.size()), tableNumber(s.pearson.value, full, false),
                          tableNumber(s.pearson.p, full, true), tableNumber(s.slope, full, false),
                          tableNumber(s.intercept, full, false)});
    return t;
}

// The "Per system & meta" table for every judge and dimension (the view shows one at a time): Q the
// humans' mean of the system, P its correlation, and M = corr(Q, P) as the row "meta".
io::Table perSystemTable(const DashboardReport &r, bool full)
{
    io::Table t;
    t.header = {"judge", "dimension", "system", "q", "value", "p", "n", "ci_low", "ci_high"};
    t.numeric = {false, false, false, true, true, true, true, true, true};
    t.caption = "Per-system correlation (P) with the system's human mean (Q), and the meta-correlation M = corr(Q, P)";
    const auto method = r.options.method;
    for (const auto &rc : r.correlations) {
        if (rc.human)
            continue;
        for (const auto &d : rc.report.dimensions) {
            const auto detail = d.metaDetail.find(method);
            for (std::size_t i = 0; i < d.systemNames.size(); ++i) {
                const auto it = d.perSystem.find(d.systemNames[i]);
                if (it == d.perSystem.end())
                    continue;
                const auto e = it->second.find(method);
                if (e == it->second.end())
                    continue;
                const double q
                    = detail != d.metaDetail.end() && i < detail->second.q.size() ? detail->second.q[i] : kNaN;
                const auto &c = e->second.correlation;
                t.rows.push_back({rc.rater, d.dimension, d.systemNames[i], tableNumber(q, full, false),
                                  tableNumber(c.value, full, false), tableNumber(c.p, full, true), count(c.n),
                                  tableNumber(e->second.ci.low, full, false),
                                  tableNumber(e->second.ci.high, full, false)});
            }
            if (const auto m = d.meta.find(method); m != d.meta.end()) {
                const auto &c = m->second.correlation;
                t.rows.push_back({rc.rater, d.dimension, "meta", full ? std::string() : "–",
                                  tableNumber(c.value, full, false), tableNumber(c.p, full, true), count(c.n),
                                  tableNumber(m->second.ci.low, full, false),
                                  tableNumber(m->second.ci.high, full, false)});
            }
        }
    }
    return t;
}

io::Table alphaTable(const DashboardReport &r, bool full)
{
    io::Table t;
    t.header = {"group",  "with_judge", "dimension", "level", "alpha",
                "ci_low", "ci_high",    "coders",    "units", "pairable_values"};
    t.numeric = {false, false, false, false, true, true, true, true, true, true};
    t.caption = "Krippendorff's alpha per dimension: each group, and with a judge as one more coder";
    for (const auto &a : r.alpha) {
        const auto &alpha = a.report.alpha;
        t.rows.push_back({a.group, a.judge, a.dimension, std::string(stats::toString(alpha.level)),
                          tableNumber(orNaN(alpha.alpha), full, false),
                          tableNumber(orNaN(a.report.interval.low), full, false),
                          tableNumber(orNaN(a.report.interval.high), full, false), count(a.report.raters.size()),
                          count(alpha.units), count(alpha.pairableValues)});
    }
    return t;
}

io::Table lengthBiasTable(const DashboardReport &r, bool full)
{
    io::Table t;
    t.header = {"judge",
                "dimension",
                "tau_b_judge_length",
                "tau_b_humans_length",
                "pair_accuracy",
                "pairs",
                "pair_accuracy_similar_length",
                "similar_pairs",
                "length_cutoff_words"};
    t.numeric = {false, false, true, true, true, true, true, true, true};
    t.caption = "Length bias: Kendall tau-b of scores with summary length (words), and pair accuracy";
    for (const auto &l : r.lengthBias) {
        const auto &b = l.bias;
        t.rows.push_back({l.judge, l.dimension, tableNumber(b.judgeWithLength.value, full, false),
                          tableNumber(b.humansWithLength.value, full, false),
                          tableNumber(b.allPairs.value, full, false), count(b.allPairs.total),
                          tableNumber(b.similarLengthPairs.value, full, false), count(b.similarLengthPairs.total),
                          tableNumber(b.lengthDifferenceCutoff, full, false)});
    }
    return t;
}

io::Table invalidTable(const DashboardReport &r, bool full)
{
    io::Table t;
    t.header = {"judge", "protocol", "dimension", "calls", "invalid", "invalid_rate"};
    t.numeric = {false, false, false, true, true, true};
    t.caption = "Invalid answers: judge calls whose answer could not be read";
    for (const auto &i : r.invalidRates)
        t.rows.push_back(
            {i.judge, i.protocol, i.dimension, count(i.calls), count(i.invalid), tableNumber(i.rate, full, false)});
    return t;
}

// A section whose JSON is its table's rows at full precision.
ReportSection tableSection(std::string key, io::Table (*make)(const DashboardReport &, bool), const DashboardReport &r,
                           bool full)
{
    ReportSection s;
    s.key = std::move(key);
    s.table = make(r, full);
    s.heading = s.table.caption;
    s.json = tableRowsJson(full ? s.table : make(r, true));
    return s;
}

} // namespace

Result<AgreementDocument> computeAgreementDocument(const std::string &studyPath,
                                                   const AgreementDocumentOptions &options)
{
    auto dashboard = computeDashboard(studyPath, options.dashboard);
    if (!dashboard)
        return dashboard.error();
    AgreementDocument document;
    document.dashboard = std::move(dashboard).value();
    if (!options.compareJudges && !options.estimates && !options.cards)
        return document;
    return capture([&]() -> AgreementDocument {
        auto &d = document.dashboard;
        const auto study = DashboardJobs::openReadOnly(studyPath);
        for (std::size_t i = 0; options.compareJudges && i < d.judges.size(); ++i)
            for (std::size_t j = i + 1; j < d.judges.size(); ++j) {
                // As the "Compare judges" tab asks: the three levels, the dashboard's coefficient.
                JudgeComparisonRequest request;
                request.humanGroup = d.humanGroup;
                request.raterA = d.judges[i];
                request.raterB = d.judges[j];
                request.levels = {Level::Dataset, Level::System, Level::Summary};
                request.methods = {d.options.method};
                request.seed = d.options.correlationSeed;
                request.split = d.options.split;
                request.cancel = options.dashboard.cancel;
                auto comparison = compareJudges(*study, request);
                if (!comparison)
                    throw Failure(comparison.error());
                document.comparisons.push_back(std::move(comparison).value());
            }
        // The estimates have no split: with one they would mix in the other documents, so they are left out.
        const bool withEstimates = options.estimates && d.options.split.empty();
        if (options.estimates && !withEstimates)
            d.warnings.push_back("no estimates: they are computed over every document, and the report was asked for "
                                 "the "
                                 + d.options.split + " split only");
        for (std::size_t i = 0; withEstimates && i < d.judges.size(); ++i) {
            // As the "Estimates" tab asks, over every dimension the judge and the group share.
            EstimateRequest request;
            request.judge = d.judges[i];
            request.humanGroup = d.humanGroup;
            request.labelledFraction = options.labelledFraction;
            request.seed = options.estimateSeed;
            auto estimates = computeEstimates(*study, request);
            // A judge of rankings or pairs only has no mean to stand in for: said, not fatal.
            if (!estimates)
                d.warnings.push_back("no estimates with " + d.judges[i] + ": " + estimates.error().message);
            else
                document.estimates.push_back(std::move(estimates).value());
        }
        if (options.cards) {
            JudgeCardOptions cardOptions;
            cardOptions.dashboard = d.options;
            cardOptions.thresholds = options.cardThresholds;
            auto cards = judgeCards(d, *study, cardOptions);
            if (!cards)
                throw Failure(cards.error());
            document.cards = std::move(cards).value();
        }
        return std::move(document);
    });
}

json tableRowsJson(const io::Table &table)
{
    json rows = json::array();
    for (const auto &row : table.rows) {
        json object = json::object();
        for (std::size_t i = 0; i < table.header.size() && i < row.size(); ++i) {
            const std::string &cell = row[i];
            const bool numeric = i < table.numeric.size() && table.numeric[i];
            double value = 0;
            if (numeric && cell.empty())
                object[table.header[i]] = nullptr;
            else if (numeric
                     && std::from_chars(cell.data(), cell.data() + cell.size(), value).ptr == cell.data() + cell.size())
                object[table.header[i]] = value;
            else
                object[table.header[i]] = cell;
        }
        rows.push_back(std::move(object));
    }
    return rows;
}

std::vector<ReportSection> reportSections(const AgreementDocument &document, bool fullPrecision)
{
    const DashboardReport &r = document.dashboard;
    std::vector<ReportSection> sections;

    ReportSection correlations;
    correlations.key = "correlations";
    correlations.table = correlationTable(r, fullPrecision);
    correlations.heading = correlations.table.caption;
    correlations.json = json::array();
    for (const auto &rc : r.correlations)
        correlations.json.push_back({{"rater", rc.rater}, {"human", rc.human}, {"dimensions", toJson(rc.report)}});
    sections.push_back(std::move(correlations));

    sections.push_back(tableSection("human_ceiling", ceilingTable, r, fullPrecision));
    sections.push_back(tableSection("human_vs_judge", scatterTable, r, fullPrecision));
    sections.push_back(tableSection("per_system", perSystemTable, r, fullPrecision));

    ReportSection alpha;
    alpha.key = "alpha";
    alpha.table = alphaTable(r, fullPrecision);
    alpha.heading = alpha.table.caption;
    alpha.json = json::array();
    for (const auto &a : r.alpha) {
        json j = toJson(a.report);
        j["with_judge"] = a.judge.empty() ? json(nullptr) : json(a.judge);
        alpha.json.push_back(std::move(j));
    }
    sections.push_back(std::move(alpha));

    // The pairwise tab's tables as `concord-cli pairwise` prints them; the JSON is its results, which
    // hold every number of the tables after the summary.
    const std::vector<io::Table> pairwiseTables = pairwiseSections(r.pairwise, fullPrecision);
    for (std::size_t i = 0; i < pairwiseTables.size(); ++i) {
        ReportSection pairwise;
        pairwise.key = i == 0 ? "pairwise" : "pairwise_details";
        pairwise.table = pairwiseTables[i];
        pairwise.heading = pairwise.table.caption;
        if (i == 0)
            pairwise.json = pairwiseJson(r.pairwise, r.humanGroup).at("results");
        else
            pairwise.printedOnly = true;
        sections.push_back(std::move(pairwise));
    }

    sections.push_back(tableSection("length_bias", lengthBiasTable, r, fullPrecision));
    sections.push_back(tableSection("invalid_answers", invalidTable, r, fullPrecision));

    for (const auto &c : document.comparisons) {
        ReportSection s;
        s.key = "judge_comparisons";
        s.table = toTable(c, fullPrecision);
        s.heading = "Judge comparison: " + s.table.caption;
        s.json = toJson(c);
        sections.push_back(std::move(s));
    }
    for (const auto &e : document.estimates) {
        ReportSection s;
        s.key = "estimates";
        s.table = estimateTable(e, fullPrecision);
        std::string whatIf;
        if (e.request.labelledFraction) {
            char percent[32];
            std::snprintf(percent, sizeof percent, "%g", *e.request.labelledFraction * 100);
            whatIf = std::string(" (what-if: ").append(percent).append("% of the labels kept, seed ");
            whatIf.append(std::to_string(e.request.seed)).append(")");
        }
        s.heading = "Estimates with " + predictorName(e.request) + whatIf + ": " + s.table.caption;
        s.json = json::parse(estimateJson(e));
        sections.push_back(std::move(s));
        if (e.rates.empty())
            continue;
        ReportSection rates;
        rates.key = "estimate_rates";
        rates.table = rateTable(e, fullPrecision);
        rates.heading = "Pass rates with " + predictorName(e.request) + whatIf + ": " + rates.table.caption;
        rates.printedOnly = true; // the estimates' JSON holds them
        sections.push_back(std::move(rates));
    }
    if (!document.cards.empty()) {
        ReportSection bounds;
        bounds.key = "judge_card_bounds";
        bounds.table = cardThresholdsTable(document.cards.front().thresholds, fullPrecision);
        bounds.heading = bounds.table.caption;
        bounds.json = tableRowsJson(cardThresholdsTable(document.cards.front().thresholds, true));
        sections.push_back(std::move(bounds));
    }
    for (const auto &card : document.cards) {
        ReportSection checks;
        checks.key = "judge_cards";
        checks.table = cardChecksTable(card, fullPrecision);
        checks.heading = checks.table.caption;
        checks.json = cardJson(card);
        sections.push_back(std::move(checks));
        ReportSection figures;
        figures.key = "judge_card_figures";
        figures.table = cardFiguresTable(card, fullPrecision);
        figures.heading = figures.table.caption;
        figures.printedOnly = true; // the card's JSON holds them
        sections.push_back(std::move(figures));
    }
    return sections;
}

json toJson(const AgreementDocument &document)
{
    const DashboardReport &r = document.dashboard;
    json out = json::object();
    out["human_group"] = r.humanGroup;
    json humans = json::array();
    for (const auto &rc : r.correlations)
        if (rc.human)
            humans.push_back(rc.rater);
    out["human_raters"] = humans;
    out["judges"] = r.judges;
    out["dimensions"] = r.dimensions;
    out["level"] = std::string(toString(r.options.level));
    out["correlation"] = std::string(stats::toString(r.options.method));
    out["bootstrap"] = r.options.bootstrap ? r.options.resamples : std::size_t{0};
    out["seed"] = r.options.correlationSeed;
    out["pairwise_rule"] = std::string(stats::toString(r.options.pairwiseRule));
    out["split"] = r.options.split.empty() ? json(nullptr) : json(r.options.split);
    out["warnings"] = r.warnings;
    json comparisons = json::array();
    json estimates = json::array();
    json cards = json::array();
    for (auto &section : reportSections(document, true)) {
        if (section.printedOnly)
            continue;
        if (section.key == "judge_comparisons")
            comparisons.push_back(std::move(section.json));
        else if (section.key == "estimates")
            estimates.push_back(std::move(section.json));
        else if (section.key == "judge_cards")
            cards.push_back(std::move(section.json));
        else
            out[section.key] = std::move(section.json);
    }
    out["judge_comparisons"] = std::move(comparisons);
    out["estimates"] = std::move(estimates);
    out["judge_cards"] = std::move(cards);
    return out;
}

} // namespace concord::reports
