// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "stats/alpha_sample_size.h"

#include "model/seeded_draw.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace concord::stats {

AlphaSampleSize alphaUnitsForWidth(const ReliabilityData &pilot, MeasurementLevel level, double width,
                                   const BootstrapOptions &options, std::size_t maxUnits)
{
    AlphaSampleSize out;
    const std::size_t coders = pilot.coders();
    std::vector<std::size_t> pairable;
    for (std::size_t u = 0; u < pilot.units(); ++u) {
        std::size_t values = 0;
        for (std::size_t c = 0; c < coders; ++c)
            values += std::isnan(pilot.value(u, c)) ? 0 : 1;
        if (values >= 2)
            pairable.push_back(u);
    }
    out.pilotUnits = pairable.size();
    out.pilot = KrippendorffAlpha::compute(pilot, level);
    if (pairable.empty() || !out.pilot.defined()) {
        out.why = out.pilot.defined() ? "no unit of the pilot has two values" : out.pilot.undefinedReason;
        return out;
    }
    if (!(width > 0)) {
        out.why = "the target width must be above 0";
        return out;
    }

    std::map<std::size_t, AlphaWidthPoint> tried;
    const auto widthAt = [&](std::size_t n) -> const AlphaWidthPoint & {
        if (const auto found = tried.find(n); found != tried.end())
            return found->second;
        model::SeededDraw draw(options.seed);
        std::vector<double> alphas;
        alphas.reserve(options.resamples);
        std::size_t undefined = 0;
        std::vector<double> cells(n * coders);
        for (std::size_t r = 0; r < options.resamples; ++r) {
            for (std::size_t i = 0; i < n; ++i) {
                const std::size_t u = pairable[draw.below(static_cast<std::uint32_t>(pairable.size()))];
                for (std::size_t c = 0; c < coders; ++c)
                    cells[i * coders + c] = pilot.value(u, c);
            }
            const AlphaResult a = KrippendorffAlpha::compute(ReliabilityData(n, coders, cells), level);
            if (a.defined())
                alphas.push_back(*a.alpha);
            else
                ++undefined;
        }
        AlphaWidthPoint point;
        point.units = n;
        point.interval = percentileInterval(std::move(alphas), undefined, options);
        return tried.emplace(n, point).first->second;
    };
    const auto fits = [&](std::size_t n) {
        const AlphaWidthPoint &p = widthAt(n);
        return p.interval.defined() && p.width() <= width;
    };

    out.atPilot = widthAt(out.pilotUnits);
    std::size_t lo = 0; // does not fit (0: nothing known to fail)
    std::size_t hi = 0; // fits
    if (fits(out.pilotUnits)) {
        hi = out.pilotUnits;
        for (std::size_t n = out.pilotUnits / 2; n >= 2; n /= 2) {
            if (!fits(n)) {
                lo = n;
                break;
            }
            hi = n;
        }
        if (lo == 0)
            lo = 1;
    } else {
        lo = out.pilotUnits;
        for (std::size_t n = out.pilotUnits * 2; n <= maxUnits * 2; n *= 2) {
            const std::size_t capped = std::min(n, maxUnits);
            if (fits(capped)) {
                hi = capped;
                break;
            }
            lo = capped;
            if (capped == maxUnits)
                break;
        }
        if (hi == 0) {
            out.why = "more than " + std::to_string(maxUnits) + " units would be needed";
            for (const auto &[n, p] : tried)
                out.curve.push_back(p);
            return out;
        }
    }
    while (hi - lo > std::max<std::size_t>(1, lo / 20)) {
        const std::size_t mid = lo + (hi - lo) / 2;
        if (fits(mid))
            hi = mid;
        else
            lo = mid;
    }
    out.unitsNeeded = hi;
    for (const auto &[n, p] : tried)
        out.curve.push_back(p);
    return out;
}

} // namespace concord::stats
