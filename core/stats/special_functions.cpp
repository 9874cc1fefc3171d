// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "stats/special_functions.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

namespace concord::stats {

namespace {

// Continued fraction for I_x(a, b), converging quickly for x < (a + 1) / (a + b + 2).
double betaContinuedFraction(double a, double b, double x)
{
    constexpr int kMaxIterations = 10000;
    constexpr double kEpsilon = 1e-16;
    constexpr double kTiny = 1e-300;
    const double qab = a + b;
    const double qap = a + 1.0;
    const double qam = a - 1.0;
    double c = 1.0;
    double d = 1.0 - qab * x / qap;
    if (std::fabs(d) < kTiny)
        d = kTiny;
    d = 1.0 / d;
    double h = d;
    for (int m = 1; m <= kMaxIterations; ++m) {
        const double m2 = 2.0 * m;
        double aa = m * (b - m) * x / ((qam + m2) * (a + m2));
        d = 1.0 + aa * d;
        if (std::fabs(d) < kTiny)
            d = kTiny;
        c = 1.0 + aa / c;
        if (std::fabs(c) < kTiny)
            c = kTiny;
        d = 1.0 / d;
        h *= d * c;
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
        d = 1.0 + aa * d;
        if (std::fabs(d) < kTiny)
            d = kTiny;
        c = 1.0 + aa / c;
        if (std::fabs(c) < kTiny)
            c = kTiny;
        d = 1.0 / d;
        const double del = d * c;
        h *= del;
        if (std::fabs(del - 1.0) < kEpsilon)
            break;
    }
    return h;
}

} // namespace

double regularizedIncompleteBeta(double a, double b, double x)
{
    if (std::isnan(a) || std::isnan(b) || std::isnan(x) || a <= 0 || b <= 0)
        return std::numeric_limits<double>::quiet_NaN();
    if (x <= 0)
        return 0;
    if (x >= 1)
        return 1;
    const double lnFront = std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) + a * std::log(x) + b * std::log1p(-x);
    const double front = std::exp(lnFront);
    // Use the fraction where it converges fast, and the symmetry I_x(a,b) = 1 - I_{1-x}(b,a) elsewhere.
    if (x < (a + 1.0) / (a + b + 2.0))
        return front * betaContinuedFraction(a, b, x) / a;
    return 1.0 - front * betaContinuedFraction(b, a, 1.0 - x) / b;
}

double studentTTwoSided(double t, double df)
{
    if (std::isnan(t) || !(df > 0))
        return std::numeric_limits<double>::quiet_NaN();
    if (std::isinf(t))
        return 0;
    return regularizedIncompleteBeta(df / 2.0, 0.5, df / (df + t * t));
}

double studentTQuantile(double p, double df)
{
    if (!(p > 0 && p < 1) || !(df > 0))
        return std::numeric_limits<double>::quiet_NaN();
    if (std::isinf(df))
        return normalQuantile(p);
    if (p == 0.5)
        return 0;
    // Solve for the upper tail q = P(T >= t) = min(p, 1 - p) with t > 0, then give the sign back.
    const double q = p < 0.5 ? p : 1 - p;
    const auto upper = [df](double t) { return studentTTwoSided(t, df) / 2; };
    const double logNorm = std::lgamma((df + 1) / 2) - std::lgamma(df / 2) - 0.5 * std::log(df * std::numbers::pi);
    const auto density = [&](double t) { return std::exp(logNorm - (df + 1) / 2 * std::log1p(t * t / df)); };
    // Start from the Cornish-Fisher expansion about the normal quantile, then Newton on the exact tail,
    // kept inside a bracket that bisection narrows whenever a step would leave it.
    const double z = normalQuantile(1 - q);
    const double z2 = z * z;
    double t = z + z * (z2 + 1) / (4 * df) + z * ((5 * z2 + 16) * z2 + 3) / (96 * df * df);
    double lo = 0;
    double hi = std::numeric_limits<double>::infinity();
    for (int i = 0; i < 100; ++i) {
        const double tail = upper(t);
        if (tail > q)
            lo = t;
        else
            hi = t;
        const double step = (tail - q) / density(t);
        double next = t + step;
        if (!std::isfinite(next) || next <= lo || next >= hi)
            next = std::isinf(hi) ? std::max(2 * t, 1.0) : (lo + hi) / 2;
        if (std::fabs(next - t) <= 1e-14 * std::fabs(next))
            return p < 0.5 ? -next : next;
        t = next;
    }
    return p < 0.5 ? -t : t;
}

double normalTwoSided(double z)
{
    if (std::isnan(z))
        return std::numeric_limits<double>::quiet_NaN();
    return std::erfc(std::fabs(z) / std::sqrt(2.0));
}

double kendallExactTwoSided(int n, long long c)
{
    const long long pairs = static_cast<long long>(n) * (n - 1) / 2;
    if (n < 1 || c < 0 || 2 * c > pairs || n > 170)
        return std::numeric_limits<double>::quiet_NaN();
    if (n <= 2)
        return 1.0;
    double factorial = 1;
    for (int i = 2; i <= n; ++i)
        factorial *= i;
    if (2 * c == pairs)
        return 1.0;
    // counts[k] = permutations of j items with k inversions (Mahonian numbers), built up item by
    // item: adding item j can add 0..j-1 inversions, so counts_j[k] = sum_{i=0}^{j-1} counts_{j-1}[k-i].
    std::vector<double> counts(static_cast<std::size_t>(c) + 1, 0.0);
    counts[0] = 1;
    for (int j = 2; j <= n; ++j) {
        std::vector<double> next(counts.size(), 0.0);
        double window = 0;
        for (std::size_t k = 0; k < counts.size(); ++k) {
            window += counts[k];
            if (k >= static_cast<std::size_t>(j))
                window -= counts[k - static_cast<std::size_t>(j)];
            next[k] = window;
        }
        counts.swap(next);
    }
    double cumulative = 0;
    for (double v : counts)
        cumulative += v;
    return std::clamp(2.0 * cumulative / factorial, 0.0, 1.0);
}

double normalQuantile(double p)
{
    if (!(p > 0 && p < 1))
        return std::numeric_limits<double>::quiet_NaN();
    // Acklam's coefficients: relative error below 1.15e-9 before the refinement.
    constexpr double a[] = {-3.969683028665376e+01, 2.209460984245205e+02,  -2.759285104469687e+02,
                            1.383577518672690e+02,  -3.066479806614716e+01, 2.506628277459239e+00};
    constexpr double b[] = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                            6.680131188771972e+01, -1.328068155288572e+01};
    constexpr double c[] = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                            -2.549732539343734e+00, 4.374664141464968e+00,  2.938163982698783e+00};
    constexpr double d[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00, 3.754408661907416e+00};
    constexpr double low = 0.02425;
    double x;
    if (p < low) {
        const double q = std::sqrt(-2 * std::log(p));
        x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
            / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    } else if (p <= 1 - low) {
        const double q = p - 0.5;
        const double r = q * q;
        x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q
            / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
    } else {
        const double q = std::sqrt(-2 * std::log1p(-p));
        x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
            / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    }
    // One step of Halley's method on P(Z <= x) - p, with P from erfc (full double precision).
    const double e = 0.5 * std::erfc(-x / std::sqrt(2.0)) - p;
    const double u = e * std::sqrt(2 * std::numbers::pi) * std::exp(x * x / 2);
    return x - u / (1 + x * u / 2);
}

double digamma(double x)
{
    if (!(x > 0))
        return std::numeric_limits<double>::quiet_NaN();
    double shift = 0; // psi(x) = psi(x + 1) - 1 / x
    for (; x < 10; x += 1)
        shift -= 1 / x;
    const double r = 1 / (x * x);
    // Bernoulli numbers: 1/12, 1/120, 1/252, 1/240, 1/132, 691/32760, 1/12
    const double series
        = r
          * (1.0 / 12
             - r * (1.0 / 120 - r * (1.0 / 252 - r * (1.0 / 240 - r * (1.0 / 132 - r * (691.0 / 32760 - r / 12))))));
    return shift + std::log(x) - 0.5 / x - series;
}

double trigamma(double x)
{
    if (!(x > 0))
        return std::numeric_limits<double>::quiet_NaN();
    double shift = 0; // psi'(x) = psi'(x + 1) + 1 / x^2
    for (; x < 10; x += 1)
        shift += 1 / (x * x);
    const double r = 1 / (x * x);
    // 1/x + 1/(2x^2) + sum B_2k / x^(2k+1)
    const double series
        = r
          * (1.0 / 6
             - r * (1.0 / 30 - r * (1.0 / 42 - r * (1.0 / 30 - r * (5.0 / 66 - r * (691.0 / 2730 - r * 7.0 / 6))))));
    return shift + 1 / x + 0.5 * r + series / x;
}

double tetragamma(double x)
{
    if (!(x > 0))
        return std::numeric_limits<double>::quiet_NaN();
    double shift = 0; // psi''(x) = psi''(x + 1) - 2 / x^3
    for (; x < 10; x += 1)
        shift -= 2 / (x * x * x);
    const double r = 1 / (x * x);
    // -1/x^2 - 1/x^3 - sum (2k + 1) B_2k / x^(2k+2)
    const double series
        = r
          * (3.0 / 6
             - r
                   * (5.0 / 30
                      - r
                            * (7.0 / 42
                               - r * (9.0 / 30 - r * (11.0 * 5 / 66 - r * (13.0 * 691 / 2730 - r * 15.0 * 7 / 6))))));
    return shift - r - r / x - series * r;
}

double trigammaInverse(double x)
{
    if (!(x > 0))
        return std::numeric_limits<double>::quiet_NaN();
    // Smyth (limma): trigamma(y) is about 1/y + 1/(2 y^2) for large y and 1/y^2 for small y.
    if (x > 1e7)
        return 1 / std::sqrt(x);
    if (x < 1e-6)
        return 1 / x;
    double y = 0.5 + 1 / x;
    for (int i = 0; i < 50; ++i) {
        const double tri = trigamma(y);
        const double step = tri * (1 - tri / x) / tetragamma(y);
        y += step;
        if (-step / y < 1e-8)
            break;
    }
    return y;
}

} // namespace concord::stats
