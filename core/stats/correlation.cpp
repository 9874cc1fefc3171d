#include "correlation.h"

#include "special_functions.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>

namespace concord::stats {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

struct Pairs {
    std::vector<double> x;
    std::vector<double> y;
};

bool hasNaN(std::span<const double> v)
{
    return std::any_of(v.begin(), v.end(), [](double d) { return std::isnan(d); });
}

// Keeps the complete pairs; the spans are used as they are when nothing is missing.
Pairs completePairs(std::span<const double> x, std::span<const double> y)
{
    Pairs p;
    const std::size_t n = std::min(x.size(), y.size());
    p.x.reserve(n);
    p.y.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        if (std::isnan(x[i]) || std::isnan(y[i]))
            continue;
        p.x.push_back(x[i]);
        p.y.push_back(y[i]);
    }
    return p;
}

bool isConstant(std::span<const double> v)
{
    return std::all_of(v.begin(), v.end(), [&](double d) { return d == v.front(); });
}

// Checks shared by every method; returns a reason when the coefficient is undefined.
std::string undefinedBecause(std::span<const double> x, std::span<const double> y, std::size_t minimum)
{
    if (x.size() < minimum)
        return "too few complete pairs (" + std::to_string(x.size()) + "; at least " + std::to_string(minimum) + " needed)";
    if (isConstant(x))
        return "the first variable is constant";
    if (isConstant(y))
        return "the second variable is constant";
    return {};
}

Correlation pearsonComplete(std::span<const double> x, std::span<const double> y)
{
    const std::size_t n = x.size();
    if (auto why = undefinedBecause(x, y, 2); !why.empty())
        return Correlation::undefined(n, std::move(why));
    Correlation c;
    c.n = n;
    if (n == 2) {
        c.value = ((x[1] > x[0]) == (y[1] > y[0])) ? 1.0 : -1.0;
        c.p = 1.0;
        return c;
    }
    const double nd = static_cast<double>(n);
    const double xMean = std::accumulate(x.begin(), x.end(), 0.0) / nd;
    const double yMean = std::accumulate(y.begin(), y.end(), 0.0) / nd;
    double sxx = 0, syy = 0;
    for (std::size_t i = 0; i < n; ++i) {
        sxx += (x[i] - xMean) * (x[i] - xMean);
        syy += (y[i] - yMean) * (y[i] - yMean);
    }
    // Normalise first, as scipy does, so that large values do not lose precision in the product.
    const double xNorm = std::sqrt(sxx);
    const double yNorm = std::sqrt(syy);
    double r = 0;
    for (std::size_t i = 0; i < n; ++i)
        r += ((x[i] - xMean) / xNorm) * ((y[i] - yMean) / yNorm);
    r = std::clamp(r, -1.0, 1.0);
    c.value = r;
    // Under H0, (r + 1) / 2 follows Beta(n/2 - 1, n/2 - 1).
    const double ab = nd / 2.0 - 1.0;
    c.p = std::min(1.0, 2.0 * regularizedIncompleteBeta(ab, ab, (1.0 - std::fabs(r)) / 2.0));
    return c;
}

// Dense ranks 0..k-1 of values, in the order given.
std::vector<std::uint32_t> denseRanks(std::span<const double> values, std::size_t &distinct)
{
    std::vector<std::uint32_t> order(values.size());
    std::iota(order.begin(), order.end(), 0u);
    std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return values[a] < values[b]; });
    std::vector<std::uint32_t> ranks(values.size());
    std::uint32_t rank = 0;
    for (std::size_t i = 0; i < order.size(); ++i) {
        if (i > 0 && values[order[i]] != values[order[i - 1]])
            ++rank;
        ranks[order[i]] = rank;
    }
    distinct = values.empty() ? 0 : rank + 1;
    return ranks;
}

struct TieSums {
    double pairs = 0;   // sum t(t-1)/2
    double v0 = 0;      // sum t(t-1)(t-2)
    double v1 = 0;      // sum t(t-1)(2t+5)
};

TieSums tieSums(const std::vector<std::uint32_t> &ranks, std::size_t distinct)
{
    std::vector<std::uint64_t> counts(distinct, 0);
    for (auto r : ranks)
        ++counts[r];
    TieSums s;
    for (auto t64 : counts) {
        if (t64 < 2)
            continue;
        const double t = static_cast<double>(t64);
        s.pairs += t * (t - 1) / 2;
        s.v0 += t * (t - 1) * (t - 2);
        s.v1 += t * (t - 1) * (2 * t + 5);
    }
    return s;
}

struct KendallCounts {
    std::size_t n = 0;
    double total = 0;            // n(n-1)/2
    double discordant = 0;
    double concordantMinusDiscordant = 0;
    TieSums xTies, yTies;
    std::size_t xDistinct = 0, yDistinct = 0;
};

KendallCounts kendallCounts(std::span<const double> x, std::span<const double> y)
{
    KendallCounts k;
    const std::size_t n = x.size();
    k.n = n;
    const auto xr = denseRanks(x, k.xDistinct);
    const auto yr = denseRanks(y, k.yDistinct);
    // Order by (x, y): a pair is then discordant exactly when an earlier y is strictly greater.
    std::vector<std::uint32_t> order(n);
    std::iota(order.begin(), order.end(), 0u);
    std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        return xr[a] != xr[b] ? xr[a] < xr[b] : yr[a] < yr[b];
    });
    // Fenwick tree over y ranks counts the earlier elements with a greater y.
    std::vector<std::uint32_t> tree(k.yDistinct + 1, 0);
    std::uint64_t discordant = 0;
    std::uint64_t jointTies = 0;
    std::uint64_t run = 1;
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint32_t yi = yr[order[i]];
        std::uint64_t notGreater = 0;
        for (std::size_t j = yi + 1; j > 0; j -= j & (~j + 1))
            notGreater += tree[j];
        discordant += i - notGreater;
        for (std::size_t j = yi + 1; j <= k.yDistinct; j += j & (~j + 1))
            ++tree[j];
        if (i > 0) {
            const std::uint32_t prev = order[i - 1];
            if (xr[prev] == xr[order[i]] && yr[prev] == yi) {
                ++run;
            } else {
                jointTies += run * (run - 1) / 2;
                run = 1;
            }
        }
    }
    jointTies += run * (run - 1) / 2;
    k.xTies = tieSums(xr, k.xDistinct);
    k.yTies = tieSums(yr, k.yDistinct);
    k.total = static_cast<double>(n) * static_cast<double>(n - 1) / 2.0;
    k.discordant = static_cast<double>(discordant);
    k.concordantMinusDiscordant = k.total - k.xTies.pairs - k.yTies.pairs + static_cast<double>(jointTies) - 2.0 * k.discordant;
    return k;
}

double kendallP(const KendallCounts &k)
{
    const double n = static_cast<double>(k.n);
    const bool noTies = k.xTies.pairs == 0 && k.yTies.pairs == 0;
    const double c = std::min(k.discordant, k.total - k.discordant);
    if (noTies && (k.n <= 33 || c <= 1))
        return kendallExactTwoSided(static_cast<int>(std::min<std::size_t>(k.n, 170)), static_cast<long long>(c));
    const double m = n * (n - 1.0);
    const double variance = (m * (2 * n + 5) - k.xTies.v1 - k.yTies.v1) / 18.0 + (2 * k.xTies.pairs * k.yTies.pairs) / m
        + k.xTies.v0 * k.yTies.v0 / (9 * m * (n - 2));
    return normalTwoSided(k.concordantMinusDiscordant / std::sqrt(variance));
}

Correlation kendallComplete(std::span<const double> x, std::span<const double> y, bool tauC)
{
    if (auto why = undefinedBecause(x, y, 2); !why.empty())
        return Correlation::undefined(x.size(), std::move(why));
    const KendallCounts k = kendallCounts(x, y);
    Correlation c;
    c.n = k.n;
    if (tauC) {
        const double classes = static_cast<double>(std::min(k.xDistinct, k.yDistinct));
        const double n = static_cast<double>(k.n);
        c.value = 2 * k.concordantMinusDiscordant / (n * n * (classes - 1) / classes);
    } else {
        c.value = k.concordantMinusDiscordant / std::sqrt(k.total - k.xTies.pairs) / std::sqrt(k.total - k.yTies.pairs);
    }
    c.value = std::clamp(c.value, -1.0, 1.0);
    c.p = k.n > 2 ? kendallP(k) : 1.0;
    return c;
}

} // namespace

Correlation Correlation::undefined(std::size_t n, std::string reason)
{
    Correlation c;
    c.n = n;
    c.undefinedReason = std::move(reason);
    return c;
}

std::string_view toString(CorrelationMethod method)
{
    switch (method) {
    case CorrelationMethod::Pearson: return "pearson";
    case CorrelationMethod::Spearman: return "spearman";
    case CorrelationMethod::KendallB: return "kendall_b";
    case CorrelationMethod::KendallC: return "kendall_c";
    }
    return "pearson";
}

std::optional<CorrelationMethod> correlationMethodFromString(std::string_view text)
{
    for (auto m : {CorrelationMethod::Pearson, CorrelationMethod::Spearman, CorrelationMethod::KendallB, CorrelationMethod::KendallC})
        if (toString(m) == text)
            return m;
    if (text == "kendall")
        return CorrelationMethod::KendallB;
    return std::nullopt;
}

std::vector<double> averageRanks(std::span<const double> values)
{
    const std::size_t n = values.size();
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return values[a] < values[b]; });
    std::vector<double> ranks(n);
    std::size_t i = 0;
    while (i < n) {
        std::size_t j = i + 1;
        while (j < n && values[order[j]] == values[order[i]])
            ++j;
        // Positions i..j-1 share the mean of ranks i+1..j.
        const double rank = (static_cast<double>(i + 1) + static_cast<double>(j)) / 2.0;
        for (std::size_t k = i; k < j; ++k)
            ranks[order[k]] = rank;
        i = j;
    }
    return ranks;
}

Correlation pearson(std::span<const double> x, std::span<const double> y)
{
    if (!hasNaN(x) && !hasNaN(y) && x.size() == y.size())
        return pearsonComplete(x, y);
    const Pairs p = completePairs(x, y);
    return pearsonComplete(p.x, p.y);
}

Correlation spearman(std::span<const double> x, std::span<const double> y)
{
    const Pairs p = completePairs(x, y);
    if (auto why = undefinedBecause(p.x, p.y, 2); !why.empty())
        return Correlation::undefined(p.x.size(), std::move(why));
    const auto rx = averageRanks(p.x);
    const auto ry = averageRanks(p.y);
    Correlation c = pearsonComplete(rx, ry);
    if (!c.defined())
        return c;
    const double df = static_cast<double>(c.n) - 2.0;
    if (df <= 0) {
        c.p = 1.0;
        return c;
    }
    const double rs = c.value;
    const double t = rs * std::sqrt(std::max(0.0, df / ((rs + 1.0) * (1.0 - rs))));
    c.p = std::fabs(rs) == 1.0 ? 0.0 : studentTTwoSided(t, df);
    return c;
}

Correlation kendallTauB(std::span<const double> x, std::span<const double> y)
{
    const Pairs p = completePairs(x, y);
    return kendallComplete(p.x, p.y, false);
}

Correlation kendallTauC(std::span<const double> x, std::span<const double> y)
{
    const Pairs p = completePairs(x, y);
    return kendallComplete(p.x, p.y, true);
}

Correlation correlate(std::span<const double> x, std::span<const double> y, CorrelationMethod method)
{
    switch (method) {
    case CorrelationMethod::Pearson: return pearson(x, y);
    case CorrelationMethod::Spearman: return spearman(x, y);
    case CorrelationMethod::KendallB: return kendallTauB(x, y);
    case CorrelationMethod::KendallC: return kendallTauC(x, y);
    }
    return pearson(x, y);
}

} // namespace concord::stats
