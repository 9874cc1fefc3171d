// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "stats/correlation.h"

#include "stats/pairwise_accuracy.h"
#include "stats/special_functions.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <numeric>

namespace concord::stats {

namespace {

// Buffers reused by every call on a thread: bootstrap loops call these functions millions of times
// on small samples, where allocating would cost more than the arithmetic.
struct Scratch {
    std::vector<double> x, y, rankX, rankY;
    std::vector<std::size_t> order;
    struct Record {
        std::uint64_t x;
        std::uint64_t y;
    };
    std::vector<Record> records, recordsTmp;
    std::vector<std::uint32_t> sequence, sequenceTmp;
    std::vector<double> distinctX, distinctY, table, tableCounts;
    std::vector<std::uint8_t> indexX, indexY;
};

Scratch &scratch()
{
    thread_local Scratch s;
    return s;
}

bool hasNaN(std::span<const double> v)
{
    return std::any_of(v.begin(), v.end(), [](double d) { return std::isnan(d); });
}

// The complete pairs, as views: the inputs themselves when nothing is missing, else the scratch copies.
std::pair<std::span<const double>, std::span<const double>> completePairs(std::span<const double> x,
                                                                          std::span<const double> y)
{
    const std::size_t n = std::min(x.size(), y.size());
    x = x.first(n);
    y = y.first(n);
    if (!hasNaN(x) && !hasNaN(y))
        return {x, y};
    Scratch &s = scratch();
    s.x.clear();
    s.y.clear();
    for (std::size_t i = 0; i < n; ++i) {
        if (std::isnan(x[i]) || std::isnan(y[i]))
            continue;
        s.x.push_back(x[i]);
        s.y.push_back(y[i]);
    }
    return {s.x, s.y};
}

bool isConstant(std::span<const double> v)
{
    return std::all_of(v.begin(), v.end(), [&](double d) { return d == v.front(); });
}

// Checks shared by every method; returns a reason when the coefficient is undefined.
std::string undefinedBecause(std::span<const double> x, std::span<const double> y, std::size_t minimum)
{
    if (x.size() < minimum)
        return "too few complete pairs (" + std::to_string(x.size()) + "; at least " + std::to_string(minimum)
               + " needed)";
    // "no variance" first: the window shows the words before the colon where the number would be.
    if (isConstant(x))
        return "no variance: the first variable is constant";
    if (isConstant(y))
        return "no variance: the second variable is constant";
    return {};
}

// The coefficient of complete, non-constant pairs (at least 2).
double pearsonDefinedValue(std::span<const double> x, std::span<const double> y)
{
    const std::size_t n = x.size();
    if (n == 2)
        return ((x[1] > x[0]) == (y[1] > y[0])) ? 1.0 : -1.0;
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
    return std::clamp(r, -1.0, 1.0);
}

Correlation pearsonComplete(std::span<const double> x, std::span<const double> y, bool withP)
{
    const std::size_t n = x.size();
    if (auto why = undefinedBecause(x, y, 2); !why.empty())
        return Correlation::undefined(n, std::move(why));
    Correlation c;
    c.n = n;
    c.value = pearsonDefinedValue(x, y);
    if (n == 2) {
        c.p = 1.0;
        return c;
    }
    if (withP) {
        // Under H0, (r + 1) / 2 follows Beta(n/2 - 1, n/2 - 1).
        const double nd = static_cast<double>(n);
        const double ab = nd / 2.0 - 1.0;
        c.p = std::min(1.0, 2.0 * regularizedIncompleteBeta(ab, ab, (1.0 - std::fabs(c.value)) / 2.0));
    }
    return c;
}

// Ratings take few distinct values (1–5, or means of three ratings). When there are at most
// kSmallDomain, each value is replaced by its position among the sorted distinct values, which turns
// ranking and Kendall's pair counting into counting: O(n·K) instead of sorting.
constexpr std::size_t kSmallDomain = 64;

bool indexSmallDomain(std::span<const double> values, std::vector<double> &distinct, std::vector<std::uint8_t> &index)
{
    distinct.clear();
    index.resize(values.size());
    for (std::size_t i = 0; i < values.size(); ++i) {
        std::size_t k = 0;
        while (k < distinct.size() && distinct[k] != values[i])
            ++k;
        if (k == distinct.size()) {
            if (distinct.size() == kSmallDomain)
                return false;
            distinct.push_back(values[i]);
        }
        index[i] = static_cast<std::uint8_t>(k);
    }
    // Renumber from first-seen order to sorted order.
    std::array<std::uint8_t, kSmallDomain> position{};
    std::array<std::uint8_t, kSmallDomain> order{};
    for (std::size_t k = 0; k < distinct.size(); ++k)
        order[k] = static_cast<std::uint8_t>(k);
    std::sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(distinct.size()),
              [&](std::uint8_t a, std::uint8_t b) { return distinct[a] < distinct[b]; });
    for (std::size_t k = 0; k < distinct.size(); ++k)
        position[order[k]] = static_cast<std::uint8_t>(k);
    for (auto &i : index)
        i = position[i];
    return true;
}

// Average ranks into out, using the scratch buffers.
void averageRanksInto(std::span<const double> values, std::vector<double> &out)
{
    Scratch &sc = scratch();
    if (indexSmallDomain(values, sc.distinctX, sc.indexX)) {
        std::array<double, kSmallDomain> count{};
        for (auto i : sc.indexX)
            count[i] += 1;
        std::array<double, kSmallDomain> rank{};
        double below = 0;
        for (std::size_t k = 0; k < sc.distinctX.size(); ++k) {
            rank[k] = below + (count[k] + 1) / 2; // the mean of ranks below+1 .. below+count
            below += count[k];
        }
        out.resize(values.size());
        for (std::size_t i = 0; i < values.size(); ++i)
            out[i] = rank[sc.indexX[i]];
        return;
    }
    const std::size_t n = values.size();
    auto &order = scratch().order;
    order.resize(n);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return values[a] < values[b]; });
    out.resize(n);
    std::size_t i = 0;
    while (i < n) {
        std::size_t j = i + 1;
        while (j < n && values[order[j]] == values[order[i]])
            ++j;
        // Positions i..j-1 share the mean of ranks i+1..j.
        const double rank = (static_cast<double>(i + 1) + static_cast<double>(j)) / 2.0;
        for (std::size_t k = i; k < j; ++k)
            out[order[k]] = rank;
        i = j;
    }
}

struct TieSums {
    double pairs = 0; // sum t(t-1)/2
    double v0 = 0;    // sum t(t-1)(t-2)
    double v1 = 0;    // sum t(t-1)(2t+5)
    std::size_t distinct = 0;

    void addRun(std::size_t length)
    {
        ++distinct;
        if (length < 2)
            return;
        const double t = static_cast<double>(length);
        pairs += t * (t - 1) / 2;
        v0 += t * (t - 1) * (t - 2);
        v1 += t * (t - 1) * (2 * t + 5);
    }
};

struct KendallCounts {
    std::size_t n = 0;
    double total = 0; // n(n-1)/2
    double discordant = 0;
    double concordantMinusDiscordant = 0;
    TieSums xTies, yTies;
};

// Runs of equal values in sorted data.
template <typename It> void addRuns(It begin, It end, TieSums &sums)
{
    while (begin != end) {
        It next = begin + 1;
        while (next != end && *next == *begin)
            ++next;
        sums.addRun(static_cast<std::size_t>(next - begin));
        begin = next;
    }
}

// Pair by pair: for the small samples of per-document correlations. Tie runs (needed only for the
// p-value and tau-c) are counted from sorted copies when asked for.
KendallCounts kendallCountsDirect(std::span<const double> x, std::span<const double> y, bool withRuns)
{
    KendallCounts k;
    const std::size_t n = x.size();
    k.n = n;
    // Without branches: the signs multiply to +1 (concordant), -1 (discordant) or 0 (a tie).
    long long signSum = 0, discordant = 0, xTied = 0, yTied = 0;
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i + 1; j < n; ++j) {
            const int sx = (x[i] > x[j]) - (x[i] < x[j]);
            const int sy = (y[i] > y[j]) - (y[i] < y[j]);
            const int product = sx * sy;
            signSum += product;
            discordant += product < 0;
            xTied += sx == 0;
            yTied += sy == 0;
        }
    k.total = static_cast<double>(n) * static_cast<double>(n - 1) / 2.0;
    k.discordant = static_cast<double>(discordant);
    k.concordantMinusDiscordant = static_cast<double>(signSum);
    if (withRuns) {
        auto &sx = scratch().rankX;
        auto &sy = scratch().rankY;
        sx.assign(x.begin(), x.end());
        sy.assign(y.begin(), y.end());
        std::sort(sx.begin(), sx.end());
        std::sort(sy.begin(), sy.end());
        addRuns(sx.begin(), sx.end(), k.xTies);
        addRuns(sy.begin(), sy.end(), k.yTies);
    } else {
        k.xTies.pairs = static_cast<double>(xTied);
        k.yTies.pairs = static_cast<double>(yTied);
    }
    return k;
}

// From the contingency table of the indexed values: with suffix sums S[i][j] = #{x ≥ i, y ≥ j},
// each cell's concordant partners are S[i+1][j+1] and its discordant ones S[i+1][0] − S[i+1][j].
KendallCounts kendallCountsTable(std::span<const std::uint8_t> ix, std::span<const std::uint8_t> iy, std::size_t kx,
                                 std::size_t ky)
{
    KendallCounts k;
    const std::size_t n = ix.size();
    k.n = n;
    auto &table = scratch().table;
    const std::size_t w = ky + 1;
    table.assign((kx + 1) * w, 0.0);
    for (std::size_t i = 0; i < n; ++i)
        table[ix[i] * w + iy[i]] += 1;
    for (std::size_t i = 0; i < kx; ++i) {
        double row = 0;
        for (std::size_t j = 0; j < ky; ++j)
            row += table[i * w + j];
        k.xTies.addRun(static_cast<std::size_t>(row));
    }
    for (std::size_t j = 0; j < ky; ++j) {
        double column = 0;
        for (std::size_t i = 0; i < kx; ++i)
            column += table[i * w + j];
        k.yTies.addRun(static_cast<std::size_t>(column));
    }
    // Suffix sums in place, after keeping the counts the loop below needs.
    auto &counts = scratch().tableCounts;
    counts.assign(table.begin(), table.end());
    for (std::size_t i = kx; i-- > 0;)
        for (std::size_t j = ky; j-- > 0;)
            table[i * w + j] += table[(i + 1) * w + j] + table[i * w + j + 1] - table[(i + 1) * w + j + 1];
    double concordant = 0, discordant = 0;
    for (std::size_t i = 0; i + 1 < kx; ++i)
        for (std::size_t j = 0; j < ky; ++j) {
            const double c = counts[i * w + j];
            if (c == 0)
                continue;
            concordant += c * table[(i + 1) * w + j + 1];
            discordant += c * (table[(i + 1) * w] - table[(i + 1) * w + j]);
        }
    k.total = static_cast<double>(n) * static_cast<double>(n - 1) / 2.0;
    k.discordant = discordant;
    k.concordantMinusDiscordant = concordant - discordant;
    return k;
}

// An unsigned key with the order of the doubles (no NaN here): flip the sign bit of positives,
// every bit of negatives. -0.0 and 0.0 are made equal first.
std::uint64_t orderKey(double v)
{
    if (v == 0)
        v = 0;
    const auto bits = std::bit_cast<std::uint64_t>(v);
    return (bits & 0x8000000000000000ULL) ? ~bits : bits | 0x8000000000000000ULL;
}

// Stable LSD radix sort of the records by one key, a byte per pass; passes where every key shares
// the byte (most of them for scores on a short scale) are skipped.
template <std::uint64_t Scratch::Record::*Key>
void radixSort(std::vector<Scratch::Record> &records, std::vector<Scratch::Record> &tmp)
{
    const std::size_t n = records.size();
    std::array<std::array<std::size_t, 256>, 8> counts{};
    for (const auto &r : records) {
        const std::uint64_t k = r.*Key;
        for (int b = 0; b < 8; ++b)
            ++counts[static_cast<std::size_t>(b)][(k >> (8 * b)) & 0xff];
    }
    tmp.resize(n);
    for (int b = 0; b < 8; ++b) {
        auto &count = counts[static_cast<std::size_t>(b)];
        if (std::any_of(count.begin(), count.end(), [n](std::size_t c) { return c == n; }))
            continue;
        std::size_t offset = 0;
        for (auto &c : count) {
            const std::size_t here = c;
            c = offset;
            offset += here;
        }
        for (const auto &r : records)
            tmp[count[((r.*Key) >> (8 * b)) & 0xff]++] = r;
        records.swap(tmp);
    }
}

// Sorts seq ascending and returns the number of pairs i < j with seq[i] > seq[j].
std::uint64_t countInversions(std::vector<std::uint32_t> &seq, std::vector<std::uint32_t> &tmp)
{
    const std::size_t n = seq.size();
    tmp.resize(n);
    std::uint64_t inversions = 0;
    // Insertion sort for runs of 16 first: cheaper than merging tiny runs.
    constexpr std::size_t kRun = 16;
    for (std::size_t start = 0; start < n; start += kRun) {
        const std::size_t end = std::min(start + kRun, n);
        for (std::size_t i = start + 1; i < end; ++i) {
            const std::uint32_t v = seq[i];
            std::size_t j = i;
            while (j > start && seq[j - 1] > v) {
                seq[j] = seq[j - 1];
                --j;
            }
            inversions += i - j;
            seq[j] = v;
        }
    }
    for (std::size_t width = kRun; width < n; width *= 2) {
        for (std::size_t lo = 0; lo < n; lo += 2 * width) {
            const std::size_t mid = std::min(lo + width, n);
            const std::size_t hi = std::min(lo + 2 * width, n);
            std::size_t i = lo, j = mid, out = lo;
            while (i < mid && j < hi) {
                if (seq[j] < seq[i]) {
                    inversions += mid - i; // every remaining left element is strictly greater
                    tmp[out++] = seq[j++];
                } else {
                    tmp[out++] = seq[i++];
                }
            }
            while (i < mid)
                tmp[out++] = seq[i++];
            while (j < hi)
                tmp[out++] = seq[j++];
        }
        seq.swap(tmp);
    }
    return inversions;
}

KendallCounts kendallCountsSorted(std::span<const double> x, std::span<const double> y)
{
    KendallCounts k;
    const std::size_t n = x.size();
    k.n = n;
    Scratch &s = scratch();
    s.records.resize(n);
    for (std::size_t i = 0; i < n; ++i)
        s.records[i] = {orderKey(x[i]), orderKey(y[i])};
    // Radix passes pay for their 256-bucket histograms only on large samples.
    const bool radix = n >= 4096;
    // By y first: replace y by its dense rank and count the y ties on the way.
    if (radix)
        radixSort<&Scratch::Record::y>(s.records, s.recordsTmp);
    else
        std::sort(s.records.begin(), s.records.end(), [](const auto &a, const auto &b) { return a.y < b.y; });
    std::uint64_t rank = 0;
    std::size_t run = 0;
    std::uint64_t previous = n ? s.records[0].y : 0;
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint64_t key = s.records[i].y;
        if (key != previous) {
            k.yTies.addRun(run);
            run = 0;
            ++rank;
            previous = key;
        }
        ++run;
        s.records[i].y = rank;
    }
    k.yTies.addRun(run);
    // Then by x, keeping y order within equal x: ordered by (x, y rank). A pair is discordant exactly
    // when an earlier y is greater.
    if (radix)
        radixSort<&Scratch::Record::x>(s.records, s.recordsTmp);
    else
        std::sort(s.records.begin(), s.records.end(),
                  [](const auto &a, const auto &b) { return a.x != b.x ? a.x < b.x : a.y < b.y; });
    double jointTies = 0;
    std::size_t xRun = 0, jointRun = 0;
    s.sequence.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        if (i > 0 && s.records[i].x != s.records[i - 1].x) {
            k.xTies.addRun(xRun);
            xRun = 0;
        }
        if (i > 0 && (s.records[i].x != s.records[i - 1].x || s.records[i].y != s.records[i - 1].y)) {
            jointTies += static_cast<double>(jointRun) * static_cast<double>(jointRun - 1) / 2;
            jointRun = 0;
        }
        ++xRun;
        ++jointRun;
        s.sequence[i] = static_cast<std::uint32_t>(s.records[i].y);
    }
    k.xTies.addRun(xRun);
    jointTies += static_cast<double>(jointRun) * static_cast<double>(jointRun - 1) / 2;
    k.discordant = static_cast<double>(countInversions(s.sequence, s.sequenceTmp));
    k.total = static_cast<double>(n) * static_cast<double>(n - 1) / 2.0;
    k.concordantMinusDiscordant = k.total - k.xTies.pairs - k.yTies.pairs + jointTies - 2.0 * k.discordant;
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

Correlation kendallComplete(std::span<const double> x, std::span<const double> y, bool tauC, bool withP)
{
    if (auto why = undefinedBecause(x, y, 2); !why.empty())
        return Correlation::undefined(x.size(), std::move(why));
    // Counting pair by pair beats anything else up to a few dozen items; beyond, ratings on a short
    // scale are counted in a contingency table, and everything else is sorted.
    KendallCounts k;
    Scratch &sc = scratch();
    if (x.size() <= 24)
        k = kendallCountsDirect(x, y, withP || tauC);
    else if (indexSmallDomain(x, sc.distinctX, sc.indexX) && indexSmallDomain(y, sc.distinctY, sc.indexY))
        k = kendallCountsTable(sc.indexX, sc.indexY, sc.distinctX.size(), sc.distinctY.size());
    else
        k = kendallCountsSorted(x, y);
    Correlation c;
    c.n = k.n;
    if (tauC)
        c.value = kendallTauCFromCounts(k.concordantMinusDiscordant, static_cast<double>(k.n),
                                        static_cast<double>(std::min(k.xTies.distinct, k.yTies.distinct)));
    else
        c.value = kendallTauBFromCounts(k.concordantMinusDiscordant, k.total, k.xTies.pairs, k.yTies.pairs);
    if (withP)
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
    case CorrelationMethod::Pearson:
        return "pearson";
    case CorrelationMethod::Spearman:
        return "spearman";
    case CorrelationMethod::KendallB:
        return "kendall_b";
    case CorrelationMethod::KendallC:
        return "kendall_c";
    case CorrelationMethod::Acc:
        return "acc";
    case CorrelationMethod::AccEq:
        return "acc_eq";
    case CorrelationMethod::Spa:
        return "spa";
    }
    return "pearson";
}

std::optional<CorrelationMethod> correlationMethodFromString(std::string_view text)
{
    for (auto m :
         {CorrelationMethod::Pearson, CorrelationMethod::Spearman, CorrelationMethod::KendallB,
          CorrelationMethod::KendallC, CorrelationMethod::Acc, CorrelationMethod::AccEq, CorrelationMethod::Spa})
        if (toString(m) == text)
            return m;
    if (text == "kendall")
        return CorrelationMethod::KendallB;
    return std::nullopt;
}

bool hasBootstrapInterval(CorrelationMethod method)
{
    return method == CorrelationMethod::Pearson || method == CorrelationMethod::Spearman
           || method == CorrelationMethod::KendallB || method == CorrelationMethod::KendallC;
}

std::vector<double> averageRanks(std::span<const double> values)
{
    std::vector<double> out;
    averageRanksInto(values, out);
    return out;
}

double pearsonValue(std::span<const double> x, std::span<const double> y)
{
    if (x.size() < 2 || isConstant(x) || isConstant(y))
        return std::numeric_limits<double>::quiet_NaN();
    return pearsonDefinedValue(x, y);
}

double kendallTauBFromCounts(double concordantMinusDiscordant, double pairs, double xTiedPairs, double yTiedPairs)
{
    return std::clamp(concordantMinusDiscordant / std::sqrt(pairs - xTiedPairs) / std::sqrt(pairs - yTiedPairs), -1.0,
                      1.0);
}

double kendallTauCFromCounts(double concordantMinusDiscordant, double n, double classes)
{
    return std::clamp(2 * concordantMinusDiscordant / (n * n * (classes - 1) / classes), -1.0, 1.0);
}

Correlation pearson(std::span<const double> x, std::span<const double> y, bool withP)
{
    const auto [cx, cy] = completePairs(x, y);
    return pearsonComplete(cx, cy, withP);
}

Correlation spearman(std::span<const double> x, std::span<const double> y, bool withP)
{
    const auto [cx, cy] = completePairs(x, y);
    if (auto why = undefinedBecause(cx, cy, 2); !why.empty())
        return Correlation::undefined(cx.size(), std::move(why));
    Scratch &s = scratch();
    averageRanksInto(cx, s.rankX);
    averageRanksInto(cy, s.rankY);
    Correlation c = pearsonComplete(s.rankX, s.rankY, withP);
    if (!c.defined() || !withP)
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

Correlation kendallTauB(std::span<const double> x, std::span<const double> y, bool withP)
{
    const auto [cx, cy] = completePairs(x, y);
    return kendallComplete(cx, cy, false, withP);
}

Correlation kendallTauC(std::span<const double> x, std::span<const double> y, bool withP)
{
    const auto [cx, cy] = completePairs(x, y);
    return kendallComplete(cx, cy, true, withP);
}

Correlation correlate(std::span<const double> x, std::span<const double> y, CorrelationMethod method, bool withP)
{
    switch (method) {
    case CorrelationMethod::Pearson:
        return pearson(x, y, withP);
    case CorrelationMethod::Spearman:
        return spearman(x, y, withP);
    case CorrelationMethod::KendallB:
        return kendallTauB(x, y, withP);
    case CorrelationMethod::KendallC:
        return kendallTauC(x, y, withP);
    case CorrelationMethod::Acc:
        return pairwiseAccuracy(x, y);
    case CorrelationMethod::AccEq:
        return tieCalibratedAccuracy(x, y);
    case CorrelationMethod::Spa:
        return Correlation::undefined(
            std::min(x.size(), y.size()),
            "soft pairwise accuracy compares systems over documents: it is defined at system level only");
    }
    return pearson(x, y, withP);
}

} // namespace concord::stats
