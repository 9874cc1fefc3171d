// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "stats/rogan_gladen.h"

#include "model/seeded_draw.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace concord::stats {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

struct Parts {
    double rate, observed, sensitivity, specificity;
};

// The estimate from counts; rate NaN where it is undefined.
Parts estimate(std::size_t truePositives, std::size_t positives, std::size_t trueNegatives, std::size_t negatives,
               std::size_t judgedPositive, std::size_t judged)
{
    Parts p{kNaN, kNaN, kNaN, kNaN};
    if (judged > 0)
        p.observed = static_cast<double>(judgedPositive) / static_cast<double>(judged);
    if (positives > 0)
        p.sensitivity = static_cast<double>(truePositives) / static_cast<double>(positives);
    if (negatives > 0)
        p.specificity = static_cast<double>(trueNegatives) / static_cast<double>(negatives);
    const double youden = p.sensitivity + p.specificity - 1;
    if (youden > 0 && !std::isnan(p.observed))
        p.rate = std::clamp((p.observed + p.specificity - 1) / youden, 0.0, 1.0);
    return p;
}

} // namespace

CorrectedRate roganGladen(const std::vector<int> &humanLabels, const std::vector<int> &judgeOfLabelled,
                          const std::vector<int> &judged, const BootstrapOptions &options)
{
    if (humanLabels.size() != judgeOfLabelled.size())
        throw std::invalid_argument("roganGladen: one judge answer per labelled item");
    const auto counts = [&](const std::vector<std::size_t> *labelled, const std::vector<std::size_t> *items) {
        std::size_t tp = 0, pos = 0, tn = 0, neg = 0, jp = 0;
        const std::size_t n = labelled ? labelled->size() : humanLabels.size();
        for (std::size_t k = 0; k < n; ++k) {
            const std::size_t i = labelled ? (*labelled)[k] : k;
            if (humanLabels[i] == 1) {
                ++pos;
                tp += judgeOfLabelled[i] == 1 ? 1 : 0;
            } else {
                ++neg;
                tn += judgeOfLabelled[i] == 0 ? 1 : 0;
            }
        }
        const std::size_t m = items ? items->size() : judged.size();
        for (std::size_t k = 0; k < m; ++k)
            jp += judged[items ? (*items)[k] : k] == 1 ? 1 : 0;
        return estimate(tp, pos, tn, neg, jp, m);
    };
    const Parts whole = counts(nullptr, nullptr);
    CorrectedRate out{whole.rate, whole.observed, whole.sensitivity, whole.specificity, {}, {}};
    out.interval.confidence = options.confidence;
    out.interval.resamples = options.resamples;
    if (std::isnan(whole.sensitivity) || std::isnan(whole.specificity))
        out.why = "the labels hold only one class, so the judge's errors cannot be measured";
    else if (whole.sensitivity + whole.specificity <= 1)
        out.why = "the judge is no better than chance on the labels (sensitivity + specificity <= 1)";
    else if (judged.empty())
        out.why = "no item was judged";
    if (!out.why.empty())
        return out;

    model::SeededDraw draw(options.seed);
    std::vector<std::size_t> labelled(humanLabels.size()), items(judged.size());
    std::vector<double> values;
    std::size_t undefined = 0;
    for (std::size_t r = 0; r < options.resamples; ++r) {
        for (auto &i : labelled)
            i = draw.below(static_cast<std::uint32_t>(humanLabels.size()));
        for (auto &i : items)
            i = draw.below(static_cast<std::uint32_t>(judged.size()));
        const double rate = counts(&labelled, &items).rate;
        if (std::isnan(rate))
            ++undefined;
        else
            values.push_back(rate);
    }
    out.interval = percentileInterval(std::move(values), undefined, options);
    return out;
}

} // namespace concord::stats
