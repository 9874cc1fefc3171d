// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/rater.h"

namespace concord::model {

std::string_view toString(RaterKind kind)
{
    switch (kind) {
    case RaterKind::Human:
        return "human";
    case RaterKind::Judge:
        return "judge";
    case RaterKind::Metric:
        return "metric";
    }
    return "human";
}

std::optional<RaterKind> raterKindFromString(std::string_view text)
{
    if (text == "human")
        return RaterKind::Human;
    if (text == "judge")
        return RaterKind::Judge;
    if (text == "metric")
        return RaterKind::Metric;
    return std::nullopt;
}

} // namespace concord::model
