// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "stats/levels.h"

#include "stats/pairwise_accuracy.h"

#include <algorithm>
#include <cmath>
#include <span>
#include <stdexcept>
#include <tuple>

namespace concord::stats {

namespace {

void requireSameShape(const ScoreMatrix &x, const ScoreMatrix &z)
{
    if (x.systems() != z.systems() || x.documents() != z.documents())
        throw std::invalid_argument("the judge and human score matrices differ in shape");
}

// Mean of a row over the cells where both matrices have a value.
std::pair<double, double> pairedRowMeans(const ScoreMatrix &x, const ScoreMatrix &z, std::size_t s)
{
    double sx = 0, sz = 0;
    std::size_t n = 0;
    for (std::size_t d = 0; d < x.documents(); ++d) {
        const double a = x.at(s, d);
        const double b = z.at(s, d);
        if (std::isnan(a) || std::isnan(b))
            continue;
        sx += a;
        sz += b;
        ++n;
    }
    if (n == 0)
        return {ScoreMatrix::missing(), ScoreMatrix::missing()};
    return {sx / static_cast<double>(n), sz / static_cast<double>(n)};
}

} // namespace

Correlation datasetLevel(const ScoreMatrix &x, const ScoreMatrix &z, CorrelationMethod method, bool withP)
{
    requireSameShape(x, z);
    return correlate(x.cells(), z.cells(), method, withP);
}

Correlation systemLevel(const ScoreMatrix &x, const ScoreMatrix &z, CorrelationMethod method, bool withP)
{
    requireSameShape(x, z);
    // SPA's p-values test system pairs over the documents, so it needs the cells, not the means.
    if (method == CorrelationMethod::Spa)
        return softPairwiseAccuracy(x, z);
    std::vector<double> mx(x.systems()), mz(x.systems());
    for (std::size_t s = 0; s < x.systems(); ++s)
        std::tie(mx[s], mz[s]) = pairedRowMeans(x, z, s);
    return correlate(mx, mz, method, withP);
}

SummaryLevel summaryLevel(const ScoreMatrix &x, const ScoreMatrix &z, CorrelationMethod method, bool withP)
{
    requireSameShape(x, z);
    SummaryLevel out;
    out.documentsTotal = x.documents();
    if (method == CorrelationMethod::Spa) {
        out.mean = Correlation::undefined(
            0, "soft pairwise accuracy compares systems over documents: it is defined at system level only");
        return out;
    }
    if (method == CorrelationMethod::AccEq) {
        // One tie threshold for every document, chosen for the mean: a threshold per document would
        // fit each document's own ties and overstate the accuracy.
        std::vector<std::vector<double>> cx, cz;
        for (std::size_t d = 0; d < x.documents(); ++d) {
            cx.push_back(x.column(d));
            cz.push_back(z.column(d));
        }
        GroupedAccuracy g = tieCalibratedAccuracy(cx, cz);
        out.mean = g.mean;
        out.documentsUsed = g.groupsUsed;
        out.perDocument = std::move(g.perGroup);
        return out;
    }
    double sum = 0;
    std::size_t pairs = 0;
    std::vector<double> cx(x.systems()), cz(x.systems());
    for (std::size_t d = 0; d < x.documents(); ++d) {
        for (std::size_t s = 0; s < x.systems(); ++s) {
            cx[s] = x.at(s, d);
            cz[s] = z.at(s, d);
        }
        Correlation c = correlate(cx, cz, method, withP);
        if (c.defined()) {
            sum += c.value;
            ++out.documentsUsed;
            pairs += c.n;
        }
        out.perDocument.push_back(std::move(c));
    }
    if (out.documentsUsed == 0) {
        // When every document fails for want of variance, say so first: a judge that gives one score to all.
        const bool noVariance
            = !out.perDocument.empty()
              && std::all_of(out.perDocument.begin(), out.perDocument.end(),
                             [](const Correlation &c) { return c.undefinedReason.starts_with("no variance"); });
        out.mean = Correlation::undefined(0, std::string(noVariance ? "no variance: " : "")
                                                 + "no document has a defined correlation across systems");
        return out;
    }
    out.mean.value = sum / static_cast<double>(out.documentsUsed);
    out.mean.n = pairs;
    // A mean of per-document coefficients has no p-value of its own; its uncertainty is the bootstrap CI.
    return out;
}

double summaryLevelMean(const ScoreMatrix &x, const ScoreMatrix &z, CorrelationMethod method)
{
    requireSameShape(x, z);
    if (method == CorrelationMethod::Spa || method == CorrelationMethod::AccEq)
        return summaryLevel(x, z, method, false).mean.value;
    double sum = 0;
    std::size_t used = 0;
    std::vector<double> cx(x.systems()), cz(x.systems());
    for (std::size_t d = 0; d < x.documents(); ++d) {
        for (std::size_t s = 0; s < x.systems(); ++s) {
            cx[s] = x.at(s, d);
            cz[s] = z.at(s, d);
        }
        const Correlation c = correlate(cx, cz, method, false);
        if (c.defined()) {
            sum += c.value;
            ++used;
        }
    }
    return used ? sum / static_cast<double>(used) : ScoreMatrix::missing();
}

std::vector<Correlation> perSystem(const ScoreMatrix &x, const ScoreMatrix &z, CorrelationMethod method, bool withP)
{
    requireSameShape(x, z);
    std::vector<Correlation> out;
    out.reserve(x.systems());
    for (std::size_t s = 0; s < x.systems(); ++s)
        out.push_back(correlate(std::span(x.cells()).subspan(s * x.documents(), x.documents()),
                                std::span(z.cells()).subspan(s * z.documents(), z.documents()), method, withP));
    return out;
}

MetaCorrelation metaCorrelation(const ScoreMatrix &x, const ScoreMatrix &z, CorrelationMethod method, bool withP)
{
    requireSameShape(x, z);
    MetaCorrelation out;
    const auto per = perSystem(x, z, method, false); // only the coefficients enter M
    for (std::size_t s = 0; s < x.systems(); ++s) {
        double sum = 0;
        std::size_t n = 0;
        for (std::size_t d = 0; d < z.documents(); ++d)
            if (!std::isnan(z.at(s, d))) {
                sum += z.at(s, d);
                ++n;
            }
        out.q.push_back(n ? sum / static_cast<double>(n) : ScoreMatrix::missing());
        out.p.push_back(per[s].defined() ? per[s].value : ScoreMatrix::missing());
    }
    out.m = correlate(out.q, out.p, method, withP);
    return out;
}

} // namespace concord::stats
